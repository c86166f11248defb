/**
 * The platform with the web client for browser tests: the client built by vite into a folder of
 * its own (so the test runs today's code), the platform app over a test database listening on a
 * free port, and the first admin. For the trading screen, the trading process beside it on the
 * same database, each at the URL the other is configured with (CORS, the page's policy and
 * `/web-config.json` name the trading URL), the first admin, staff created by that admin, and
 * investors registered through the API and then made eligible and funded as the platform leaves
 * them for trading.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/lib/db/database.js';
import type { Role } from '../../src/lib/db/schema.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { newId } from '../../src/lib/ids.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildPlatformApp } from '../../src/platform/app.js';
import { ensureFirstAdmin } from '../../src/platform/users/users.service.js';
import { buildTradingApp } from '../../src/trading/app.js';
import { launchBrowser } from './browser.js';
import { testConfig } from './config.js';
import { createTestDatabase } from './database.js';
import { testPassword } from './platform.js';
import { outboxLinkToken, verifyEmailRequest } from './email.js';
import { eligibleInvestor, tradingSeeds } from './trading.js';
import { fetchSend, signInEnrolled } from './second-factor.js';

export const adminEmail = 'admin@example.com';

/** Builds src/web into a new temporary folder and returns it. */
export async function buildWebClient(): Promise<string> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-web-'));
  await build({
    configFile: path.resolve('src/web/vite.config.ts'),
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  });
  return outDir;
}

export interface WebPlatform {
  url: string;
  webDir: string;
  db: Db;
  close(): Promise<void>;
}

export async function startWebPlatform(webDir: string): Promise<WebPlatform> {
  const test = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: test.url });
  const app = await buildPlatformApp({
    config,
    db: test.db,
    logger: createLogger('test', 'silent'),
    webDir,
  });
  await ensureFirstAdmin(test.db, { email: adminEmail, password: testPassword });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    webDir,
    db: test.db,
    async close() {
      await app.close();
      await test.drop();
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to one of the processes; throws with the body unless the status is `expected`. */
export async function callJson(
  url: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  body?: unknown,
  token?: string,
  expected = 200,
): Promise<any> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(`${method} ${url}: ${response.status} ${text}`);
  }
  return text ? JSON.parse(text) : undefined;
}

export interface Investor {
  id: string;
  email: string;
  /** an access token of the user's own session, for API calls beside the browser */
  token: string;
}

export async function startWebTrading(webDir: string) {
  const test = await createTestDatabase();
  const [platformPort, tradingPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${platformPort}`;
  const tradingUrl = `http://127.0.0.1:${tradingPort}`;
  const config = testConfig({ DATABASE_URL: test.url, PLATFORM_URL: url, TRADING_URL: tradingUrl });
  const logger = createLogger('test', 'silent');
  const platform = await buildPlatformApp({ config, db: test.db, logger, webDir });
  const trading = await buildTradingApp({ config, db: test.db, logger });
  await platform.listen({ host: '127.0.0.1', port: platformPort });
  await trading.app.listen({ host: '127.0.0.1', port: tradingPort });
  await ensureFirstAdmin(test.db, { email: adminEmail, password: testPassword });

  const db: Db = test.db;
  const send = fetchSend(url);
  /** signed in through the API; staff and admins enrol an authenticator app the first time */
  async function login(email: string): Promise<Investor> {
    const token = await signInEnrolled(send, email, testPassword);
    const { id } = await callJson(`${url}/api/v1/me`, 'GET', undefined, token);
    return { id, email, token };
  }
  async function register(email: string, role: Role): Promise<Investor> {
    await callJson(
      `${url}/api/v1/auth/register`,
      'POST',
      {
        email,
        password: testPassword,
        role,
        ...(role === 'investor' ? { account_type: 'individual' } : {}),
      },
      undefined,
      202,
    );
    const {
      method,
      url: path,
      body,
    } = verifyEmailRequest(await outboxLinkToken(db, email, 'verify-email'));
    await callJson(`${url}${path}`, method, body, undefined, 200);
    return login(email);
  }
  const seeds = tradingSeeds(db, (role) => register(`${role}-${newId()}@example.com`, role));

  return {
    url,
    tradingUrl,
    db,
    seeds,
    /** an investor who may trade: verified, accredited, FATCA clear, with a wallet */
    async investor(email: string): Promise<Investor> {
      const investor = await register(email, 'investor');
      await db.updateTable('users').set(eligibleInvestor()).where('id', '=', investor.id).execute();
      return investor;
    },
    /** the first admin, signed in through the API */
    admin: () => login(adminEmail),
    /** a staff account as an admin creates it (POST /admin/users) */
    async staff(email: string): Promise<Investor> {
      const admin = await login(adminEmail);
      const body = { email, password: testPassword, role: 'staff' };
      await callJson(`${url}/api/v1/admin/users`, 'POST', body, admin.token, 201);
      return login(email);
    },
    /** calls the trading process as `investor` */
    trade: (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path: string,
      body?: unknown,
      investor?: Investor,
    ) => callJson(`${tradingUrl}${path}`, method, body, investor?.token),
    async close() {
      await platform.close();
      await trading.app.close();
      await test.drop();
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}

export type WebTrading = Awaited<ReturnType<typeof startWebTrading>>;

/**
 * For a browser test file: before its tests the client built, both processes started and a
 * headless Chromium launched; all stopped after them.
 */
export function webTradingInBrowser(): { readonly sys: WebTrading; readonly browser: Browser } {
  let sys: WebTrading | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [webDir, launched] = await Promise.all([buildWebClient(), launchBrowser()]);
    browser = launched;
    sys = await startWebTrading(webDir);
  });
  afterAll(async () => {
    await browser?.close();
    await sys?.close();
  });
  return {
    get sys() {
      return sys!;
    },
    get browser() {
      return browser!;
    },
  };
}

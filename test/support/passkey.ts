/**
 * Passkeys in a real browser: the platform with the web client served on `localhost` (WebAuthn
 * refuses an IP address as the relying party's id), WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS naming
 * that origin, and a clock the test moves ahead to make a factor stale; and Chromium's virtual
 * authenticator over CDP (a platform authenticator with user verification, as a phone's or a
 * laptop's), which answers navigator.credentials as a person's device would.
 */
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { freePort } from '../../src/lib/embedded/ports.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildPlatformApp } from '../../src/platform/app.js';
import { testConfig } from './config.js';
import { createTestDatabase } from './database.js';
import { outboxLinkToken, verifyEmailRequest } from './email.js';
import { testPassword } from './platform.js';
import { buildWebClient, callJson } from './web.js';

/** The wall clock, moved ahead by the test (a factor verified before the move grows stale). */
export class MovedClock {
  private aheadMs = 0;
  now = () => new Date(Date.now() + this.aheadMs);
  advance(ms: number): void {
    this.aheadMs += ms;
  }
}

export async function startPasskeyPlatform() {
  const [webDir, test, port] = await Promise.all([
    buildWebClient(),
    createTestDatabase(),
    freePort(),
  ]);
  const url = `http://localhost:${port}`;
  const clock = new MovedClock();
  const config = testConfig({
    DATABASE_URL: test.url,
    PLATFORM_URL: url,
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGINS: url,
  });
  const app = await buildPlatformApp({
    config,
    db: test.db,
    logger: createLogger('test', 'silent'),
    webDir,
    clock,
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    db: test.db,
    clock,
    config,
    /** an account registered and verified through the API, as its owner would: its id */
    async register(email: string): Promise<string> {
      const body = { email, password: testPassword, role: 'investor', account_type: 'individual' };
      await callJson(`${url}/api/v1/auth/register`, 'POST', body, undefined, 202);
      const link = verifyEmailRequest(await outboxLinkToken(test.db, email, 'verify-email'));
      await callJson(`${url}${link.url}`, link.method, link.body, undefined, 200);
      const user = await test.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return user.id;
    },
    async close() {
      await app.close();
      await test.drop();
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}

export type PasskeyPlatform = Awaited<ReturnType<typeof startPasskeyPlatform>>;

/**
 * A virtual authenticator for `page`: a built-in one (transport `internal`) that keeps resident
 * keys and verifies its user, answering every create and get without a prompt.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    /** the credentials it holds, with each one's signature count */
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.map((c) => ({ rpId: c.rpId, signCount: c.signCount }));
    },
  };
}

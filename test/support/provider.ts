/**
 * The platform and the real provider sandbox side by side, both listening on free ports, the
 * sandbox delivering its webhooks to the platform. `asApplicant` makes the signed calls a person's
 * widget session would cause (submitting for review), `decide` is the operator's decision.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/lib/config.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { createLogger } from '../../src/lib/logger.js';
import type { RunningProcess } from '../../src/lib/process.js';
import { requestSignature } from '../../src/lib/provider-signing.js';
import { startPlatform } from '../../src/platform/main.js';
import { startProviderSandbox } from '../../src/provider-sandbox/main.js';
import { testConfig } from './config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { testPassword } from './platform.js';
import { outboxLinkToken, verifyEmailRequest } from './email.js';
import { enrolTotp, fetchSend, logInWithFactor } from './second-factor.js';
import { ensureFirstAdmin } from '../../src/platform/users/users.service.js';

export interface VerificationSystem {
  config: Config;
  test: TestDatabase;
  platformUrl: string;
  call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; json: Record<string, any> }>;
  user(email: string, extra?: Record<string, unknown>): Promise<{ id: string; token: string }>;
  /** a signed call to the provider (sandbox) API, as the platform's credentials allow */
  provider(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, any> }>;
  /** a staff user's access token (the first admin creates it) */
  staffToken(): Promise<string>;
  /** the person finished the widget: the applicant is submitted for review */
  submitForReview(applicantId: string): Promise<void>;
  decide(
    applicantId: string,
    verdict: {
      reviewAnswer: 'GREEN' | 'RED';
      rejectLabels?: string[];
      reviewRejectType?: 'RETRY' | 'FINAL';
    },
  ): Promise<void>;
  /** polls until `check` holds (webhooks arrive asynchronously) */
  eventually<T>(
    probe: () => Promise<T>,
    check: (value: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  close(): Promise<void>;
}

export async function startVerificationSystem(
  env: Record<string, string> = {},
): Promise<VerificationSystem> {
  const test = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-sandbox-'));
  const config = testConfig({
    DATABASE_URL: test.url,
    TESSERA_DATA_DIR: dataDir,
    PLATFORM_PORT: String(await freePort()),
    PROVIDER_SANDBOX_PORT: String(await freePort()),
    PROVIDER_SANDBOX_DECISION_DELAY_MS: '20',
    PROVIDER_SANDBOX_RETRY_DELAYS_MS: '50,100,200',
    ...env,
  });
  const logger = createLogger('test', 'silent');
  const started: RunningProcess[] = [
    await startProviderSandbox(config, logger),
    await startPlatform(config, logger),
  ];
  const platformUrl = started[1]!.url;

  const call: VerificationSystem['call'] = async (method, url, body, token) => {
    const response = await fetch(`${platformUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : {} };
  };
  const provider: VerificationSystem['provider'] = async (method, url, body) => {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${config.provider.baseUrl}${url}`, {
      method,
      body: raw || undefined,
      headers: {
        'content-type': 'application/json',
        'x-app-token': config.provider.appToken,
        'x-app-access-ts': ts,
        'x-app-access-sig': requestSignature(config.provider.secretKey, ts, method, url, raw),
      },
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : {} };
  };
  const system: VerificationSystem = {
    config,
    test,
    platformUrl,
    call,
    provider,
    async user(email, extra = {}) {
      const registered = await call('POST', '/api/v1/auth/register', {
        email,
        password: testPassword,
        role: 'investor',
        ...(extra.role === 'issuer' ? {} : { account_type: 'individual' }),
        ...extra,
      });
      if (registered.status !== 202)
        throw new Error(`register ${email}: ${JSON.stringify(registered.json)}`);
      const { method, url, body } = verifyEmailRequest(
        await outboxLinkToken(test.db, email, 'verify-email'),
      );
      const verified = await call(method, url, body);
      if (verified.status !== 200)
        throw new Error(`verify ${email}: ${JSON.stringify(verified.json)}`);
      const login = await call('POST', '/api/v1/auth/login', { email, password: testPassword });
      const token = login.json.access_token as string;
      const me = await call('GET', '/api/v1/me', undefined, token);
      return { id: me.json.id as string, token };
    },
    async staffToken() {
      await ensureFirstAdmin(test.db, { email: 'admin@example.com', password: testPassword });
      const send = fetchSend(platformUrl);
      const signedIn = async (email: string) =>
        (
          await enrolTotp(
            send,
            (await logInWithFactor(send, email, testPassword, undefined)).access_token,
          )
        ).token;
      const admin = await signedIn('admin@example.com');
      await call(
        'POST',
        '/api/v1/admin/users',
        { email: 'staff@example.com', password: testPassword, role: 'staff' },
        admin,
      );
      return signedIn('staff@example.com');
    },
    async submitForReview(applicantId) {
      const response = await provider(
        'POST',
        `/resources/applicants/${applicantId}/status/pending`,
      );
      if (response.status !== 200)
        throw new Error(`submit ${applicantId}: ${JSON.stringify(response.json)}`);
    },
    async decide(applicantId, verdict) {
      const response = await provider(
        'POST',
        `/resources/applicants/${applicantId}/status/testCompleted`,
        { rejectLabels: [], ...verdict },
      );
      if (response.status !== 200)
        throw new Error(`decide ${applicantId}: ${JSON.stringify(response.json)}`);
    },
    async eventually(probe, check, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await probe();
        if (check(value)) return value;
        if (Date.now() > deadline)
          throw new Error(`condition not reached; last value ${JSON.stringify(value)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      for (const process of started.reverse()) await process.stop();
      await test.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return system;
}

/**
 * A platform app on a test database, driven through `inject()`, with helpers that create users
 * the way users are created (HTTP), verify their email from the outbox, and log them in.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Clock } from '../../src/lib/clock.js';
import type { Config } from '../../src/lib/config.js';
import type { HttpApp } from '../../src/lib/http/app.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildPlatformApp } from '../../src/platform/app.js';
import { ensureFirstAdmin } from '../../src/platform/users/users.service.js';
import { testConfig } from './config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { outboxLinkToken, verifyEmailRequest } from './email.js';

export const testPassword = 'correct horse battery staple';

export interface Session {
  id: string;
  email: string;
  token: string;
}

export interface TestPlatform {
  app: HttpApp;
  test: TestDatabase;
  config: Config;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  /** registers (investor individual unless told), follows the verification email, logs in */
  user(email: string, extra?: Record<string, unknown>): Promise<Session>;
  /** registers and logs in, the emailed verification link not followed */
  unverifiedUser(email: string, extra?: Record<string, unknown>): Promise<Session>;
  /** follows the newest verification link emailed to `email` */
  verifyEmail(email: string): Promise<void>;
  /** the first admin, and a staff user it created */
  admin(): Promise<Session>;
  staff(email?: string): Promise<Session>;
  close(): Promise<void>;
}

export async function startTestPlatform(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestPlatform> {
  const test = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: test.url, ...env });
  const app = await buildPlatformApp({
    config,
    db: test.db,
    logger: createLogger('test', 'silent'),
    ...options,
  });
  const call: TestPlatform['call'] = (method, url, body, token) =>
    app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const login = async (email: string): Promise<Session> => {
    const response = await call('POST', '/api/v1/auth/login', { email, password: testPassword });
    if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
    const token = response.json<{ access_token: string }>().access_token;
    const me = (await call('GET', '/api/v1/me', undefined, token)).json<{ id: string }>();
    return { id: me.id, email, token };
  };
  let adminSession: Session | undefined;
  const platform: TestPlatform = {
    app,
    test,
    config,
    call,
    async unverifiedUser(email, extra = {}) {
      const response = await call('POST', '/api/v1/auth/register', {
        email,
        password: testPassword,
        role: 'investor',
        ...(extra.role === 'issuer' ? {} : { account_type: 'individual' }),
        ...extra,
      });
      if (response.statusCode !== 202) throw new Error(`register ${email}: ${response.body}`);
      return login(email);
    },
    async verifyEmail(email) {
      const { method, url, body } = verifyEmailRequest(
        await outboxLinkToken(test.db, email, 'verify-email'),
      );
      const response = await call(method, url, body);
      if (response.statusCode !== 200) throw new Error(`verify ${email}: ${response.body}`);
    },
    async user(email, extra = {}) {
      const session = await platform.unverifiedUser(email, extra);
      await platform.verifyEmail(email);
      return session;
    },
    async admin() {
      if (!adminSession) {
        await ensureFirstAdmin(test.db, { email: 'admin@example.com', password: testPassword });
        adminSession = await login('admin@example.com');
      }
      return adminSession;
    },
    async staff(email = 'staff@example.com') {
      const admin = await platform.admin();
      const created = await call(
        'POST',
        '/api/v1/admin/users',
        { email, password: testPassword, role: 'staff' },
        admin.token,
      );
      if (created.statusCode !== 201) throw new Error(`staff ${email}: ${created.body}`);
      return login(email);
    },
    async close() {
      await app.close();
      await test.drop();
    },
  };
  return platform;
}

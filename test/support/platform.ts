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
import { enrolTotp, injectSend, logInWithFactor, stepUp, type Send } from './second-factor.js';

export const testPassword = 'correct horse battery staple';

export interface Session {
  id: string;
  email: string;
  token: string;
  /** the TOTP secret once the user enrolled an authenticator app (`enrol`; staff always) */
  secret?: string;
}

export interface TestPlatform {
  app: HttpApp;
  test: TestDatabase;
  config: Config;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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
  /** the first admin, and a staff user it created: both with an authenticator app enrolled */
  admin(): Promise<Session>;
  staff(email?: string): Promise<Session>;
  /** enrols an authenticator app for the session's user: its token now carries the factor */
  enrol(session: Session): Promise<Session>;
  /** verifies the session's factor again (a fresh step-up): its token is replaced */
  stepUp(session: Session): Promise<Session>;
  /** the same shape of calls for the second-factor helpers (test/support/second-factor.ts) */
  send: Send;
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
  const send = injectSend(app);
  const login = async (email: string): Promise<Session> => {
    const { access_token: token } = await logInWithFactor(send, email, testPassword, undefined);
    const me = (await call('GET', '/api/v1/me', undefined, token)).json<{ id: string }>();
    return { id: me.id, email, token };
  };
  const enrol = async (session: Session): Promise<Session> => {
    const enrolled = await enrolTotp(send, session.token);
    session.token = enrolled.token;
    session.secret = enrolled.secret;
    return session;
  };
  let adminSession: Session | undefined;
  const platform: TestPlatform = {
    app,
    test,
    config,
    call,
    send,
    enrol,
    async stepUp(session) {
      if (!session.secret) throw new Error(`${session.email} has no authenticator app`);
      session.token = await stepUp(send, session.token, session.secret);
      return session;
    },
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
        adminSession = await enrol(await login('admin@example.com'));
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
      return enrol(await login(email));
    },
    async close() {
      await app.close();
      await test.drop();
    },
  };
  return platform;
}

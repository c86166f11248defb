/**
 * The first admin whose password set-up printed must replace it before anything else: every
 * route but "who am I", the password change and sign-out answers PASSWORD_CHANGE_REQUIRED, on
 * the platform and wherever the access token is checked, until the change; then, like every
 * admin, it enrols a second factor before any staff route answers (MFA_ENROLMENT_REQUIRED). A
 * first admin given its password by the operator is not asked to change it, only to enrol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { testConfig } from '../../../test/support/config.js';
import type { HttpApp } from '../../lib/http/app.js';
import { createLogger } from '../../lib/logger.js';
import { buildPlatformApp } from '../app.js';
import { ensureFirstAdmin } from '../users/users.service.js';
import { enrolTotp, injectSend, logInWithFactor } from '../../../test/support/second-factor.js';

describe('the first admin and the printed password', () => {
  let test: TestDatabase;
  let app: HttpApp;

  beforeAll(async () => {
    test = await createTestDatabase();
    app = await buildPlatformApp({
      config: testConfig({ DATABASE_URL: test.url }),
      db: test.db,
      logger: createLogger('test', 'silent'),
    });
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('lets the admin do nothing but change it, then everything', async () => {
    const first = await ensureFirstAdmin(test.db, {});
    const printed = first!.generatedPassword!;
    const login = await call('POST', '/api/v1/auth/login', {
      email: 'admin@tessera.local',
      password: printed,
    });
    expect(login.statusCode).toBe(200);
    const { access_token, refresh_token } = login.json<{
      access_token: string;
      refresh_token: string;
    }>();

    const me = await call('GET', '/api/v1/me', undefined, access_token);
    expect(me.json()).toMatchObject({ role: 'admin', password_change_required: true });
    const usersBefore = await test.db.selectFrom('users').select('id').execute();
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/users', undefined],
      ['GET', '/api/v1/admin/work', undefined],
      ['POST', '/api/v1/admin/users', { email: 's@example.com', password: printed, role: 'staff' }],
    ] as const) {
      const refused = await call(method, url, body, access_token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'PASSWORD_CHANGE_REQUIRED',
        title: 'Change the password you were given before anything else',
      });
    }
    expect(await test.db.selectFrom('users').select('id').execute()).toEqual(usersBefore);

    const newPassword = 'a sentence only one person knows';
    const changed = await call(
      'POST',
      '/api/v1/me/password',
      { current_password: printed, new_password: newPassword },
      access_token,
    );
    expect(changed.json()).toEqual({ changed: true });

    // The session goes on with a refreshed token, which no longer carries the mark; the admin
    // routes now want a second factor, and answer once one is enrolled.
    const refreshed = (await call('POST', '/api/v1/auth/refresh', { refresh_token })).json<{
      access_token: string;
    }>();
    const before = await call('GET', '/api/v1/admin/users', undefined, refreshed.access_token);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED' });
    expect(
      (await call('GET', '/api/v1/me', undefined, refreshed.access_token)).json(),
    ).toMatchObject({ password_change_required: false });
    const send = injectSend(app);
    const enrolled = await enrolTotp(send, refreshed.access_token);
    expect((await call('GET', '/api/v1/admin/users', undefined, enrolled.token)).statusCode).toBe(
      200,
    );
    const again = await logInWithFactor(send, 'admin@tessera.local', newPassword, enrolled.secret);
    expect(
      (await call('GET', '/api/v1/admin/users', undefined, again.access_token)).statusCode,
    ).toBe(200);
  });

  it('does not ask an admin whose password the operator chose', async () => {
    for (const table of [
      'refresh_tokens',
      'sessions',
      'factor_challenges',
      'recovery_codes',
      'totp_factors',
      'audit_logs',
      // the password change's notice to the admin
      'user_notifications',
      'outbound_emails',
    ] as const) {
      await test.db.deleteFrom(table).execute();
    }
    await test.db.deleteFrom('users').where('role', '=', 'admin').execute();
    const password = 'the operator chose this one';
    expect(await ensureFirstAdmin(test.db, { email: 'root@example.com', password })).toEqual({
      email: 'root@example.com',
    });
    const login = await call('POST', '/api/v1/auth/login', { email: 'root@example.com', password });
    const token = login.json<{ access_token: string }>().access_token;
    expect((await call('GET', '/api/v1/me', undefined, token)).statusCode).toBe(200);
    const refused = await call('GET', '/api/v1/admin/users', undefined, token);
    expect(refused.json()).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED' });
    const { token: enrolled } = await enrolTotp(injectSend(app), token);
    expect((await call('GET', '/api/v1/admin/users', undefined, enrolled)).statusCode).toBe(200);
  });
});

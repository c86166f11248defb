/** Changing one's password: the current one checked, the policy applied, other sessions ended. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  testPassword,
  type TestPlatform,
} from '../../../test/support/platform.js';

const newPassword = 'a brand new passphrase 42';

describe('POST /api/v1/me/password', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    // two free failures, and a throttle clock that stands still so its waits do not run out
    const frozen = new Date();
    p = await startTestPlatform({ LOGIN_FREE_FAILURES: '2' }, { clock: { now: () => frozen } });
  });
  afterAll(() => p.close());

  const login = (email: string, password: string) =>
    p.call('POST', '/api/v1/auth/login', { email, password });
  const change = (token: string | undefined, body: unknown) =>
    p.call('POST', '/api/v1/me/password', body, token);

  it('changes the password and ends every other session, this one stays', async () => {
    const ann = await p.user('ann@example.com');
    const other = (await login('ann@example.com', testPassword)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const here = (await login('ann@example.com', testPassword)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const changed = await change(here.access_token, {
      current_password: testPassword,
      new_password: newPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ changed: true });

    expect((await login('ann@example.com', testPassword)).statusCode).toBe(401);
    expect((await login('ann@example.com', newPassword)).statusCode).toBe(200);
    // The other sessions (ann.token's and `other`) are revoked; the caller's one goes on.
    expect((await p.call('GET', '/api/v1/me', undefined, ann.token)).statusCode).toBe(401);
    expect((await p.call('GET', '/api/v1/me', undefined, other.access_token)).statusCode).toBe(401);
    expect(
      (await p.call('POST', '/api/v1/auth/refresh', { refresh_token: other.refresh_token }))
        .statusCode,
    ).toBe(401);
    expect((await p.call('GET', '/api/v1/me', undefined, here.access_token)).statusCode).toBe(200);
    expect(
      (await p.call('POST', '/api/v1/auth/refresh', { refresh_token: here.refresh_token }))
        .statusCode,
    ).toBe(200);
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'details'])
      .where('action', '=', 'auth.password_changed')
      .execute();
    expect(audit).toEqual([{ actor_id: ann.id, details: { sessions_revoked: 2 } }]);
  });

  it('refuses a wrong current password, a weak or unchanged new one, and changes nothing', async () => {
    const bo = await p.user('bo@example.com');
    const hashBefore = await p.test.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', bo.id)
      .executeTakeFirstOrThrow();
    const wrong = await change(bo.token, {
      current_password: 'not my password',
      new_password: newPassword,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    const weak = await change(bo.token, { current_password: testPassword, new_password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', rule: 'min_length' });
    const common = await change(bo.token, {
      current_password: testPassword,
      new_password: 'Password1234',
    });
    expect(common.json()).toMatchObject({ code: 'WEAK_PASSWORD', rule: 'common' });
    const same = await change(bo.token, {
      current_password: testPassword,
      new_password: testPassword,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: 'WEAK_PASSWORD', rule: 'unchanged' });
    const unknownField = await change(bo.token, {
      current_password: testPassword,
      new_password: newPassword,
      role: 'admin',
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await change(undefined, { current_password: 'x', new_password: 'y' })).statusCode).toBe(
      401,
    );
    expect(
      await p.test.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', bo.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(hashBefore);
    expect((await p.call('GET', '/api/v1/me', undefined, bo.token)).statusCode).toBe(200);
  });

  it('counts wrong current passwords toward the login throttle', async () => {
    const cy = await p.user('cy@example.com');
    for (let i = 0; i < 3; i++) {
      expect(
        (await change(cy.token, { current_password: `guess ${i}`, new_password: newPassword }))
          .statusCode,
      ).toBe(403);
    }
    const locked = await change(cy.token, {
      current_password: testPassword,
      new_password: newPassword,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('cy@example.com', testPassword)).statusCode).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { testConfig } from '../../../test/support/config.js';
import type { HttpApp } from '../../lib/http/app.js';
import { createLogger } from '../../lib/logger.js';
import { buildPlatformApp } from '../app.js';
import { ensureFirstAdmin } from '../users/users.service.js';
import { enrolTotp, injectSend } from '../../../test/support/second-factor.js';

const password = 'correct horse battery staple';

describe('auth on the platform', () => {
  let test: TestDatabase;
  let app: HttpApp;

  beforeAll(async () => {
    test = await createTestDatabase();
    const config = testConfig({ DATABASE_URL: test.url, LOGIN_FREE_FAILURES: '2' });
    // the throttle's clock stands still: its waits do not run out during the test
    const frozen = new Date();
    app = await buildPlatformApp({
      config,
      db: test.db,
      logger: createLogger('test', 'silent'),
      clock: { now: () => frozen },
    });
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });

  const post = (url: string, payload: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const userCount = async () =>
    Number(
      (
        await test.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function registerAndLogin(email: string, extra: object = {}) {
    expect(
      (await post('/api/v1/auth/register', { email, password, role: 'investor', ...extra }))
        .statusCode,
    ).toBe(202);
    const login = await post('/api/v1/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    return login.json<{ access_token: string; refresh_token: string; expires_in: number }>();
  }

  it('registers, logs in and answers /me', async () => {
    const register = await post('/api/v1/auth/register', {
      email: 'Ann@Example.com',
      password,
      role: 'investor',
      account_type: 'corporate',
    });
    expect(register.statusCode).toBe(202);
    expect(register.json()).toEqual({ accepted: true, message: expect.any(String) });
    const login = await post('/api/v1/auth/login', { email: 'ann@example.com', password });
    expect(login.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await get('/api/v1/me', login.json<{ access_token: string }>().access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ann@example.com',
      role: 'investor',
      account_type: 'corporate',
      kyc_status: 'none',
      kyb_status: null,
      fiat_balance: '0.00',
      email_verified: false,
    });
    expect(me.json()).not.toHaveProperty('password_hash');
    const audit = await test.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', me.json<{ id: string }>().id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['auth.login', 'user.registered']);
  });

  it('registers issuers as corporate', async () => {
    const res = await post('/api/v1/auth/register', {
      email: 'issuer@example.com',
      password,
      role: 'issuer',
    });
    expect(res.statusCode).toBe(202);
    const user = await test.db
      .selectFrom('users')
      .select(['role', 'account_type'])
      .where('email', '=', 'issuer@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 'issuer', account_type: 'corporate' });
  });

  it('refuses bad registrations and changes nothing', async () => {
    const before = await userCount();
    const cases: [unknown, number, string][] = [
      [{ email: 'x@example.com', password, role: 'admin' }, 403, 'ROLE_NOT_SELF_ASSIGNABLE'],
      [{ email: 'x@example.com', password, role: 'staff' }, 403, 'ROLE_NOT_SELF_ASSIGNABLE'],
      [{ email: 'x@example.com', password: 'short', role: 'investor' }, 422, 'WEAK_PASSWORD'],
      [
        { email: 'x@example.com', password, role: 'investor', is_admin: true },
        400,
        'VALIDATION_FAILED',
      ],
      [{ email: 'not-an-email', password, role: 'investor' }, 400, 'VALIDATION_FAILED'],
      [
        { email: 'x@example.com', password: 12345678901234, role: 'investor' },
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await post('/api/v1/auth/register', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status,
        code,
        type: expect.stringContaining(code.toLowerCase().replaceAll('_', '-')),
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('names the weak-password rule', async () => {
    const res = await post('/api/v1/auth/register', {
      email: 'y@example.com',
      password: 'short',
      role: 'investor',
    });
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', rule: 'min_length' });
  });

  it('answers malformed JSON and oversize bodies with 400 problem+json', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(huge.body).not.toContain('at ');
  });

  it('refuses a wrong password without saying which part was wrong, then throttles', async () => {
    await registerAndLogin('bob@example.com');
    const wrongPassword = await post('/api/v1/auth/login', {
      email: 'bob@example.com',
      password: 'wrong password!!',
    });
    const unknownEmail = await post('/api/v1/auth/login', {
      email: 'nobody@example.com',
      password,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().detail).toBe(unknownEmail.json().detail);
    await post('/api/v1/auth/login', { email: 'bob@example.com', password: 'wrong password!!' });
    await post('/api/v1/auth/login', { email: 'bob@example.com', password: 'wrong password!!' });
    const locked = await post('/api/v1/auth/login', { email: 'bob@example.com', password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS' });
    const failures = await test.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', '=', 'auth.login_failed')
      .where('target_id', '=', 'bob@example.com')
      .execute();
    expect(failures).toHaveLength(3);
  });

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const first = await registerAndLogin('carol@example.com');
    const second = await post('/api/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const pair = second.json<{ access_token: string; refresh_token: string }>();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await get('/api/v1/me', pair.access_token)).statusCode).toBe(200);

    const replay = await post('/api/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // The reuse revoked the whole session: the newest refresh and access tokens are dead too.
    expect(
      (await post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).statusCode,
    ).toBe(401);
    expect((await get('/api/v1/me', pair.access_token)).statusCode).toBe(401);
  });

  it('logs out: the session tokens stop working', async () => {
    const pair = await registerAndLogin('dave@example.com');
    expect((await post('/api/v1/auth/logout', {}, pair.access_token)).json()).toEqual({
      logged_out: true,
    });
    expect((await get('/api/v1/me', pair.access_token)).statusCode).toBe(401);
    expect(
      (await post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).statusCode,
    ).toBe(401);
  });

  it('refuses missing, tampered and foreign tokens', async () => {
    const pair = await registerAndLogin('erin@example.com');
    const [head, body, sig] = pair.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${sig}`;
    for (const token of [undefined, 'garbage', forged, `${pair.access_token}x`]) {
      const res = await get('/api/v1/me', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toMatch(/UNAUTHENTICATED|INVALID_TOKEN/);
    }
  });

  it('lets only an admin create staff and admins', async () => {
    const investor = await registerAndLogin('frank@example.com');
    const forbidden = await post(
      '/api/v1/admin/users',
      { email: 'staff1@example.com', password, role: 'staff' },
      investor.access_token,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });

    const first = await ensureFirstAdmin(test.db, { email: 'root@example.com', password });
    expect(first).toEqual({ email: 'root@example.com' });
    expect(await ensureFirstAdmin(test.db, {})).toBeUndefined();
    const signedIn = (
      await post('/api/v1/auth/login', { email: 'root@example.com', password })
    ).json<{ access_token: string }>();
    const admin = await enrolTotp(injectSend(app), signedIn.access_token);
    const created = await post(
      '/api/v1/admin/users',
      { email: 'staff1@example.com', password, role: 'staff' },
      admin.token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'staff', email: 'staff1@example.com' });
    const audit = await test.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'user.created')
      .where('target_id', '=', created.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ role: 'staff' });
    const staff = (
      await post('/api/v1/auth/login', { email: 'staff1@example.com', password })
    ).json<{ access_token: string }>();
    const enrolledStaff = await enrolTotp(injectSend(app), staff.access_token);
    const refused = await post(
      '/api/v1/admin/users',
      { email: 'x2@example.com', password, role: 'admin' },
      enrolledStaff.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
  });

  it('answers unknown routes with 404 problem+json and serves OpenAPI', async () => {
    const res = await get('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', status: 404 });
    const openapi = await get('/openapi.json');
    expect(openapi.json()).toMatchObject({ openapi: '3.1.0' });
    expect(Object.keys(openapi.json<{ paths: object }>().paths)).toContain('/api/v1/auth/login');
    expect((await get('/docs')).statusCode).toBeLessThan(400);
    expect((await get('/metrics')).body).toContain('http_request_duration_seconds');
    // no chain service in this test: the platform serves, its chain work would wait
    expect((await get('/readyz')).json()).toMatchObject({
      status: 'degraded',
      checks: { database: 'ok', chain: 'down' },
    });
    const { headers } = await get('/healthz');
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
  });
});

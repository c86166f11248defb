/**
 * Second factors over the real API: enrolling an authenticator app (QR, first code, recovery
 * codes), the two-step login, refusals of wrong, expired and replayed codes (counted by the login
 * throttle), recovery codes working once, step-up and its window, the staff enrolment gate, and
 * MFA_REQUIRED for an investor's withdrawal without a factor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../lib/auth/access-token.js';
import {
  startTestPlatform,
  testPassword,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { freshTotpCode } from '../../../test/support/second-factor.js';
import { totpCode } from './totp.js';

/** The wall clock, moved ahead by hand (codes are computed from the wall clock). */
let ahead = 0;
const clock = {
  now: () => new Date(Date.now() + ahead),
  advance: (ms: number) => {
    ahead += ms;
  },
};
const start = new Date();

describe('second factors', () => {
  let platform: TestPlatform;
  let tokens: AccessTokens;

  beforeAll(async () => {
    platform = await startTestPlatform(
      { LOGIN_FREE_FAILURES: '3', STEP_UP_MAX_AGE_SECONDS: '300' },
      { clock },
    );
    tokens = new AccessTokens(platform.config.auth.jwtSecret, 900);
  });
  afterAll(() => platform.close());

  const login = (email: string, password = testPassword) =>
    platform.call('POST', '/api/v1/auth/login', { email, password });
  const factor = (challenge: string, code: string) =>
    platform.call('POST', '/api/v1/auth/login/factor', { challenge_token: challenge, code });

  it('enrols an authenticator app with a QR code and a first code, then asks for it at login', async () => {
    const ada = await platform.user('ada@example.com');
    expect(tokens.verify(ada.token)).toMatchObject({ amr: ['pwd'] });
    const started = await platform.call('POST', '/api/v1/me/factors/totp', undefined, ada.token);
    expect(started.statusCode).toBe(201);
    const { secret, otpauth_uri, qr_code } = started.json<Record<string, string>>();
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    const wrong = await platform.call(
      'POST',
      '/api/v1/me/factors/totp/confirm',
      { code: totpCode(secret!, new Date(start.getTime() - 3600_000)) },
      ada.token,
    );
    expect(wrong.json()).toMatchObject({ code: 'FACTOR_CODE_INVALID' });
    const confirmed = await platform.call(
      'POST',
      '/api/v1/me/factors/totp/confirm',
      { code: await freshTotpCode(secret!) },
      ada.token,
    );
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ access_token: string; recovery_codes: string[] }>();
    expect(body.recovery_codes).toHaveLength(10);
    expect(tokens.verify(body.access_token)).toMatchObject({ amr: ['pwd', 'otp'] });
    const again = await platform.call('POST', '/api/v1/me/factors/totp', undefined, ada.token);
    expect(again.json()).toMatchObject({ code: 'FACTOR_ALREADY_ENROLLED' });

    const first = await login('ada@example.com');
    expect(first.json()).toMatchObject({
      factor_required: true,
      factors: ['totp', 'recovery_code'],
    });
    expect(first.json()).not.toHaveProperty('access_token');
    const challenge = first.json<{ challenge_token: string }>().challenge_token;
    const code = await freshTotpCode(secret!);
    const seconds = () => Math.floor(clock.now().getTime() / 1000);
    const before = seconds();
    const pair = await factor(challenge, code);
    expect(pair.json()).toHaveProperty('access_token');
    const claims = tokens.verify(pair.json<{ access_token: string }>().access_token);
    expect(claims).toMatchObject({ amr: ['pwd', 'otp'] });
    // the moment of this verification (the request may cross a second's boundary)
    expect(claims.factorTime).toBeGreaterThanOrEqual(before);
    expect(claims.factorTime).toBeLessThanOrEqual(seconds());
    // the challenge is single use
    const reused = await factor(challenge, '123456');
    expect(reused.json()).toMatchObject({ code: 'FACTOR_CHALLENGE_INVALID' });

    // a recovery code works once
    const [recovery] = body.recovery_codes as [string];
    const withRecovery = await factor(
      (await login('ada@example.com')).json<{ challenge_token: string }>().challenge_token,
      recovery.toUpperCase(),
    );
    expect(withRecovery.statusCode).toBe(200);
    const spent = await factor(
      (await login('ada@example.com')).json<{ challenge_token: string }>().challenge_token,
      recovery,
    );
    expect(spent.json()).toMatchObject({ code: 'FACTOR_CODE_REPLAYED', status: 401 });
    const status = await platform.call('GET', '/api/v1/me/factors', undefined, body.access_token);
    expect(status.json()).toMatchObject({ totp: { enrolled: true }, recovery_codes_left: 9 });
  });

  it('refuses wrong, expired and replayed codes, counting each as a failed login', async () => {
    const bob = await platform.enrol(await platform.user('bob@example.com'));
    const secret = bob.secret!;
    const challenge = (await login('bob@example.com')).json<{ challenge_token: string }>()
      .challenge_token;
    const used = await freshTotpCode(secret);
    expect((await factor(challenge, used)).statusCode).toBe(200);
    const next = (await login('bob@example.com')).json<{ challenge_token: string }>()
      .challenge_token;
    const replayed = await factor(next, used);
    expect(replayed.json()).toMatchObject({ code: 'FACTOR_CODE_REPLAYED' });
    const expired = await factor(next, totpCode(secret, new Date(clock.now().getTime() - 300_000)));
    expect(expired.json()).toMatchObject({ code: 'FACTOR_CODE_EXPIRED' });
    const wrong = await factor(next, '000000' === used ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({ code: 'FACTOR_CODE_INVALID' });
    expect((await factor(next, 'aaaaa-bbbbb')).json()).toMatchObject({
      code: 'FACTOR_CODE_INVALID',
    });
    // three failures were free, a fourth makes the next attempt wait, whatever its code
    const throttled = await factor(next, used);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS' });
    const failures = await platform.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'auth.factor_failed')
      .where('actor_id', '=', bob.id)
      .execute();
    expect(failures.map((row) => (row.details as { code: string }).code).sort()).toEqual([
      'FACTOR_CODE_EXPIRED',
      'FACTOR_CODE_INVALID',
      'FACTOR_CODE_INVALID',
      'FACTOR_CODE_REPLAYED',
    ]);
  });

  it('makes staff enrol before any staff route, and steps up for irreversible actions', async () => {
    const admin = await platform.admin();
    const created = await platform.call(
      'POST',
      '/api/v1/admin/users',
      { email: 'sam@example.com', password: testPassword, role: 'staff' },
      admin.token,
    );
    expect(created.statusCode).toBe(201);
    const sam = (await login('sam@example.com')).json<{ access_token: string }>().access_token;
    for (const url of ['/api/v1/admin/users', '/api/v1/admin/work']) {
      const refused = await platform.call('GET', url, undefined, sam);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED' });
    }
    expect((await platform.call('GET', '/api/v1/me', undefined, sam)).statusCode).toBe(200);
    expect((await platform.call('GET', '/api/v1/me/sessions', undefined, sam)).statusCode).toBe(
      200,
    );

    // past the window, an admin's irreversible action wants the factor again; a read does not
    clock.advance(301_000);
    const stale = await platform.call(
      'POST',
      '/api/v1/admin/users',
      { email: 'sue@example.com', password: testPassword, role: 'staff' },
      admin.token,
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', max_age: 300 });
    expect(
      (await platform.call('GET', '/api/v1/admin/users', undefined, admin.token)).statusCode,
    ).toBe(200);
    expect(
      await platform.test.db
        .selectFrom('users')
        .where('email', '=', 'sue@example.com')
        .select('id')
        .execute(),
    ).toEqual([]);
    const stepped = await platform.call(
      'POST',
      '/api/v1/auth/step-up',
      { code: totpCode(admin.secret!, clock.now()) },
      admin.token,
    );
    expect(stepped.statusCode).toBe(200);
    const fresh = stepped.json<{ access_token: string }>().access_token;
    expect(
      (
        await platform.call(
          'POST',
          '/api/v1/admin/users',
          { email: 'sue@example.com', password: testPassword, role: 'staff' },
          fresh,
        )
      ).statusCode,
    ).toBe(201);
  });

  it('tells the person of each factor added or removed, and of recovery codes used or made anew', async () => {
    ahead = 0;
    const dee = await platform.enrol(await platform.user('dee@example.com'));
    const regenerated = await platform.call(
      'POST',
      '/api/v1/me/factors/recovery-codes',
      undefined,
      dee.token,
    );
    expect(regenerated.statusCode).toBe(200);
    const [code] = regenerated.json<{ recovery_codes: string[] }>().recovery_codes as [string];
    const challenge = (await login('dee@example.com')).json<{ challenge_token: string }>()
      .challenge_token;
    expect((await factor(challenge, code)).statusCode).toBe(200);
    const removed = await platform.call(
      'POST',
      '/api/v1/me/factors/totp/remove',
      undefined,
      dee.token,
    );
    expect(removed.json()).toMatchObject({
      removed: true,
      notice: { title: 'A second factor was removed from your account' },
    });

    const notices = await platform.test.db
      .selectFrom('user_notifications')
      .select(['kind', 'title', 'body'])
      .where('user_id', '=', dee.id)
      .where('kind', 'like', 'security.%')
      .orderBy('created_at')
      .execute();
    expect(notices.map((n) => [n.kind, n.title])).toEqual([
      ['security.factor_changed', 'A second factor was added to your account'],
      ['security.recovery_codes', 'New recovery codes were created'],
      ['security.recovery_codes', 'A recovery code was used'],
      ['security.factor_changed', 'A second factor was removed from your account'],
    ]);
    expect(notices[2]!.body).toContain('9 codes are left');
    expect(notices[3]!.body).toContain('signs in with its password alone');
    // security notices always go by email too
    const emails = await platform.test.db
      .selectFrom('outbound_emails')
      .select('kind')
      .where('user_id', '=', dee.id)
      .where('kind', 'like', 'security.%')
      .execute();
    expect(emails).toHaveLength(4);
  });

  it('asks an investor without a factor to enrol before a withdrawal or an API key', async () => {
    ahead = 0;
    const cy = await platform.user('cy@example.com');
    for (const [url, body] of [
      ['/api/v1/fiat/withdrawals', { amount: '10.00' }],
      ['/api/v1/me/api-keys', { label: 'bot', scopes: ['read'] }],
    ] as const) {
      const refused = await platform.call('POST', url, body, cy.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: expect.stringMatching(/^(MFA_REQUIRED|KYC_REQUIRED|VERIFICATION_REQUIRED)$/),
      });
    }
    const key = await platform.call(
      'POST',
      '/api/v1/me/api-keys',
      { label: 'bot', scopes: ['read'] },
      cy.token,
    );
    expect(key.json()).toMatchObject({ code: 'MFA_REQUIRED' });
    await platform.enrol(cy);
    const made = await platform.call(
      'POST',
      '/api/v1/me/api-keys',
      { label: 'bot', scopes: ['read'] },
      cy.token,
    );
    expect(made.statusCode).toBe(201);
  });
});

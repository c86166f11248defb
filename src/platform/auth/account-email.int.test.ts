/**
 * Email verification, registration without enumeration and password reset, through the API, the
 * emails read from the outbox as a user reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxLinkToken } from '../../../test/support/email.js';
import {
  startTestPlatform,
  testPassword,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { manualClock } from '../../lib/clock.js';
import { emailsTo } from '../notifications/outbox.queries.js';

describe('account email: verification, registration, reset', () => {
  let p: TestPlatform;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    p = await startTestPlatform({}, { clock });
  });
  afterAll(() => p.close());

  const register = (email: string, password = testPassword) =>
    p.call('POST', '/api/v1/auth/register', {
      email,
      password,
      role: 'investor',
      account_type: 'individual',
    });
  const userCount = async () =>
    Number(
      (
        await p.test.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const login = (email: string, password = testPassword) =>
    p.call('POST', '/api/v1/auth/login', { email, password });

  it('answers a taken address exactly as a new one, and tells its owner', async () => {
    const fresh = await register('new@example.com');
    const before = await userCount();
    const taken = await register('NEW@example.com', 'another long passphrase here');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(fresh.statusCode).toBe(202);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(await userCount()).toBe(before);

    const mail = await emailsTo(p.test.db, 'new@example.com');
    expect(mail.map((m) => m.kind)).toEqual(['account.registration_attempt', 'auth.verify_email']);
    expect(mail[0]!.text_body).toContain('Someone tried to create a Tessera account');
    expect(mail[1]!.html_body).toContain('Verify my email');
    // the password of the attempt does not open the account
    expect((await login('new@example.com', 'another long passphrase here')).statusCode).toBe(401);
  });

  it('keeps money and trading closed until the address is verified; KYC may start', async () => {
    const user = await p.unverifiedUser('unverified@example.com');
    const deposit = await p.call('POST', '/api/v1/fiat/deposits', { amount: '10.00' }, user.token);
    expect(deposit.statusCode).toBe(403);
    expect(deposit.headers['content-type']).toContain('application/problem+json');
    expect(deposit.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const withdrawal = await p.call(
      'POST',
      '/api/v1/fiat/withdrawals',
      { amount: '10.00' },
      user.token,
    );
    expect(withdrawal.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const permissions = await p.call('GET', '/api/v1/me/permissions', undefined, user.token);
    expect(permissions.json()).toMatchObject({
      place_orders: { allowed: false, missing: 'EMAIL_NOT_VERIFIED' },
      subscribe: { allowed: false, missing: 'EMAIL_NOT_VERIFIED' },
      move_fiat: { allowed: false, missing: 'EMAIL_NOT_VERIFIED' },
      withdraw_fiat: { allowed: false, missing: 'EMAIL_NOT_VERIFIED' },
      view_portfolio: { allowed: false, missing: 'KYC_REQUIRED' },
    });
    const kyc = await p.call(
      'POST',
      '/api/v1/kyc',
      {
        full_name: 'Una Verified',
        nationality: 'AE',
        date_of_birth: '1984-05-06',
        document_type: 'passport',
        document_number: 'P1',
      },
      user.token,
    );
    expect(kyc.statusCode).toBe(201);

    await p.verifyEmail('unverified@example.com');
    const after = await p.call('POST', '/api/v1/fiat/deposits', { amount: '10.00' }, user.token);
    expect(after.json()).toMatchObject({ code: 'KYC_REQUIRED' });
    const me = await p.call('GET', '/api/v1/me', undefined, user.token);
    expect(me.json()).toMatchObject({ email_verified: true });
  });

  it('takes a verification link once, refuses an unknown or expired one', async () => {
    await p.unverifiedUser('once@example.com');
    const token = await outboxLinkToken(p.test.db, 'once@example.com', 'verify-email');
    const first = await p.call('POST', '/api/v1/auth/verify-email', { token });
    expect(first.json()).toEqual({ verified: true });
    const again = await p.call('POST', '/api/v1/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    const unknown = await p.call('POST', '/api/v1/auth/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });

    await p.unverifiedUser('late@example.com');
    const late = await outboxLinkToken(p.test.db, 'late@example.com', 'verify-email');
    clock.advance(p.config.mail.verifyLinkHours * 3_600_000 + 1000);
    const expired = await p.call('POST', '/api/v1/auth/verify-email', { token: late });
    expect(expired.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    // the token is stored only as its hash
    const stored = await p.test.db.selectFrom('email_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(late);
  });

  it('sends a new verification link at most once a minute', async () => {
    const user = await p.unverifiedUser('resend@example.com');
    const first = await p.call('POST', '/api/v1/me/email-verification', undefined, user.token);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(61_000);
    const second = await p.call('POST', '/api/v1/me/email-verification', undefined, user.token);
    expect(second.statusCode).toBe(202);
    // the newest link works, and then the address is verified
    await p.verifyEmail('resend@example.com');
    const done = await p.call('POST', '/api/v1/me/email-verification', undefined, user.token);
    expect(done.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
  });

  it('resets a password from an email: same answer for any address, once, every session ends', async () => {
    await p.user('forgetful@example.com');
    const pair = (await login('forgetful@example.com')).json<{ refresh_token: string }>();
    const known = await p.call('POST', '/api/v1/auth/password-reset', {
      email: 'forgetful@example.com',
    });
    const unknown = await p.call('POST', '/api/v1/auth/password-reset', {
      email: 'nobody@example.com',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(await emailsTo(p.test.db, 'nobody@example.com')).toEqual([]);

    const token = await outboxLinkToken(p.test.db, 'forgetful@example.com', 'reset-password');
    const weak = await p.call('POST', '/api/v1/auth/password-reset/confirm', {
      token,
      new_password: 'short',
    });
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    const newPassword = 'a brand new passphrase for me';
    const reset = await p.call('POST', '/api/v1/auth/password-reset/confirm', {
      token,
      new_password: newPassword,
    });
    expect(reset.json()).toEqual({ reset: true });
    const reused = await p.call('POST', '/api/v1/auth/password-reset/confirm', {
      token,
      new_password: 'yet another passphrase here',
    });
    expect(reused.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });

    const refresh = await p.call('POST', '/api/v1/auth/refresh', {
      refresh_token: pair.refresh_token,
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login('forgetful@example.com')).statusCode).toBe(401);
    const signedIn = await login('forgetful@example.com', newPassword);
    expect(signedIn.statusCode).toBe(200);
    const mail = await emailsTo(p.test.db, 'forgetful@example.com');
    expect(mail[0]).toMatchObject({
      kind: 'security.password_changed',
      subject: 'Your password was reset',
    });
    const notices = await p.call(
      'GET',
      '/api/v1/notifications',
      undefined,
      signedIn.json<{ access_token: string }>().access_token,
    );
    expect(notices.json<{ data: { kind: string }[] }>().data[0]).toMatchObject({
      kind: 'security.password_changed',
    });
  });

  it('lets a reset link expire within minutes', async () => {
    await p.user('slow@example.com');
    await p.call('POST', '/api/v1/auth/password-reset', { email: 'slow@example.com' });
    const token = await outboxLinkToken(p.test.db, 'slow@example.com', 'reset-password');
    clock.advance(p.config.mail.resetLinkMinutes * 60_000 + 1000);
    const late = await p.call('POST', '/api/v1/auth/password-reset/confirm', {
      token,
      new_password: 'a brand new passphrase for me',
    });
    expect(late.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect((await login('slow@example.com')).statusCode).toBe(200);
  });
});

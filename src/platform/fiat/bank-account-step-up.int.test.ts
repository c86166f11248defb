/**
 * The bank account on file is where withdrawals are paid, so changing it steps up as a withdrawal
 * does: a factor verified longer ago than STEP_UP_MAX_AGE_SECONDS is refused 403
 * STEP_UP_REQUIRED and the account on file stays as it was (no new row, no audit entry); an
 * account without a factor is asked to enrol (MFA_REQUIRED); a fresh factor changes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../factors/totp.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';

/** The wall clock, moved ahead by hand: codes follow it (src/platform/factors/totp.ts). */
let ahead = 0;
const clock = { now: () => new Date(Date.now() + ahead) };
const maxAge = 300;

const first = { holder_name: 'Ivy Moss', iban: 'GB82 WEST 1234 5698 7654 32' };
const second = { holder_name: 'Ivy Moss', iban: 'DE89 3704 0044 0532 0130 00' };

describe('changing the bank account on file', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform({ STEP_UP_MAX_AGE_SECONDS: String(maxAge) }, { clock });
  });
  afterAll(() => p.close());

  /** An investor verified as the withdrawal gate wants (its own tests cover how). */
  async function verified(email: string): Promise<Session> {
    const session = await p.user(email);
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', session.id)
      .execute();
    return session;
  }

  const put = (session: Session, body: object) =>
    p.call('PUT', '/api/v1/fiat/bank-account', body, session.token);
  const onFile = async (session: Session) =>
    (await p.call('GET', '/api/v1/fiat/bank-account', undefined, session.token)).json<{
      bank_account: { id: string; account: string; country: string } | null;
    }>().bank_account;
  const rowsOf = (session: Session) =>
    p.test.db
      .selectFrom('bank_accounts')
      .select(['id', 'country'])
      .where('user_id', '=', session.id)
      .execute();
  const auditOf = (session: Session) =>
    p.test.db
      .selectFrom('audit_logs')
      .select('id')
      .where('actor_id', '=', session.id)
      .where('action', '=', 'fiat.bank_account_set')
      .execute();

  it('asks an investor without a second factor to enrol one, and puts nothing on file', async () => {
    const noFactor = await verified('nofactor@example.com');
    const answer = await put(noFactor, first);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'MFA_REQUIRED' });
    expect(await onFile(noFactor)).toBeNull();
    expect(await rowsOf(noFactor)).toEqual([]);
  });

  it('refuses a change with a stale factor and keeps the account on file; a fresh one changes it', async () => {
    const ivy = await p.enrol(await verified('ivy@example.com'));
    expect((await put(ivy, first)).statusCode).toBe(200);
    const before = {
      account: await onFile(ivy),
      rows: await rowsOf(ivy),
      audit: await auditOf(ivy),
    };
    expect(before.account).toMatchObject({ country: 'GB' });

    ahead += (maxAge + 1) * 1000;
    const stale = await put(ivy, second);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', max_age: maxAge });
    expect(await onFile(ivy)).toEqual(before.account);
    expect(await rowsOf(ivy)).toEqual(before.rows);
    expect(await auditOf(ivy)).toEqual(before.audit);

    const stepped = await p.call(
      'POST',
      '/api/v1/auth/step-up',
      { code: totpCode(ivy.secret!, clock.now()) },
      ivy.token,
    );
    expect(stepped.statusCode).toBe(200);
    ivy.token = stepped.json<{ access_token: string }>().access_token;
    const changed = await put(ivy, second);
    expect(changed.statusCode).toBe(200);
    expect(await onFile(ivy)).toMatchObject({
      country: 'DE',
      account: expect.stringContaining('3000'),
    });
    expect(await auditOf(ivy)).toHaveLength(before.audit.length + 1);
  });
});

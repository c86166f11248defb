/**
 * Step-up on every family of irreversible or money-moving routes: a session whose second factor
 * was verified longer ago than STEP_UP_MAX_AGE_SECONDS is refused 403 STEP_UP_REQUIRED before the
 * route reads its input, and nothing changes (no row of the route's own, no audit row). Where a
 * real target is cheap to make (an API key, a KYC application, a user's sessions, a withdrawal)
 * the test checks it is untouched; elsewhere an unknown id shows the guard answers before the
 * route looks anything up (a fresh factor gets NOT_FOUND or the route's own refusal instead).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/platform/factors/totp.js';
import { startTestPlatform, type Session, type TestPlatform } from '../support/platform.js';

/** The wall clock, moved ahead by hand: codes follow it (src/platform/factors/totp.ts). */
let ahead = 0;
const clock = { now: () => new Date(Date.now() + ahead) };
const maxAge = 300;

describe('step-up', () => {
  let p: TestPlatform;
  let admin: Session;
  let staff: Session;
  let investor: Session;

  beforeAll(async () => {
    p = await startTestPlatform({ STEP_UP_MAX_AGE_SECONDS: String(maxAge) }, { clock });
    admin = await p.admin();
    staff = await p.staff();
    investor = await p.enrol(await p.user('ivy@example.com'));
    // verified as the gates of withdrawals and wallet links want (their own tests cover how)
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', investor.id)
      .execute();
    // every factor above is now older than the window
    ahead += (maxAge + 1) * 1000;
  });
  afterAll(() => p.close());

  const auditRows = async () =>
    Number(
      (
        await p.test.db
          .selectFrom('audit_logs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Refused for a stale factor, with no audit row written. */
  async function refusedStale(
    method: 'POST' | 'PUT',
    url: string,
    body: unknown,
    session: Session,
  ): Promise<void> {
    const before = await auditRows();
    const answer = await p.app.inject({
      method,
      url,
      payload: body as object,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(answer.statusCode, `${method} ${url}`).toBe(403);
    expect(answer.json(), `${method} ${url}`).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      max_age: maxAge,
    });
    expect(await auditRows()).toBe(before);
  }

  /** A fresh step-up with the session's code at the moved clock. */
  async function stepUp(session: Session): Promise<void> {
    const answer = await p.call(
      'POST',
      '/api/v1/auth/step-up',
      { code: totpCode(session.secret!, clock.now()) },
      session.token,
    );
    expect(answer.statusCode).toBe(200);
    session.token = answer.json<{ access_token: string }>().access_token;
  }

  it("refuses an investor's withdrawal, wallet link and API key with a stale factor", async () => {
    await refusedStale('POST', '/api/v1/fiat/withdrawals', { amount: '10.00' }, investor);
    await refusedStale(
      'POST',
      '/api/v1/wallet/link',
      { address: `0x${'1'.repeat(40)}`, signature: `0x${'2'.repeat(130)}` },
      investor,
    );
    await refusedStale('POST', '/api/v1/me/api-keys', { label: 'bot', scopes: ['read'] }, investor);
    const keys = await p.test.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', investor.id)
      .execute();
    expect(keys).toEqual([]);
    const withdrawals = await p.test.db
      .selectFrom('fiat_requests')
      .select('id')
      .where('user_id', '=', investor.id)
      .execute();
    expect(withdrawals).toEqual([]);

    await stepUp(investor);
    const made = await p.call(
      'POST',
      '/api/v1/me/api-keys',
      { label: 'bot', scopes: ['read'] },
      investor.token,
    );
    expect(made.statusCode).toBe(201);
  });

  it("refuses staff's compliance decisions with a stale factor: KYC review leaves the application pending", async () => {
    const kim = await p.user('kim@example.com');
    const applied = await p.call(
      'POST',
      '/api/v1/kyc',
      {
        full_name: 'Kim Doe',
        nationality: 'DE',
        date_of_birth: '1990-01-02',
        document_type: 'passport',
        document_number: 'C01X00T47',
      },
      kim.token,
    );
    expect(applied.statusCode).toBeLessThan(300);
    const application = await p.test.db
      .selectFrom('kyc_applications')
      .select(['id', 'status'])
      .where('user_id', '=', kim.id)
      .executeTakeFirstOrThrow();
    await refusedStale(
      'POST',
      `/api/v1/admin/kyc/${application.id}/review`,
      { decision: 'approve' },
      staff,
    );
    await refusedStale(
      'POST',
      `/api/v1/admin/businesses/${randomUUID()}/kyb-review`,
      { decision: 'approve' },
      staff,
    );
    await refusedStale(
      'PUT',
      `/api/v1/admin/tokens/${randomUUID()}/compliance-rules`,
      { max_holders: 10 },
      staff,
    );
    const after = await p.test.db
      .selectFrom('kyc_applications')
      .select('status')
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe(application.status);
  });

  it('refuses agent actions and their approval, and ending sessions, with a stale factor', async () => {
    await refusedStale(
      'POST',
      '/api/v1/admin/agent-actions',
      { kind: 'freeze_address', token_id: randomUUID(), reason: 'court order' },
      staff,
    );
    await refusedStale(
      'POST',
      `/api/v1/admin/agent-actions/${randomUUID()}/decision`,
      { decision: 'approve' },
      admin,
    );
    await refusedStale(
      'POST',
      `/api/v1/admin/users/${investor.id}/sessions/end`,
      { reason: 'asked by the holder' },
      staff,
    );
    const open = await p.test.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', investor.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open.length).toBeGreaterThan(0);
  });

  it('refuses payment and withdrawal confirmations, refunds and dividends with a stale factor', async () => {
    for (const url of [
      `/api/v1/admin/fiat/deposits/${randomUUID()}/confirm`,
      `/api/v1/admin/fiat/withdrawals/${randomUUID()}/approve`,
      `/api/v1/admin/tokens/${randomUUID()}/confirm-payment`,
      `/api/v1/admin/allocations/${randomUUID()}/reject`,
      `/api/v1/admin/dividends/${randomUUID()}/approve`,
      `/api/v1/admin/dividends/${randomUUID()}/distribute`,
    ]) {
      await refusedStale('POST', url, {}, admin);
    }
  });

  it('refuses role changes with a stale factor, then takes them after a step-up', async () => {
    const body = {
      email: 'new-staff@example.com',
      password: 'another long pass phrase',
      role: 'staff',
    };
    await refusedStale('POST', '/api/v1/admin/users', body, admin);
    await refusedStale(
      'POST',
      `/api/v1/admin/role-grants/${randomUUID()}/decision`,
      { decision: 'approve' },
      admin,
    );
    const none = await p.test.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .execute();
    expect(none).toEqual([]);
    await stepUp(admin);
    const unknownGrant = await p.call(
      'POST',
      `/api/v1/admin/role-grants/${randomUUID()}/decision`,
      { decision: 'approve' },
      admin.token,
    );
    expect(unknownGrant.statusCode).toBe(404);
  });
});

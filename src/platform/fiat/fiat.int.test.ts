import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { sql } from 'kysely';
import type { FiatRequest, FiatRequestKind } from '../../lib/db/schema-fiat.js';
import { Exact } from '../../lib/money.js';
import { testBankAccount } from '../../../test/support/bank-account.js';

describe('fiat deposits and withdrawals', () => {
  let p: TestPlatform;
  let admin: Session;
  let staff: Session;
  let n = 0;

  beforeAll(async () => {
    p = await startTestPlatform();
    admin = await p.admin();
    staff = await p.staff();
  });
  afterAll(() => p.close());

  /**
   * A KYC-approved individual investor (verification itself is tested in verification/), with an
   * authenticator app: a withdrawal needs a second factor.
   */
  const verifiedUser = async () => {
    const user = await p.user(`investor${++n}@example.com`);
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', user.id)
      .execute();
    return p.enrol(user);
  };
  const balance = async (userId: string) =>
    (
      await p.test.db
        .selectFrom('users')
        .select('fiat_balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).fiat_balance;
  const ledger = (userId: string) =>
    p.test.db
      .selectFrom('fiat_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const deposit = async (user: Session, amount: string) => {
    const res = await p.call('POST', '/api/v1/fiat/deposits', { amount }, user.token);
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; status: string; amount: string }>();
  };
  const funded = async (amount: string) => {
    const user = await verifiedUser();
    const { id } = await deposit(user, amount);
    const res = await p.call('POST', `/api/v1/admin/fiat/deposits/${id}/confirm`, {}, admin.token);
    expect(res.statusCode).toBe(200);
    return user;
  };
  const withdraw = async (user: Session, amount: string) => {
    await p.call('PUT', '/api/v1/fiat/bank-account', testBankAccount, user.token);
    return p.call('POST', '/api/v1/fiat/withdrawals', { amount }, user.token);
  };

  it("gives a deposit the reference to quote and records the bank's reference of the transfer", async () => {
    const bea = await verifiedUser();
    const created = await deposit(bea, '15000.00');
    const reference = `DEP-${created.id.replaceAll('-', '').slice(-10).toUpperCase()}`;
    expect(created).toMatchObject({ payment_reference: reference, bank_reference: null });
    const queued = await p.call(
      'GET',
      '/api/v1/admin/fiat/deposits?status=requested',
      undefined,
      admin.token,
    );
    expect(
      queued.json<{ data: Array<{ id: string }> }>().data.find((d) => d.id === created.id),
    ).toMatchObject({ payment_reference: reference });
    const tooLong = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${created.id}/confirm`,
      { bank_reference: 'x'.repeat(101) },
      admin.token,
    );
    expect(tooLong.statusCode).toBe(400);
    const confirmed = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${created.id}/confirm`,
      { bank_reference: ' BNK-0042 ' },
      admin.token,
    );
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', bank_reference: 'BNK-0042' });
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'fiat.deposit_confirm')
      .where('target_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ amount: '15000.00', bank_reference: 'BNK-0042' });

    const held = await withdraw(bea, '100.00');
    expect(held.json()).toMatchObject({ payment_reference: null });
    const paid = await p.call(
      'POST',
      `/api/v1/admin/fiat/withdrawals/${held.json<{ id: string }>().id}/approve`,
      { bank_reference: 'OUT-7' },
      admin.token,
    );
    expect(paid.json()).toMatchObject({ status: 'paid', bank_reference: 'OUT-7' });
  });

  it('credits a confirmed deposit with one ledger row, in the same transaction', async () => {
    const ann = await verifiedUser();
    const created = await deposit(ann, '250.5');
    expect(created).toMatchObject({ status: 'requested', amount: '250.50', user_id: ann.id });
    expect(await balance(ann.id)).toBe('0.00');

    const confirmed = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${created.id}/confirm`,
      undefined,
      admin.token,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', amount: '250.50' });
    expect(await balance(ann.id)).toBe('250.50');
    expect(await ledger(ann.id)).toMatchObject([
      {
        kind: 'deposit',
        amount: '250.50',
        balance_after: '250.50',
        reference_type: 'fiat_deposit',
        reference_id: created.id,
      },
    ]);
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'fiat.deposit_confirm')
      .where('target_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);

    const again = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${created.id}/confirm`,
      undefined,
      admin.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DEPOSIT_ALREADY_DECIDED' });
    const rejectLate = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${created.id}/reject`,
      {},
      admin.token,
    );
    expect(rejectLate.json()).toMatchObject({ code: 'DEPOSIT_ALREADY_DECIDED' });
    expect(await balance(ann.id)).toBe('250.50');
  });

  it('rejects a deposit without crediting anything', async () => {
    const bob = await verifiedUser();
    const { id } = await deposit(bob, '100');
    const res = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${id}/reject`,
      { reason: 'no matching bank transfer' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      decision_reason: 'no matching bank transfer',
    });
    expect(await balance(bob.id)).toBe('0.00');
    expect(await ledger(bob.id)).toEqual([]);
    const confirm = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${id}/confirm`,
      {},
      admin.token,
    );
    expect(confirm.statusCode).toBe(409);

    const bodiless = await deposit(bob, '3');
    const noBody = await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${bodiless.id}/reject`,
      undefined,
      admin.token,
    );
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json()).toMatchObject({ status: 'rejected', decision_reason: null });
  });

  it('refuses bad amounts with 400 and records nothing', async () => {
    const cat = await verifiedUser();
    const bad: unknown[] = [
      '-5',
      '0',
      '0.00',
      '1.001',
      'abc',
      '1e30',
      '',
      ' 5',
      '05',
      '1000000000',
    ];
    for (const amount of [...bad, 5, 1e30, null]) {
      for (const path of ['deposits', 'withdrawals']) {
        const res = await p.call('POST', `/api/v1/fiat/${path}`, { amount }, cat.token);
        expect(res.statusCode, `${path} ${String(amount)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
    const extra = await p.call(
      'POST',
      '/api/v1/fiat/deposits',
      { amount: '5', currency: 'USD' },
      cat.token,
    );
    expect(extra.statusCode).toBe(400);
    const rows = await p.test.db
      .selectFrom('fiat_requests')
      .select('id')
      .where('user_id', '=', cat.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await deposit(cat, '999999999.99')).amount).toBe('999999999.99');
  });

  it('gates money movement on verification and roles', async () => {
    const unverified = await p.user('unverified@example.com');
    for (const path of ['deposits', 'withdrawals']) {
      const res = await p.call('POST', `/api/v1/fiat/${path}`, { amount: '10' }, unverified.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'KYC_REQUIRED' });
    }
    const ledgerRes = await p.call('GET', '/api/v1/fiat/ledger', undefined, unverified.token);
    expect(ledgerRes.json()).toMatchObject({ code: 'KYC_REQUIRED' });

    const corporate = await p.user('corp@example.com', { account_type: 'corporate' });
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', corporate.id)
      .execute();
    const corp = await p.call('POST', '/api/v1/fiat/deposits', { amount: '10' }, corporate.token);
    expect(corp.statusCode).toBe(403);
    expect(corp.json()).toMatchObject({ code: 'KYB_REQUIRED' });

    const noAuth = await p.call('POST', '/api/v1/fiat/deposits', { amount: '10' });
    expect(noAuth.statusCode).toBe(401);
    const staffDeposit = await p.call(
      'POST',
      '/api/v1/fiat/deposits',
      { amount: '10' },
      staff.token,
    );
    expect(staffDeposit.statusCode).toBe(403);

    const dan = await verifiedUser();
    const { id } = await deposit(dan, '10');
    for (const [token, code] of [
      [dan.token, 'FORBIDDEN_ROLE'],
      [staff.token, 'FORBIDDEN_ROLE'],
    ] as const) {
      for (const action of ['confirm', 'reject']) {
        const res = await p.call('POST', `/api/v1/admin/fiat/deposits/${id}/${action}`, {}, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code });
      }
      const list = await p.call('GET', '/api/v1/admin/fiat/deposits', undefined, token);
      expect(list.statusCode).toBe(token === staff.token ? 200 : 403);
    }
    expect(await balance(dan.id)).toBe('0.00');
  });

  it('answers 404 for unknown requests, other users’ requests and the wrong kind', async () => {
    const eve = await verifiedUser();
    const frank = await verifiedUser();
    const { id } = await deposit(eve, '20');
    const other = await p.call('GET', `/api/v1/fiat/deposits/${id}`, undefined, frank.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    const own = await p.call('GET', `/api/v1/fiat/deposits/${id}`, undefined, eve.token);
    expect(own.json()).toMatchObject({ id, status: 'requested' });
    const asWithdrawal = await p.call(
      'POST',
      `/api/v1/admin/fiat/withdrawals/${id}/approve`,
      {},
      admin.token,
    );
    expect(asWithdrawal.statusCode).toBe(404);
    const unknown = await p.call(
      'POST',
      '/api/v1/admin/fiat/deposits/0190a000-0000-7000-8000-000000000000/confirm',
      {},
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await p.call(
      'POST',
      '/api/v1/admin/fiat/deposits/42/confirm',
      {},
      admin.token,
    );
    expect(malformed.statusCode).toBe(400);
  });

  it('holds a withdrawal at request, then pays it out or releases it', async () => {
    const gil = await funded('100.00');
    const tooMuch = await withdraw(gil, '100.01');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balance(gil.id)).toBe('100.00');
    const count = await p.test.db
      .selectFrom('fiat_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', gil.id)
      .where('kind', '=', 'withdrawal')
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);

    const paid = (await withdraw(gil, '30')).json<{ id: string; status: string }>();
    expect(paid.status).toBe('held');
    expect(await balance(gil.id)).toBe('70.00');
    const released = (await withdraw(gil, '20.25')).json<{ id: string }>();
    expect(await balance(gil.id)).toBe('49.75');

    const approve = await p.call(
      'POST',
      `/api/v1/admin/fiat/withdrawals/${paid.id}/approve`,
      undefined,
      admin.token,
    );
    expect(approve.json()).toMatchObject({ status: 'paid' });
    expect(await balance(gil.id)).toBe('49.75');
    const staffReject = await p.call(
      'POST',
      `/api/v1/admin/fiat/withdrawals/${released.id}/reject`,
      {},
      staff.token,
    );
    expect(staffReject.statusCode).toBe(403);
    const reject = await p.call(
      'POST',
      `/api/v1/admin/fiat/withdrawals/${released.id}/reject`,
      { reason: 'account name mismatch' },
      admin.token,
    );
    expect(reject.json()).toMatchObject({ status: 'released' });
    expect(await balance(gil.id)).toBe('70.00');

    for (const [id, action] of [
      [paid.id, 'approve'],
      [paid.id, 'reject'],
      [released.id, 'approve'],
      [released.id, 'reject'],
    ] as const) {
      const res = await p.call(
        'POST',
        `/api/v1/admin/fiat/withdrawals/${id}/${action}`,
        {},
        admin.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'WITHDRAWAL_ALREADY_DECIDED' });
    }
    expect(await balance(gil.id)).toBe('70.00');
    expect((await ledger(gil.id)).map((row) => [row.kind, row.amount, row.balance_after])).toEqual([
      ['deposit', '100.00', '100.00'],
      ['withdrawal_hold', '-30.00', '70.00'],
      ['withdrawal_hold', '-20.25', '49.75'],
      ['withdrawal_release', '20.25', '70.00'],
    ]);

    const page1 = await p.call('GET', '/api/v1/fiat/ledger?limit=3', undefined, gil.token);
    const first = page1.json<{ data: { kind: string }[]; next_cursor: string }>();
    expect(first.data.map((row) => row.kind)).toEqual([
      'withdrawal_release',
      'withdrawal_hold',
      'withdrawal_hold',
    ]);
    const page2 = await p.call(
      'GET',
      `/api/v1/fiat/ledger?limit=3&cursor=${first.next_cursor}`,
      undefined,
      gil.token,
    );
    expect(page2.json()).toMatchObject({ data: [{ kind: 'deposit' }], next_cursor: null });
    const mine = await p.call('GET', '/api/v1/fiat/withdrawals', undefined, gil.token);
    expect(mine.json<{ data: { id: string }[] }>().data.map((w) => w.id)).toEqual([
      released.id,
      paid.id,
    ]);
  });

  it('never overdraws under 20 simultaneous withdrawals', async () => {
    const hal = await funded('100.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(hal, '15.00')));
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(6);
    expect(codes.filter((code) => code === 422)).toHaveLength(14);
    expect(await balance(hal.id)).toBe('10.00');
    const held = await p.test.db
      .selectFrom('fiat_requests')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .where('user_id', '=', hal.id)
      .where('kind', '=', 'withdrawal')
      .executeTakeFirstOrThrow();
    expect(held.total).toBe('90.00');
  });

  it('lists requests for the back office by status, oldest first', async () => {
    const ivy = await verifiedUser();
    const a = await deposit(ivy, '1');
    const b = await deposit(ivy, '2');
    const res = await p.call(
      'GET',
      '/api/v1/admin/fiat/deposits?status=requested&limit=100',
      undefined,
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ data: { id: string; email: string; status: string }[] }>().data;
    expect(ids.every((row) => row.status === 'requested')).toBe(true);
    const ivys = ids.filter((row) => row.email === ivy.email).map((row) => row.id);
    expect(ivys).toEqual([a.id, b.id]);
    const badStatus = await p.call(
      'GET',
      '/api/v1/admin/fiat/deposits?status=paid',
      undefined,
      staff.token,
    );
    expect(badStatus.statusCode).toBe(400);
    const withdrawals = await p.call(
      'GET',
      '/api/v1/admin/fiat/withdrawals?status=held',
      undefined,
      admin.token,
    );
    expect(withdrawals.statusCode).toBe(200);
  });

  it('conserves money: balances plus holds equal confirmed deposits minus payouts', async () => {
    const users = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    for (const [i, user] of users.entries()) {
      const confirmed = await deposit(user, `${(i + 1) * 100}.10`);
      await p.call('POST', `/api/v1/admin/fiat/deposits/${confirmed.id}/confirm`, {}, admin.token);
      await deposit(user, '5.55');
      const rejected = await deposit(user, '7');
      await p.call('POST', `/api/v1/admin/fiat/deposits/${rejected.id}/reject`, {}, admin.token);
      const w1 = (await withdraw(user, '33.33')).json<{ id: string }>();
      const w2 = (await withdraw(user, '10.01')).json<{ id: string }>();
      await withdraw(user, '1.11');
      await withdraw(user, '100000');
      await p.call('POST', `/api/v1/admin/fiat/withdrawals/${w1.id}/approve`, {}, admin.token);
      await p.call('POST', `/api/v1/admin/fiat/withdrawals/${w2.id}/reject`, {}, admin.token);
    }

    const sum = async (kind: FiatRequestKind, status: FiatRequest['status']) =>
      new Exact(
        (
          await p.test.db
            .selectFrom('fiat_requests')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('s'))
            .where('kind', '=', kind)
            .where('status', '=', status)
            .executeTakeFirstOrThrow()
        ).s,
      );
    const balances = await p.test.db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<string>('fiat_balance').as('s'))
      .executeTakeFirstOrThrow();
    expect(new Exact(balances.s).plus(await sum('withdrawal', 'held')).toFixed(2)).toBe(
      (await sum('deposit', 'confirmed')).minus(await sum('withdrawal', 'paid')).toFixed(2),
    );

    const mismatched = await sql<{ id: string }>`
      select users.id from users left join fiat_ledger on fiat_ledger.user_id = users.id
      group by users.id having users.fiat_balance <> coalesce(sum(fiat_ledger.amount), 0)`.execute(
      p.test.db,
    );
    expect(mismatched.rows).toEqual([]);
  });
});

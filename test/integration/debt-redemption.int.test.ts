/**
 * A debt token's life on a real anvil with the real chain process: issued with its terms, its
 * coupons paid from the issuer's fiat through the dividend machinery, the issuer warned (and staff
 * alerted) when its balance does not cover the redemption, then at maturity the book closed, the
 * face value and last coupon paid, every unit burned on chain, and the token trading no more. The
 * chain, the database and the register agree afterwards; a burn batch sent again burns nothing more.
 * A burn that fails for good (the batchBurn reverts) alerts staff and is retried once two of them
 * agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { Exact } from '../../src/lib/money.js';
import { holdingsAt } from '../../src/platform/register/register.queries.js';
import { checkTokenTrades } from '../../src/trading/books/execution.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { bondBody, chainMover, liveBond, settleDebt } from '../support/debt.js';
import { staffMember } from '../support/splits.js';

const day = (d: Date) => d.toISOString().slice(0, 10);
/** the 15th of the month `months` after `from`'s (UTC) */
const fifteenth = (from: Date, months: number) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 15));

describe('a debt token on chain', () => {
  let s: IssuanceSystem;

  beforeAll(async () => {
    s = await startIssuanceSystem();
  }, 120_000);
  afterAll(() => s.close());

  const settle = () => settleDebt(s);
  /** moves the workers' clock to an hour after the start of `at`'s day */
  const moveTo = (at: Date) => s.advanceClock(at.getTime() + 3_600_000 - s.clock.now().getTime());
  const payments = (tokenId: string) =>
    s.test.db
      .selectFrom('debt_payments')
      .selectAll()
      .where('token_id', '=', tokenId)
      .orderBy('payment_date')
      .execute();

  /** every holder's units are gone in the database and on chain, the register and the supply too */
  async function expectBurned(tokenId: string, holders: Actor[]) {
    const token = await s.tokenRow(tokenId);
    const onChain = { id: token.id, contract_address: token.contract_address! };
    for (const holder of holders) {
      expect(await s.holderBalances(onChain, holder.id)).toEqual({ database: 0n, chain: 0n });
    }
    expect(await s.chain.totalSupply(token.contract_address!)).toMatchObject({ total_supply: '0' });
    const register = await holdingsAt(s.test.db, tokenId, s.clock.now());
    expect(register.filter((h) => Number(h.units) !== 0)).toEqual([]);
    expect(token.status).toBe('matured');
    expect(() => checkTokenTrades(token)).toThrow(AppError);
  }

  it('repays early on an approved call: the coupons before it, the face value and interest to the call date, every unit burned', async () => {
    const first = fifteenth(s.clock.now(), 2);
    // 100.00 face, 6 % a year paid monthly, 30/360: 0.50 a unit a month, five payments
    const { issuer, investors, tokenId } = await liveBond(
      s,
      'CALL',
      {
        face_value: '100.00',
        coupon_rate_pct: '6',
        frequency: 'monthly',
        day_count: '30_360',
        first_coupon_date: day(first),
        maturity_date: day(fifteenth(first, 4)),
      },
      [10, 20, 30],
    );
    await s.deposit(issuer, '7000.00');
    const before = await Promise.all(investors.map((i) => s.fiatBalance(i.id)));
    const gained = async () =>
      (await Promise.all(investors.map((i) => s.fiatBalance(i.id)))).map((b, i) =>
        new Exact(b).minus(before[i]!).toFixed(2),
      );

    // the call falls ten days into the third period: 15th to 25th
    const callDate = new Date(fifteenth(first, 1).getTime() + 10 * 86_400_000);
    const asked = await s.ok(
      s.call(
        'POST',
        `/api/v1/tokens/${tokenId}/debt/calls`,
        { call_date: day(callDate) },
        issuer.token,
      ),
      201,
    );
    expect(asked.status).toBe('pending_approval');
    const twice = await s.call(
      'POST',
      `/api/v1/tokens/${tokenId}/debt/calls`,
      { call_date: day(callDate) },
      issuer.token,
    );
    expect(twice.json()).toMatchObject({ code: 'DEBT_CALL_EXISTS' });
    await s.ok(s.call('POST', `/api/v1/admin/debt-calls/${asked.id}/approve`, {}, s.admin.token));
    const decided = await s.call(
      'POST',
      `/api/v1/admin/debt-calls/${asked.id}/reject`,
      {},
      s.admin.token,
    );
    expect(decided.json()).toMatchObject({ code: 'DEBT_CALL_NOT_PENDING' });

    // the schedule: two coupons, then the redemption on the call date with 10/360 of a year's
    // interest (100 x 6 % x 10 / 360 = 0.16666667 a unit); the rest cancelled
    const scheduled = await payments(tokenId);
    expect(
      scheduled
        .filter((p) => p.status !== 'cancelled')
        .map((p) => [p.kind, p.payment_date, p.coupon_per_unit, p.principal_per_unit]),
    ).toEqual([
      ['coupon', day(first), '0.50000000', '0.00'],
      ['coupon', day(fifteenth(first, 1)), '0.50000000', '0.00'],
      ['redemption', day(callDate), '0.16666667', '100.00'],
    ]);
    expect(scheduled.filter((p) => p.status === 'cancelled')).toHaveLength(3);

    moveTo(first);
    await settle();
    moveTo(fifteenth(first, 1));
    await settle();
    expect(await gained()).toEqual(['10.00', '20.00', '30.00']);
    moveTo(callDate);
    await settle();
    // 100.16666667 a unit, rounded down to the cent per holder
    expect(await gained()).toEqual(['1011.66', '2023.33', '3035.00']);
    expect(
      (await payments(tokenId)).filter((p) => p.status !== 'cancelled').map((p) => p.status),
    ).toEqual(['paid', 'paid', 'paid']);
    // the issuer kept no units (no team or reserve shares): the investors held them all
    await expectBurned(tokenId, investors);
  }, 300_000);

  it('pays its coupons, then redeems and burns at maturity', async () => {
    const first = fifteenth(s.clock.now(), 2);
    const maturity = fifteenth(first, 2);
    // 100.00 face, 6 % a year paid monthly, 30/360: every coupon is 100 x 6 % / 12 = 0.50
    const debt = {
      face_value: '100.00',
      coupon_rate_pct: '6',
      frequency: 'monthly',
      day_count: '30_360',
      first_coupon_date: day(first),
      maturity_date: day(maturity),
    };
    const offSchedule = { ...debt, maturity_date: day(new Date(maturity.getTime() + 86_400_000)) };
    const { issuer, businessId, investors, tokenId } = await liveBond(
      s,
      'BOND',
      debt,
      [10, 20, 30],
    );
    const refused = await s.call(
      'POST',
      '/api/v1/tokens',
      bondBody(s, businessId, 'BONX', offSchedule),
      issuer.token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'DEBT_MATURITY_OFF_SCHEDULE' });

    const token = await s.tokenRow(tokenId);

    const schedule = await s.ok(
      s.call('GET', `/api/v1/tokens/${tokenId}/debt`, undefined, investors[0]!.token),
    );
    expect(
      schedule.payments.map((p: Record<string, string>) => [
        p.kind,
        p.payment_date,
        p.coupon_per_unit,
        p.principal_per_unit,
      ]),
    ).toEqual([
      ['coupon', day(first), '0.50000000', '0.00'],
      ['coupon', day(fifteenth(first, 1)), '0.50000000', '0.00'],
      ['redemption', day(maturity), '0.50000000', '100.00'],
    ]);

    const before = await Promise.all(investors.map((i) => s.fiatBalance(i.id)));
    const issuerBefore = await s.fiatBalance(issuer.id);
    const gained = async () =>
      (await Promise.all(investors.map((i) => s.fiatBalance(i.id)))).map((b, i) =>
        new Exact(b).minus(before[i]!).toFixed(2),
      );

    // the two coupons: 0.50 a unit each
    moveTo(first);
    await settle();
    expect(await gained()).toEqual(['5.00', '10.00', '15.00']);
    moveTo(fifteenth(first, 1));
    await settle();
    expect(await gained()).toEqual(['10.00', '20.00', '30.00']);
    const paidCoupons = new Exact(issuerBefore).minus(await s.fiatBalance(issuer.id));
    expect(paidCoupons.toFixed(2)).toBe('60.00');

    // maturity: 100.50 a unit is more than the issuer holds (its raise less the success fee)
    moveTo(maturity);
    await settle();
    expect((await s.tokenRow(tokenId)).status).toBe('matured');
    const redemption = (await payments(tokenId)).at(-1)!;
    expect(redemption).toMatchObject({ kind: 'redemption', status: 'declared' });
    expect(redemption.funding_warned_at).not.toBeNull();
    const warned = await s.test.db
      .selectFrom('user_notifications')
      .select('user_id')
      .where('kind', '=', 'debt.funding_short')
      .execute();
    expect(warned.map((w) => w.user_id)).toEqual(expect.arrayContaining([issuer.id, s.admin.id]));
    expect(await gained()).toEqual(['10.00', '20.00', '30.00']);

    // the issuer tops up: the redemption is paid and every unit burned
    await s.deposit(issuer, '1000.00');
    await settle();
    // 10 x 101.50, 20 x 101.50, 30 x 101.50: two coupons, the face value and the last coupon
    expect(await gained()).toEqual(['1015.00', '2030.00', '3045.00']);
    expect((await payments(tokenId)).map((p) => p.status)).toEqual(['paid', 'paid', 'paid']);
    const issuerAfter = new Exact(issuerBefore)
      .plus('1000.00')
      .minus(await s.fiatBalance(issuer.id));
    expect(issuerAfter.toFixed(2)).toBe('6090.00');

    const holders = [...investors, issuer];
    for (const holder of holders) {
      const wallet = await s.test.db
        .selectFrom('wallets')
        .selectAll()
        .where('user_id', '=', holder.id)
        .where('token_id', '=', tokenId)
        .executeTakeFirst();
      if (!wallet) continue;
      const onChain = { id: token.id, contract_address: token.contract_address! };
      expect(await s.holderBalances(onChain, holder.id)).toEqual({
        database: 0n,
        chain: 0n,
      });
    }
    expect(await s.chain.totalSupply(token.contract_address!)).toMatchObject({ total_supply: '0' });
    const register = await holdingsAt(s.test.db, tokenId, s.clock.now());
    expect(register.filter((h) => Number(h.units) !== 0)).toEqual([]);

    // the token trades no more
    const closed = await s.tokenRow(tokenId);
    expect(() => checkTokenTrades(closed)).toThrow(AppError);
    try {
      checkTokenTrades(closed);
    } catch (error) {
      expect((error as AppError).code).toBe('TOKEN_NOT_TRADING');
    }

    // a burn batch sent again (a lost answer) reuses its key: nothing burns twice
    const batches = await s.test.db
      .selectFrom('debt_burn_batches')
      .selectAll()
      .where('payment_id', '=', redemption.id)
      .execute();
    expect(batches).toHaveLength(1);
    await s.test.db
      .updateTable('debt_burn_batches')
      .set({ status: 'pending' })
      .where('id', '=', batches[0]!.id)
      .execute();
    await s.workers.debtBurns.tick();
    const again = await s.test.db
      .selectFrom('debt_burn_batches')
      .selectAll()
      .where('id', '=', batches[0]!.id)
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({ status: 'sent', tx_hash: batches[0]!.tx_hash });
  }, 300_000);
  it("retries a redemption's burn that failed for good once two members of staff agree", async () => {
    const first = fifteenth(s.clock.now(), 2);
    // one payment: 100.00 face and a 0.50 coupon at the first coupon date, which is maturity
    const { issuer, investors, tokenId } = await liveBond(
      s,
      'BRNF',
      {
        face_value: '100.00',
        coupon_rate_pct: '6',
        frequency: 'monthly',
        day_count: '30_360',
        first_coupon_date: day(first),
        maturity_date: day(first),
      },
      [10, 20],
    );
    await s.deposit(issuer, '3100.00');
    const move = await chainMover(s, tokenId, investors);
    // the chain parts from the register: the first holder's 10 units sit with the second on chain,
    // so the batchBurn of 10 from the first reverts, at every attempt
    await move(investors[0]!, investors[1]!, `brnf-away-${tokenId}`);

    moveTo(first);
    await settle();
    const redemption = (await payments(tokenId)).at(-1)!;
    const batches = () =>
      s.test.db
        .selectFrom('debt_burn_batches')
        .selectAll()
        .where('payment_id', '=', redemption.id)
        .execute();
    for (let hour = 0; hour < 48 && (await batches())[0]?.status !== 'failed'; hour++) {
      s.advanceClock(3_600_000);
      await settle();
    }
    expect(await batches()).toMatchObject([{ status: 'failed' }]);
    expect((await payments(tokenId)).at(-1)).toMatchObject({ status: 'burning' });
    // staff are alerted once, and the failure waits on their work queue and screen
    await settle();
    const alerts = await s.test.db
      .selectFrom('user_notifications')
      .select('user_id')
      .where('kind', '=', 'debt.burn_failed')
      .execute();
    expect(alerts.filter((a) => a.user_id === s.admin.id)).toHaveLength(1);
    expect(
      (await s.ok(s.call('GET', '/api/v1/admin/work', undefined, s.admin.token))).debt_burns_failed,
    ).toBeGreaterThanOrEqual(1);
    const listed = await s.ok(
      s.call('GET', '/api/v1/admin/debt-burn-failures', undefined, s.admin.token),
    );
    expect(
      listed.data.find((f: { payment_id: string }) => f.payment_id === redemption.id),
    ).toMatchObject({ symbol: 'BRNF', failed_batches: 1, retry_requested_by: null });

    // the cause mended (the units back where the register has them), staff retry: four eyes
    await move(investors[1]!, investors[0]!, `brnf-back-${tokenId}`);
    const retry = `/api/v1/admin/debt-payments/${redemption.id}/burn-retry`;
    const unrequested = await s.call('POST', `${retry}/approve`, {}, s.admin.token);
    expect(unrequested.statusCode).toBe(409);
    expect(unrequested.json()).toMatchObject({ code: 'DEBT_BURN_RETRY_NOT_REQUESTED' });
    const audits = async () =>
      (
        await s.test.db
          .selectFrom('audit_logs')
          .select(['action', 'actor_id'])
          .where('target_id', '=', redemption.id)
          .where('action', 'like', 'debt.burn_retr%')
          .orderBy('id')
          .execute()
      ).map((a) => `${a.action} ${a.actor_id}`);
    // asked twice at once: one request, audited once; the other stands as it was
    const asked = await Promise.all([
      s.call('POST', retry, {}, s.admin.token),
      s.call('POST', retry, {}, s.admin.token),
    ]);
    expect(asked.map((r) => [r.statusCode, r.json()])).toEqual([
      [200, { status: 'requested' }],
      [200, { status: 'requested' }],
    ]);
    expect(await audits()).toEqual([`debt.burn_retry_requested ${s.admin.id}`]);
    const own = await s.call('POST', `${retry}/approve`, {}, s.admin.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'FOUR_EYES_REQUIRED' });
    const staff = await staffMember(s, 'burn-retry-staff@example.com');
    const otherStaff = await staffMember(s, 'burn-retry-staff-2@example.com');
    // two members of staff approve at once: one requeues the batch, the other is refused as a
    // retry of a burn no longer failed, and changes nothing
    const approvals = await Promise.all(
      [staff, otherStaff].map((m) => s.call('POST', `${retry}/approve`, {}, m.token)),
    );
    const approved = approvals.findIndex((r) => r.statusCode === 200);
    expect(approved).toBeGreaterThanOrEqual(0);
    expect(approvals[approved]!.json()).toEqual({ status: 'requeued' });
    const refused = approvals[1 - approved]!;
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'DEBT_BURN_NOT_FAILED' });
    const approver = [staff, otherStaff][approved]!;
    expect(await audits()).toEqual([
      `debt.burn_retry_requested ${s.admin.id}`,
      `debt.burn_retried ${approver.id}`,
    ]);
    expect(await batches()).toMatchObject([{ status: 'pending', attempts: 0 }]);
    // approved again, or asked for a payment that did not fail: refused, nothing changes
    const again = await s.call('POST', `${retry}/approve`, {}, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DEBT_BURN_NOT_FAILED' });

    await settle();
    expect(await batches()).toMatchObject([{ status: 'sent' }]);
    expect((await payments(tokenId)).at(-1)).toMatchObject({ status: 'paid' });
    await expectBurned(tokenId, investors);
  }, 300_000);
});

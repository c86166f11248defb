/**
 * The platform process is killed (SIGKILL) while it services a debt token on anvil, three times,
 * and started again each time: in the middle of a coupon's holder payments, between the
 * redemption's cash payments and the burns that follow them, and with the burn batch fixed in the
 * database and its batchBurn on its way (the call then reaches the chain after all, as a dead
 * process's last call may). Every holder ends paid exactly once per payment, to the cent; no money
 * appears or vanishes; the batch is burned once; the supply and the register end empty.
 *
 * The kill points are made exact with row locks: the test holds a lock the next step needs, waits
 * until the process's transaction is blocked on it (pg_blocking_pids), kills the process, and only
 * then lets the lock go. The holders are counted by the in-process workers on the test's clock at
 * each record date (the register has them only from now on); the payment date is then brought
 * forward to today, since the process's workers run on the wall clock. Nothing waits on a deadline.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Trx } from '../../src/lib/db/database.js';
import { dayOf, dayStart, recordInstant } from '../../src/lib/debt/debt-schedule.math.js';
import { Exact } from '../../src/lib/money.js';
import { holdingsAt } from '../../src/platform/register/register.queries.js';
import { startChainGate } from '../support/chain-gate.js';
import { startPlatformProcess as startCrashPlatform } from '../support/crash-platform.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';

const day = (d: Date) => d.toISOString().slice(0, 10);
/** the 15th of the month `months` after `from`'s (UTC) */
const fifteenth = (from: Date, months: number) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 15));

/** Units per investor, and what each is paid: 100.00 face, 7 %, monthly, 30/360. */
const units = [7, 12, 20, 31];
// 100 x 7 % / 12 = 0.58333333 a unit, times the units, rounded down to the cent
const coupon = ['4.08', '6.99', '11.66', '18.08'];
// 100.58333333 a unit: the face value and the last coupon
const redemption = ['704.08', '1206.99', '2011.66', '3118.08'];

describe('a platform crash while servicing a debt token', () => {
  let s: IssuanceSystem;
  let child: ChildProcess | undefined;
  let gate: Awaited<ReturnType<typeof startChainGate>>;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    gate = await startChainGate(s.config.urls.chain);
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await gate?.close();
    await s.close();
  });

  // one holder a transaction: the kill falls between two holders' payments
  const startPlatformProcess = async () =>
    (child = await startCrashPlatform(s, gate.url, { DIVIDEND_BATCH_SIZE: '1' }));
  async function kill(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill(signal);
    await exited;
  }
  /** polls the database until the condition holds (the test's own timeout bounds it) */
  async function until(check: () => Promise<boolean>) {
    while (!(await check())) await new Promise((r) => setTimeout(r, 20));
  }

  /** Holds the locks `lock` takes in a transaction of its own until `release`. */
  async function holdLock(lock: (trx: Trx) => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: (pid: number) => void;
    const pid = new Promise<number>((resolve) => (locked = resolve));
    const done = transaction(s.test.db, async (trx) => {
      await lock(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      locked(rows[0]!.pid);
      await released;
    });
    const holder = await Promise.race([
      pid,
      done.then(() => {
        throw new Error('the lock ended before it was held');
      }),
    ]);
    /** resolves once a transaction of another session waits for these locks */
    const blocking = () =>
      until(async () => {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where ${holder}::int = any(pg_blocking_pids(pid))`.execute(s.test.db);
        return Number(rows[0]!.n) > 0;
      });
    return {
      blocking,
      release: async () => {
        release();
        await done;
      },
    };
  }

  const debtPayment = (id: string) =>
    s.test.db
      .selectFrom('debt_payments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const declaration = (id: string) =>
    s.test.db
      .selectFrom('dividend_declarations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const holderPayments = (dividendId: string) =>
    s.test.db
      .selectFrom('dividend_payments')
      .select(['id', 'user_id', 'status', 'net_amount'])
      .where('dividend_id', '=', dividendId)
      .orderBy('id')
      .execute();
  /** every fiat credit of a declaration's holder payments: [user, amount], one row per credit */
  const credits = async (dividendId: string) =>
    (
      await s.test.db
        .selectFrom('fiat_ledger')
        .innerJoin('dividend_payments', 'dividend_payments.id', 'fiat_ledger.reference_id')
        .select(['fiat_ledger.user_id', 'fiat_ledger.amount'])
        .where('fiat_ledger.reference_type', '=', 'dividend_payment')
        .where('dividend_payments.dividend_id', '=', dividendId)
        .execute()
    ).map((c) => [c.user_id, new Exact(c.amount).toFixed(2)]);
  /** every user's fiat plus what declarations hold: moves only with deposits and withdrawals */
  async function cashInSystem(): Promise<string> {
    const users = await s.test.db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<string>('fiat_balance').as('total'))
      .executeTakeFirstOrThrow();
    const held = await s.test.db
      .selectFrom('dividend_declarations')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('held_usd'), sql<string>`0`).as('total'))
      .executeTakeFirstOrThrow();
    return new Exact(users.total).plus(held.total).toFixed(2);
  }
  /** moves the test's workers to an hour after `at` */
  const moveTo = (at: Date) => s.advanceClock(at.getTime() + 3_600_000 - s.clock.now().getTime());

  /**
   * The payment declared and its holders counted at its record date by the in-process workers,
   * then its payment (and record) date brought forward to today for the process's wall clock.
   */
  async function countHoldersThenBringForward(paymentId: string): Promise<string> {
    moveTo(recordInstant((await debtPayment(paymentId)).record_date));
    // the book closes at the redemption's record instant; then declared, then counted
    while ((await s.workers.chainSync.tick()) > 0);
    await s.workers.debt.tick();
    await s.workers.dividends.tick();
    const counted = await debtPayment(paymentId);
    expect(counted.status).toBe('declared');
    const dividendId = counted.dividend_id!;
    expect((await declaration(dividendId)).snapshot_at).not.toBeNull();
    expect(await holderPayments(dividendId)).toHaveLength(units.length);
    const today = dayOf(new Date());
    const yesterday = dayOf(new Date(Date.now() - 86_400_000));
    await s.test.db
      .updateTable('debt_payments')
      .set({ record_date: yesterday, payment_date: today })
      .where('id', '=', paymentId)
      .execute();
    await s.test.db
      .updateTable('dividend_declarations')
      .set({ record_date: dayStart(today)!, payment_date: dayStart(today)! })
      .where('id', '=', dividendId)
      .execute();
    return dividendId;
  }

  it('pays every holder once per payment and burns once, through three kills', async () => {
    // a monthly bond of two payments: a coupon, then the redemption at maturity
    const { issuer, businessId } = await s.issuerWithBusiness('crash@issuer.example', 2);
    const first = fifteenth(s.clock.now(), 2);
    const created = await s.ok(
      s.call(
        'POST',
        '/api/v1/tokens',
        s.tokenBody(businessId, 'DCRS', {
          total_supply: 1_000,
          price_per_token: '100.00',
          min_investment: '0',
          primary_offering_pct: 100,
          team_pct: 0,
          reserve_pct: 0,
          debt: {
            face_value: '100.00',
            coupon_rate_pct: '7',
            frequency: 'monthly',
            day_count: '30_360',
            first_coupon_date: day(first),
            maturity_date: day(fifteenth(first, 1)),
          },
        }),
        issuer.token,
      ),
      201,
    );
    const tokenId = created.id as string;
    await s.ok(s.call('POST', `/api/v1/admin/tokens/${tokenId}/deploy`, {}, s.admin.token));
    await s.ok(
      s.call(
        'POST',
        `/api/v1/admin/tokens/${tokenId}/start-offering`,
        {
          primary_start: new Date(Date.now() - 1000).toISOString(),
          primary_end: new Date(Date.now() + 3_600_000).toISOString(),
        },
        s.admin.token,
      ),
    );
    const investors: Actor[] = [];
    const allocations: string[] = [];
    for (const [i, quantity] of units.entries()) {
      const investor = await s.verified(`dcrs${i}@example.com`);
      await s.deposit(investor, `${quantity * 100}.00`);
      allocations.push((await s.subscribe(investor, tokenId, quantity)).id);
      investors.push(investor);
    }
    await s.confirm(tokenId, allocations);
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${tokenId}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();
    while ((await s.workers.chainSync.tick()) > 0);
    await s.deposit(issuer, '7100.00');
    const [couponRow, redemptionRow] = await s.test.db
      .selectFrom('debt_payments')
      .selectAll()
      .where('token_id', '=', tokenId)
      .orderBy('payment_date')
      .execute();
    expect([couponRow!.kind, redemptionRow!.kind]).toEqual(['coupon', 'redemption']);
    const token = await s.tokenRow(tokenId);
    // the investors, and the treasury's go-live units (burned, never paid)
    const unitHolders = await s.test.db
      .selectFrom('wallets')
      .select(['user_id', 'balance'])
      .where('token_id', '=', tokenId)
      .where('balance', '>', 0)
      .execute();
    expect(unitHolders.length).toBeGreaterThan(units.length);
    const nameOf = new Map(investors.map((investor, i) => [investor.id, i]));
    const expected = (amounts: string[]) =>
      investors.map((investor, i) => [investor.id, amounts[i]]).sort();
    const issuerBefore = await s.fiatBalance(issuer.id);
    const cashBefore = await cashInSystem();

    // 1. The coupon: killed while the third holder's payment waits, two holders paid.
    const couponDividend = await countHoldersThenBringForward(couponRow!.id);
    const third = (await holderPayments(couponDividend))[2]!;
    const thirdHolder = await holdLock((trx) =>
      trx.selectFrom('users').select('id').where('id', '=', third.user_id).forUpdate().execute(),
    );
    await startPlatformProcess();
    await thirdHolder.blocking();
    await kill();
    await thirdHolder.release();
    expect((await holderPayments(couponDividend)).map((p) => p.status)).toEqual([
      'paid',
      'paid',
      'pending',
      'pending',
    ]);
    expect(await credits(couponDividend)).toHaveLength(2);
    expect((await debtPayment(couponRow!.id)).status).toBe('paying');
    expect(await cashInSystem()).toBe(cashBefore);

    await startPlatformProcess();
    await until(async () => (await debtPayment(couponRow!.id)).status === 'paid');
    await kill('SIGTERM');
    expect((await credits(couponDividend)).sort()).toEqual(expected(coupon));
    expect(await cashInSystem()).toBe(cashBefore);

    // 2. The redemption: killed once every holder is paid, while the burn waits for the wallets.
    const redemptionDividend = await countHoldersThenBringForward(redemptionRow!.id);
    expect((await s.tokenRow(tokenId)).status).toBe('matured');
    const wallets = await holdLock((trx) =>
      trx.selectFrom('wallets').select('id').where('token_id', '=', tokenId).forUpdate().execute(),
    );
    await startPlatformProcess();
    await wallets.blocking();
    await kill();
    // 3. Then killed with the burn batch fixed and its batchBurn held at the gate.
    gate.hold('/api/v1/scale-holdings');
    await wallets.release();
    expect((await declaration(redemptionDividend)).status).toBe('distributed');
    expect((await credits(redemptionDividend)).sort()).toEqual(expected(redemption));
    expect((await debtPayment(redemptionRow!.id)).status).toBe('paying');
    const unburned = await s.test.db
      .selectFrom('wallets')
      .select(['user_id', 'balance'])
      .where('token_id', '=', tokenId)
      .where('balance', '>', 0)
      .execute();
    expect(unburned.sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual(
      unitHolders.sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    expect(await s.test.db.selectFrom('debt_burn_batches').select('id').execute()).toHaveLength(0);

    await startPlatformProcess();
    await gate.arrived();
    await kill();
    expect((await debtPayment(redemptionRow!.id)).status).toBe('burning');
    const [batch] = await s.test.db
      .selectFrom('debt_burn_batches')
      .selectAll()
      .where('payment_id', '=', redemptionRow!.id)
      .execute();
    expect(batch!.status).toBe('sending');
    expect(batch!.holders.map((h) => h.user_id).sort()).toEqual(
      unitHolders.map((h) => h.user_id).sort(),
    );
    // the dead process's call reaches the chain and is mined
    gate.open();
    const burns = () =>
      s.test.db
        .selectFrom('gas_transactions')
        .select(['idempotency_key', 'status'])
        .where('operation', '=', 'batch_burn')
        .where('token_address', '=', token.contract_address)
        .execute();
    await until(async () => (await burns()).some((b) => b.status === 'mined'));

    await startPlatformProcess();
    await until(async () => (await debtPayment(redemptionRow!.id)).status === 'paid');
    await kill('SIGTERM');

    // each holder paid once per payment, to the cent; the issuer paid exactly their sum
    for (const dividendId of [couponDividend, redemptionDividend]) {
      expect((await holderPayments(dividendId)).every((p) => p.status === 'paid')).toBe(true);
      const d = await declaration(dividendId);
      expect(d.status).toBe('distributed');
      expect(new Exact(d.held_usd).isZero()).toBe(true);
    }
    expect((await credits(couponDividend)).sort()).toEqual(expected(coupon));
    expect((await credits(redemptionDividend)).sort()).toEqual(expected(redemption));
    const paidOut = [...coupon, ...redemption].reduce((sum, a) => sum.plus(a), new Exact(0));
    expect(paidOut.toFixed(2)).toBe('7081.62');
    expect(new Exact(issuerBefore).minus(await s.fiatBalance(issuer.id)).toFixed(2)).toBe(
      paidOut.toFixed(2),
    );
    expect(await cashInSystem()).toBe(cashBefore);

    // one batch, burned by one mined batchBurn under its key; nothing left anywhere
    expect(await burns()).toEqual([{ idempotency_key: `debt-burn:${batch!.id}`, status: 'mined' }]);
    expect(
      await s.test.db
        .selectFrom('debt_burn_batches')
        .select(['status', 'tx_hash'])
        .where('payment_id', '=', redemptionRow!.id)
        .execute(),
    ).toEqual([{ status: 'sent', tx_hash: expect.stringMatching(/^0x/) }]);
    const movements = await s.test.db
      .selectFrom('token_movements')
      .select(['from_user_id', 'quantity'])
      .where('token_id', '=', tokenId)
      .where('kind', '=', 'redemption')
      .execute();
    expect(movements.map((m) => [m.from_user_id, Number(m.quantity)]).sort()).toEqual(
      unitHolders.map((h) => [h.user_id, h.balance]).sort(),
    );
    for (const holder of unitHolders) {
      const onChain = { id: tokenId, contract_address: token.contract_address! };
      expect(
        await s.holderBalances(onChain, holder.user_id),
        `holder ${nameOf.get(holder.user_id) ?? 'treasury'}`,
      ).toEqual({
        database: 0n,
        chain: 0n,
      });
    }
    expect(await s.chain.totalSupply(token.contract_address!)).toMatchObject({ total_supply: '0' });
    const register = await holdingsAt(s.test.db, tokenId, s.clock.now());
    expect(register.filter((h) => Number(h.units) !== 0)).toEqual([]);
    expect((await debtPayment(couponRow!.id)).status).toBe('paid');
  }, 420_000);
});

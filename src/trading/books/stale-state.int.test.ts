/**
 * An order always sees what other writers committed before it was sent. The sequencer decides
 * every order on state other processes change: the user's fiat balance (deposits, withdrawals),
 * their verification (KYC, their company's KYB), their wallet of the token (credits, the agent's
 * freezes), and the token's halt, NAV, transfer rules and trading session (staff, the issuer).
 * Each test here first places an order of a user on a token, so the sequencer has read that
 * state, then changes it through another path (SQL as the platform writes it, or the platform's
 * own functions and routes), then sends the next order of the same user on the same token and
 * checks its answer and what the database holds after it.
 *
 * In one process the sequencer keeps those reads between batches and checks them only at write
 * time (read-cache.ts): a change made meanwhile must still decide the next order as if it had been
 * read for it (a refusal, not a write that fails: not ORDER_NOT_RECORDED, not 503). And a batch
 * planned on cached reads must commit as planned when nothing changed: a write that failed for
 * another cause (a statement PostgreSQL refuses) would go unseen, each batch planned again on
 * fresh reads at twice the cost; the last test checks that none did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../lib/db/database.js';
import { newId } from '../../lib/ids.js';
import { moveFiat } from '../../lib/ledger/fiat-ledger.js';
import { Exact } from '../../lib/money.js';
import { limitOrder, outcomeOf } from '../../../test/support/book-commands.js';
import { approvedKyc, setRules, us } from '../../../test/support/compliance.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;
let staff: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  staff = await sys.user('staff');
});
afterAll(async () => {
  await sys.close();
});

/** Sends a GTC limit order straight to the sequencer: 'ok' or the refusal's code. */
const send = (
  tokenId: string,
  userId: string,
  side: 'buy' | 'sell',
  quantity: number,
  price = '10.00',
  extra: Parameters<typeof limitOrder>[4] = {},
) => outcomeOf(sys.trading.books.submit(tokenId, limitOrder(userId, side, quantity, price, extra)));

/** The user's orders and refusals on the token, their money and their wallet of it. */
async function footprint(userId: string, tokenId: string) {
  const orders = await sys.db
    .selectFrom('orders')
    .select(['side', 'quantity', 'price', 'status', 'filled_quantity', 'locked_fiat'])
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .orderBy('id')
    .execute();
  const refusals = await sys.db
    .selectFrom('order_refusals')
    .select('code')
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .orderBy('id')
    .execute();
  return {
    orders: orders.map((o) => ({
      side: o.side,
      quantity: Number(o.quantity),
      price: o.price === null ? null : new Exact(o.price).toFixed(2),
      status: o.status,
      filled: Number(o.filled_quantity),
      locked: new Exact(o.locked_fiat).toFixed(2),
    })),
    refused: refusals.map((r) => r.code),
    fiat: await sys.fiat(userId),
    wallet: await sys.wallet(userId, tokenId),
  };
}

/**
 * The user's money is conserved: the fiat ledger's rows add up to the balance, and the balance
 * with what the user's orders lock is `netIn`, what came in less what went out (no trades).
 */
async function expectFiatConserved(userId: string, netIn: string) {
  const ledger = await sys.db
    .selectFrom('fiat_ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .execute();
  const locks = await sys.db
    .selectFrom('orders')
    .select('locked_fiat')
    .where('user_id', '=', userId)
    .execute();
  const balance = await sys.fiat(userId);
  const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Exact(0)).toFixed(2);
  expect(sum(ledger.map((row) => row.amount))).toBe(new Exact(balance).toFixed(2));
  expect(sum([balance, ...locks.map((row) => row.locked_fiat)])).toBe(new Exact(netIn).toFixed(2));
}

const open = (side: 'buy' | 'sell', quantity: number, price: string, locked = '0.00') => ({
  side,
  quantity,
  price,
  status: 'open',
  filled: 0,
  locked,
});

describe('an order sees what other writers committed before it', () => {
  it('sees fiat deposited after a refusal for lack of it (INSUFFICIENT_FUNDS, then accepted)', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '50.00');

    expect(await send(tokenId, buyer.id, 'buy', 10)).toBe('INSUFFICIENT_FUNDS');
    expect(await footprint(buyer.id, tokenId)).toMatchObject({
      orders: [],
      refused: ['INSUFFICIENT_FUNDS'],
      fiat: '50.00',
    });

    // a confirmed deposit, as the platform credits it (balance and ledger row)
    await sys.deposit(buyer.id, '100.00');
    expect(await send(tokenId, buyer.id, 'buy', 10)).toBe('ok');
    expect(await footprint(buyer.id, tokenId)).toMatchObject({
      orders: [open('buy', 10, '10.00', '100.00')],
      refused: ['INSUFFICIENT_FUNDS'],
      fiat: '50.00',
    });
    await expectFiatConserved(buyer.id, '150.00');
  });

  it('sees fiat withdrawn after an accepted buy: the next buy is refused INSUFFICIENT_FUNDS', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    expect(await send(tokenId, buyer.id, 'buy', 10)).toBe('ok');
    expect(await sys.fiat(buyer.id)).toBe('900.00');

    // a withdrawal request holds its amount at once (platform/fiat: withdrawal_hold)
    await transaction(sys.db, (trx) =>
      moveFiat(trx, {
        userId: buyer.id,
        amount: '-850.00',
        kind: 'withdrawal_hold',
        referenceType: 'fiat_withdrawal',
        referenceId: newId(),
      }),
    );

    // planned on the 900.00 read before, it would fail at the write (ORDER_NOT_RECORDED)
    expect(await send(tokenId, buyer.id, 'buy', 10)).toBe('INSUFFICIENT_FUNDS');
    expect(await footprint(buyer.id, tokenId)).toMatchObject({
      orders: [open('buy', 10, '10.00', '100.00')],
      refused: ['INSUFFICIENT_FUNDS'],
      fiat: '50.00',
    });
    await expectFiatConserved(buyer.id, '150.00');

    // exactly what is left is there to lock
    expect(await send(tokenId, buyer.id, 'buy', 5)).toBe('ok');
    expect(await footprint(buyer.id, tokenId)).toMatchObject({
      orders: [open('buy', 10, '10.00', '100.00'), open('buy', 5, '10.00', '50.00')],
      fiat: '0.00',
    });
    await expectFiatConserved(buyer.id, '150.00');
  });

  it('sees a revoked verification after an accepted order (KYC_REQUIRED)', async () => {
    const { id: tokenId } = await sys.token();
    const holder = await sys.funded(tokenId, '1000.00', 10);
    expect(await send(tokenId, holder.id, 'buy', 1)).toBe('ok');

    // the agent's revoke_verification sets the user's KYC status so
    await sys.db
      .updateTable('users')
      .set({ kyc_status: 'rejected' })
      .where('id', '=', holder.id)
      .execute();

    expect(await send(tokenId, holder.id, 'buy', 1)).toBe('KYC_REQUIRED');
    expect(await send(tokenId, holder.id, 'sell', 1, '12.00')).toBe('KYC_REQUIRED');
    expect(await footprint(holder.id, tokenId)).toEqual({
      orders: [open('buy', 1, '10.00', '10.00')],
      refused: ['KYC_REQUIRED', 'KYC_REQUIRED'],
      fiat: '990.00',
      wallet: { balance: 10, locked: 0 },
    });
    await expectFiatConserved(holder.id, '1000.00');
  });

  it('sees units and then the address frozen after a resting sell (TOKEN_UNITS_FROZEN, ADDRESS_FROZEN)', async () => {
    const { id: tokenId } = await sys.token();
    const holder = await sys.funded(tokenId, '1000.00', 10);
    expect(await send(tokenId, holder.id, 'sell', 3, '12.00')).toBe('ok');

    // the agent's freeze_units: 5 of the 10 held may no longer move, so 2 are left to sell
    const freeze = (changes: { frozen_quantity?: number; address_frozen?: boolean }) =>
      sys.db
        .updateTable('wallets')
        .set(changes)
        .where('user_id', '=', holder.id)
        .where('token_id', '=', tokenId)
        .execute();
    await freeze({ frozen_quantity: 5 });
    expect(await send(tokenId, holder.id, 'sell', 3, '12.00')).toBe('TOKEN_UNITS_FROZEN');
    expect(await send(tokenId, holder.id, 'sell', 2, '12.00')).toBe('ok');

    // the agent's freeze_address: nothing moves from or to it
    await freeze({ address_frozen: true });
    expect(await send(tokenId, holder.id, 'sell', 1, '12.00')).toBe('ADDRESS_FROZEN');
    expect(await send(tokenId, holder.id, 'buy', 1)).toBe('ADDRESS_FROZEN');
    expect(await footprint(holder.id, tokenId)).toEqual({
      orders: [open('sell', 3, '12.00'), open('sell', 2, '12.00')],
      refused: ['TOKEN_UNITS_FROZEN', 'ADDRESS_FROZEN', 'ADDRESS_FROZEN'],
      fiat: '1000.00',
      wallet: { balance: 10, locked: 5 },
    });
  });

  it('sees a wallet of the token created after a sell refused for lack of one', async () => {
    const { id: tokenId } = await sys.token();
    const seller = await sys.user('investor');
    expect(await send(tokenId, seller.id, 'sell', 5)).toBe('INSUFFICIENT_TOKENS');
    const walletRows = () =>
      sys.db
        .selectFrom('wallets')
        .select('id')
        .where('user_id', '=', seller.id)
        .where('token_id', '=', tokenId)
        .execute();
    expect(await walletRows()).toHaveLength(0);

    // another writer credits the units (an allocation, a transfer): the wallet row is new
    await sys.giveTokens(seller.id, tokenId, 5);
    expect(await send(tokenId, seller.id, 'sell', 5)).toBe('ok');
    expect(await walletRows()).toHaveLength(1);
    expect(await footprint(seller.id, tokenId)).toEqual({
      orders: [open('sell', 5, '10.00')],
      refused: ['INSUFFICIENT_TOKENS'],
      fiat: '0.00',
      wallet: { balance: 5, locked: 5 },
    });
  });

  it('sees a halt by staff after an accepted order (TRADING_HALTED), and its lifting', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.funded(tokenId, '1000.00', 0);
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('ok');

    const halted = await sys.call(
      'POST',
      `/api/v1/admin/tokens/${tokenId}/halt`,
      { minutes: 30, reason: 'Issuer announcement pending' },
      staff.token,
    );
    expect(halted.statusCode).toBe(200);
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('TRADING_HALTED');

    // no body: the default reopening (the halt ends now; a book without calls resumes at once)
    const lifted = await sys.call(
      'POST',
      `/api/v1/admin/tokens/${tokenId}/lift-halt`,
      undefined,
      staff.token,
    );
    expect(lifted.statusCode).toBe(200);
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('ok');
    expect(await footprint(buyer.id, tokenId)).toEqual({
      orders: [open('buy', 1, '10.00', '10.00'), open('buy', 1, '10.00', '10.00')],
      refused: ['TRADING_HALTED'],
      fiat: '980.00',
      wallet: { balance: 0, locked: 0 },
    });
    await expectFiatConserved(buyer.id, '1000.00');
  });

  it('sees a new NAV the order’s price deviates from (NAV_DEVIATION_CONFIRMATION_REQUIRED)', async () => {
    const { id: tokenId, issuer } = await sys.token();
    const nav = (value: string) =>
      sys.call('POST', `/api/v1/tokens/${tokenId}/navs`, { nav: value }, issuer.token);
    expect((await nav('10.00')).statusCode).toBe(201);
    const buyer = await sys.funded(tokenId, '1000.00', 0);
    // 15% above the NAV: within the token's 20%
    expect(await send(tokenId, buyer.id, 'buy', 1, '11.50')).toBe('ok');

    // the issuer publishes a lower NAV: 11.50 is now 27.8% above it
    expect((await nav('9.00')).statusCode).toBe(201);
    expect(await send(tokenId, buyer.id, 'buy', 1, '11.50')).toBe(
      'NAV_DEVIATION_CONFIRMATION_REQUIRED',
    );
    expect(await send(tokenId, buyer.id, 'buy', 1, '10.80')).toBe('ok');
    expect(await footprint(buyer.id, tokenId)).toEqual({
      orders: [open('buy', 1, '11.50', '11.50'), open('buy', 1, '10.80', '10.80')],
      refused: ['NAV_DEVIATION_CONFIRMATION_REQUIRED'],
      fiat: '977.70',
      wallet: { balance: 0, locked: 0 },
    });
    await expectFiatConserved(buyer.id, '1000.00');
  });

  it('sees transfer rules added and changed after an accepted buy (COMPLIANCE_MAX_BALANCE, COMPLIANCE_COUNTRY_BLOCKED)', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    await approvedKyc(sys.db, buyer.id, 'US');
    expect(await send(tokenId, buyer.id, 'buy', 5)).toBe('ok');

    // staff give the token rules: at most 10 units a holder (open buys count)
    await setRules(sys.db, tokenId, { max_balance_units: 10 });
    expect(await send(tokenId, buyer.id, 'buy', 6)).toBe('COMPLIANCE_MAX_BALANCE');
    expect(await send(tokenId, buyer.id, 'buy', 5)).toBe('ok');

    // and change them: no balance cap, but the buyer's country blocked
    await setRules(sys.db, tokenId, { blocked_countries: [us] });
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('COMPLIANCE_COUNTRY_BLOCKED');
    expect(await footprint(buyer.id, tokenId)).toEqual({
      orders: [open('buy', 5, '10.00', '50.00'), open('buy', 5, '10.00', '50.00')],
      refused: ['COMPLIANCE_MAX_BALANCE', 'COMPLIANCE_COUNTRY_BLOCKED'],
      fiat: '900.00',
      wallet: { balance: 0, locked: 0 },
    });
    await expectFiatConserved(buyer.id, '1000.00');
  });

  it('sees a corporate investor’s KYB withdrawn after an accepted order (KYB_REQUIRED), and restored', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.user('investor', { account_type: 'corporate' });
    await sys.deposit(buyer.id, '1000.00');
    const businessId = newId();
    await sys.db
      .insertInto('businesses')
      .values({
        id: businessId,
        owner_id: buyer.id,
        kind: 'corporate_investor',
        name: 'Buyer GmbH',
        registration_number: businessId.slice(0, 8),
        country: 'DE',
        platform_allocation_pct: null,
        industry: null,
        status: 'active',
        kyb_status: 'approved',
      })
      .execute();
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('ok');

    // as the KYB review mirrors a status on its business (setBusinessKybStatus)
    const kyb = (status: 'approved' | 'rejected') =>
      sys.db
        .updateTable('businesses')
        .set({ kyb_status: status, updated_at: sys.clock.now() })
        .where('id', '=', businessId)
        .execute();
    await kyb('rejected');
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('KYB_REQUIRED');
    await kyb('approved');
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('ok');
    expect(await footprint(buyer.id, tokenId)).toEqual({
      orders: [open('buy', 1, '10.00', '10.00'), open('buy', 1, '10.00', '10.00')],
      refused: ['KYB_REQUIRED'],
      fiat: '980.00',
      wallet: { balance: 0, locked: 0 },
    });
    await expectFiatConserved(buyer.id, '1000.00');
  });

  it('sees a holiday added to the token’s calendar: the market is closed (TIME_IN_FORCE_NOT_IN_PHASE)', async () => {
    const { id: tokenId } = await sys.token();
    const code = `stale-${tokenId.slice(-8)}`;
    const calendar = (holidays: { date: string; name: string }[]) =>
      sys.call(
        'PUT',
        `/api/v1/admin/trading-calendars/${code}`,
        { name: 'Test holidays', holidays, reason: 'the exchange holidays' },
        staff.token,
      );
    expect((await calendar([])).statusCode).toBe(200);
    const session = await sys.call(
      'PUT',
      `/api/v1/admin/tokens/${tokenId}/trading-session`,
      {
        market_model: 'continuous',
        time_zone: 'UTC',
        hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:30' })),
        calendar: code,
        opening_call_seconds: 600,
        closing_call_seconds: 300,
        call_seconds: 300,
        random_end_seconds: 30,
        reason: 'weekday hours',
      },
      staff.token,
    );
    expect(session.statusCode).toBe(200);
    const seller = await sys.user('investor');
    await sys.giveTokens(seller.id, tokenId, 10);
    const buyer = await sys.funded(tokenId, '1000.00', 0);
    // Monday 10:00 UTC: open; an IOC buy meets the resting sell
    expect(await send(tokenId, seller.id, 'sell', 10)).toBe('ok');
    expect(await send(tokenId, buyer.id, 'buy', 1, '10.00', { timeInForce: 'IOC' })).toBe('ok');

    // Staff add today as a holiday at the same instant (the clock does not move): the book's
    // session version is a counter every session or calendar change raises (migration 0071), not
    // the writers' timestamps, so a change stamped no later than the last one is seen too.
    const today = sys.clock.now().toISOString().slice(0, 10);
    expect((await calendar([{ date: today, name: 'Unplanned closure' }])).statusCode).toBe(200);
    const phase = await sys.call('GET', `/api/v1/markets/${tokenId}/phase`);
    expect(phase.json()).toMatchObject({ phase: 'closed' });

    expect(await send(tokenId, buyer.id, 'buy', 1, '10.00', { timeInForce: 'IOC' })).toBe(
      'TIME_IN_FORCE_NOT_IN_PHASE',
    );
    // a GTC buy is taken but waits for the next session: it does not meet the sell
    expect(await send(tokenId, buyer.id, 'buy', 1)).toBe('ok');
    const trades = await sys.db
      .selectFrom('trades')
      .select('quantity')
      .where('token_id', '=', tokenId)
      .execute();
    expect(trades.map((t) => Number(t.quantity))).toEqual([1]);
    expect(await footprint(buyer.id, tokenId)).toEqual({
      orders: [
        { side: 'buy', quantity: 1, price: '10.00', status: 'filled', filled: 1, locked: '0.00' },
        open('buy', 1, '10.00', '10.00'),
      ],
      refused: ['TIME_IN_FORCE_NOT_IN_PHASE'],
      fiat: '980.00',
      wallet: { balance: 1, locked: 0 },
    });
  });

  it('wrote every batch planned on cached reads as planned, but for the rows changed meanwhile', async () => {
    const metrics = (await sys.trading.app.inject({ method: 'GET', url: '/metrics' })).body;
    // the other writers' changes were seen at write time (the tests above), and nothing else failed
    expect(metrics).toMatch(/^trading_batches_stale_total\{[^}]*\} [1-9]/m);
    expect(metrics).toMatch(/^trading_batches_cached_failed_total\{[^}]*\} 0$/m);
  });
});

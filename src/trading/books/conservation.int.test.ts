/**
 * Conservation under load: seeded random orders from 200 traders over 10 tokens, sent many at
 * once through the HTTP API (so the writers batch them), then every balance and lock is checked
 * against what the orders and trades imply, money and tokens are conserved, and each book equals
 * the open orders in the database. TRADING_CONSERVATION_ORDERS sets the number of orders
 * (default 5,000 to stay within a couple of minutes on 2 cores; the figure is 100,000).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Exact } from '../../lib/money.js';
import { bookFromDatabase, totalFiat } from '../../../test/support/trading-checks.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';
import { Prng } from '../engine/testing/seeded-random.js';

const ORDERS = Number(process.env.TRADING_CONSERVATION_ORDERS ?? 5_000);
const TRADERS = 200;
const TOKENS = 10;
const CONCURRENCY = 200;
const FIAT = '100000.00';
const HOLDING = 10_000;

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

describe('conservation', () => {
  it(`${ORDERS} orders never overdraw, oversell or lose a cent`, { timeout: 600_000 }, async () => {
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS; i++) tokens.push((await sys.token()).id);
    const traders: Trader[] = [];
    for (let i = 0; i < TRADERS; i++) {
      const trader = await sys.user('investor');
      await sys.deposit(trader.id, FIAT);
      for (const token of tokens) await sys.giveTokens(trader.id, token, HOLDING);
      traders.push(trader);
    }
    const fiatBefore = await totalFiat(sys.db);

    const random = new Prng(42);
    const placed: { id: string; trader: Trader }[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    async function worker() {
      while (sent < ORDERS) {
        sent++;
        const trader = traders[random.int(0, TRADERS - 1)]!;
        const roll = random.int(0, 100 - 1);
        let response;
        if (roll < 8 && placed.length > 0) {
          const target = placed[random.int(0, placed.length - 1)]!;
          response = await sys.call(
            'DELETE',
            `/api/v1/orders/${target.id}`,
            undefined,
            target.trader.token,
          );
        } else {
          const side = random.int(0, 2 - 1) === 0 ? 'buy' : 'sell';
          const market = roll < 15;
          const body = {
            token_id: tokens[random.int(0, TOKENS - 1)]!,
            side,
            order_type: market ? 'market' : 'limit',
            quantity: 1 + random.int(0, 20 - 1),
            ...(market ? {} : { price: (9.5 + random.int(0, 100 - 1) / 100).toFixed(2) }),
          };
          response = await sys.call('POST', '/api/v1/orders', body, trader.token);
          if (response.statusCode === 200) placed.push({ id: response.json().order.id, trader });
        }
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await sys.settled();
    expect(Object.fromEntries(statuses)).not.toHaveProperty('500');
    expect(Object.fromEntries(statuses)).not.toHaveProperty('503');
    expect(statuses.get(200) ?? 0).toBeGreaterThan(ORDERS / 2);

    // fiat: everyone's balance plus what live orders lock is what was deposited
    const fiatAfter = await totalFiat(sys.db);
    const locked = await sql<{ sum: string | null }>`
      select sum(locked_fiat) as sum from orders`.execute(sys.db);
    expect(new Exact(fiatAfter).plus(locked.rows[0]!.sum ?? 0).toFixed(2)).toBe(fiatBefore);

    // per user: balance = deposit - locks - buys + sells - fees, and the ledger agrees
    const perUser = await sql<{
      id: string;
      fiat_balance: string;
      ledger: string;
      expected: string;
    }>`
      select u.id, u.fiat_balance,
        (select coalesce(sum(amount), 0) from fiat_ledger l where l.user_id = u.id) as ledger,
        ${FIAT}::numeric
          - (select coalesce(sum(locked_fiat), 0) from orders o where o.user_id = u.id)
          - (select coalesce(sum(total), 0) from trades t where t.buyer_id = u.id)
          + (select coalesce(sum(total - platform_fee), 0) from trades t where t.seller_id = u.id)
          as expected
      from users u where u.role = 'investor'`.execute(sys.db);
    for (const row of perUser.rows) {
      expect(new Exact(row.fiat_balance).toFixed(2)).toBe(new Exact(row.expected).toFixed(2));
      expect(new Exact(row.ledger).toFixed(2)).toBe(new Exact(row.fiat_balance).toFixed(2));
    }
    const fees = await sql<{
      sum: string;
    }>`select coalesce(sum(platform_fee), 0) as sum from trades`.execute(sys.db);
    expect(new Exact(await sys.treasuryFiat()).toFixed(2)).toBe(
      new Exact(fees.rows[0]!.sum).toFixed(2),
    );

    // tokens: totals unchanged; each wallet = holding + bought - sold; locks = live sells
    const wallets = await sql<{
      balance: number;
      locked_balance: number;
      expected: number;
      expected_locked: number;
    }>`
      select w.balance, w.locked_balance,
        ${HOLDING}::bigint
          + (select coalesce(sum(quantity), 0) from trades t where t.buyer_id = w.user_id and t.token_id = w.token_id)
          - (select coalesce(sum(quantity), 0) from trades t where t.seller_id = w.user_id and t.token_id = w.token_id)
          as expected,
        (select coalesce(sum(remaining_quantity), 0) from orders o where o.user_id = w.user_id
          and o.token_id = w.token_id and o.side = 'sell'
          and o.status in ('open', 'partially_filled', 'pending_stop')) as expected_locked
      from wallets w`.execute(sys.db);
    for (const row of wallets.rows) {
      expect(Number(row.balance)).toBe(Number(row.expected));
      expect(Number(row.locked_balance)).toBe(Number(row.expected_locked));
    }
    const totals = await sql<{ sum: string }>`select sum(balance) as sum from wallets`.execute(
      sys.db,
    );
    expect(Number(totals.rows[0]!.sum)).toBe(TRADERS * TOKENS * HOLDING);

    // every trade is one movement of the register's record, seller to buyer, in its statement
    const unrecorded = await sql<{ n: number }>`
      select count(*)::int as n from trades t
      left join token_movements m on m.source_type = 'trade' and m.source_id = t.id
        and m.kind = 'trade' and m.from_user_id = t.seller_id and m.to_user_id = t.buyer_id
        and m.quantity = t.quantity and m.at = t.created_at
      where m.id is null`.execute(sys.db);
    expect(unrecorded.rows[0]!.n).toBe(0);
    const movements = await sql<{ n: number }>`
      select count(*)::int as n from token_movements where kind = 'trade'`.execute(sys.db);
    const trades = await sql<{ n: number }>`select count(*)::int as n from trades`.execute(sys.db);
    expect(movements.rows[0]!.n).toBe(trades.rows[0]!.n);
    expect(trades.rows[0]!.n).toBeGreaterThan(0);

    // buys still lock exactly price * remaining; ended orders lock nothing
    const badLocks = await sql<{ n: number }>`
      select count(*)::int as n from orders where
        (status in ('open', 'partially_filled') and side = 'buy' and locked_fiat <> price * remaining_quantity)
        or (status not in ('open', 'partially_filled', 'pending_stop') and locked_fiat <> 0)`.execute(
      sys.db,
    );
    expect(badLocks.rows[0]!.n).toBe(0);

    // each book equals its open orders in the database
    for (const token of tokens) {
      const book = (await sys.call('GET', `/api/v1/orderbook/${token}?depth=500`)).json();
      expect({ bids: book.bids, asks: book.asks }).toEqual(await bookFromDatabase(sys.db, token));
    }
  });
});

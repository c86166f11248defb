/**
 * A batch whose write the database refuses for one command's rows answers that command alone:
 * the batch is split and planned again from the committed books until the command is found, and
 * every other command commits as if it had never been sent (the books as the database has them).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';
import { bookFromDatabase, totalFiat } from '../../../test/support/trading-checks.js';
import { limitOrder as limit } from '../../../test/support/book-commands.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
  // a refusal the audit trail cannot take, for the test: its row breaks this check
  await sql`alter table order_refusals add constraint test_unrecordable
    check (client_order_id is distinct from 'unrecordable')`.execute(sys.db);
});
afterAll(async () => {
  await sys.close();
});

/** The error code of a refused command, or the number of trades it made. */
const outcome = (answer: Promise<{ trades: unknown[] }>) =>
  answer.then(
    (result) => `ok, ${result.trades.length} trades`,
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

async function metric(name: string): Promise<number> {
  const text = (await sys.call('GET', '/metrics')).body;
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** fiat_balance of every user plus what open orders hold locked: moved only by deposits. */
async function fiatWithLocks(): Promise<string> {
  const locked = await sql<{ sum: string | null }>`
    select sum(locked_fiat) as sum from orders`.execute(sys.db);
  return new Exact(await totalFiat(sys.db)).plus(locked.rows[0]!.sum ?? 0).toFixed(2);
}

async function expectBookAsStored(tokenId: string): Promise<void> {
  const book = (await sys.call('GET', `/api/v1/orderbook/${tokenId}?depth=50`)).json();
  expect({ bids: book.bids, asks: book.asks }).toEqual(await bookFromDatabase(sys.db, tokenId));
}

describe('a batch with a command the database refuses', () => {
  it('answers that command alone, and commits the others without it', async () => {
    const token = await sys.token();
    const other = await sys.token();
    const seller = await sys.user('investor');
    await sys.giveTokens(seller.id, token.id, 100);
    const buyer = await sys.funded(token.id, '1000.00', 0);
    const poor = await sys.funded(other.id, '10.00', 0);
    const { books } = sys.trading;
    await books.load(token.id);
    await books.load(other.id);
    const fiatBefore = await fiatWithLocks();
    const splitBefore = await metric('trading_batches_split_total');

    // the first command starts a batch at once; the rest arrive while it is in flight and form
    // the next one, across two books
    const first = outcome(books.submit(token.id, limit(seller.id, 'sell', 1, '12.00')));
    await Promise.resolve();
    const batch = [
      books.submit(token.id, limit(buyer.id, 'buy', 2, '9.00')),
      books.submit(other.id, limit(poor.id, 'buy', 1, '5.00')),
      // its order row breaks a check of orders (a client order id needs its request hash)
      books.submit(token.id, limit(seller.id, 'sell', 5, '10.00', { clientOrderId: 'no-hash' })),
      books.submit(token.id, limit(seller.id, 'sell', 3, '13.00')),
      // refused by the book, and its refusal's row breaks the test's check
      books.submit(
        other.id,
        limit(poor.id, 'buy', 100, '5.00', { clientOrderId: 'unrecordable', requestHash: 'h' }),
      ),
      // would have traded with the sell the database refused
      books.submit(token.id, limit(buyer.id, 'buy', 5, '10.00')),
      // refused by the book: its refusal is recorded with the batch
      books.submit(other.id, limit(poor.id, 'buy', 100, '5.00')),
      books.submit(token.id, limit(buyer.id, 'buy', 1, '12.00')),
    ].map(outcome);

    expect(await first).toBe('ok, 0 trades');
    expect(await Promise.all(batch)).toEqual([
      'ok, 0 trades',
      'ok, 0 trades',
      'ORDER_NOT_RECORDED',
      'ok, 0 trades',
      'ORDER_NOT_RECORDED',
      'ok, 0 trades',
      'INSUFFICIENT_FUNDS',
      'ok, 1 trades',
    ]);
    expect(await metric('trading_batches_split_total')).toBeGreaterThan(splitBefore);

    const stored = async (tokenId: string) =>
      (
        await sys.db
          .selectFrom('orders')
          .select(['side', 'price', 'quantity', 'status'])
          .where('token_id', '=', tokenId)
          .orderBy('priority')
          .execute()
      ).map((o) => [o.side, o.price, Number(o.quantity), o.status]);
    expect(await stored(token.id)).toEqual([
      ['sell', '12.00', 1, 'filled'],
      ['buy', '9.00', 2, 'open'],
      ['sell', '13.00', 3, 'open'],
      ['buy', '10.00', 5, 'open'],
      ['buy', '12.00', 1, 'filled'],
    ]);
    expect(await stored(other.id)).toEqual([['buy', '5.00', 1, 'open']]);
    const refusals = await sys.db
      .selectFrom('order_refusals')
      .select(['code', 'client_order_id'])
      .where('user_id', '=', poor.id)
      .execute();
    expect(refusals).toEqual([{ code: 'INSUFFICIENT_FUNDS', client_order_id: null }]);
    expect(await fiatWithLocks()).toBe(fiatBefore);
    expect(await sys.wallet(seller.id, token.id)).toEqual({ balance: 99, locked: 3 });
    await expectBookAsStored(token.id);
    await expectBookAsStored(other.id);

    // the books go on from there
    const sell = await books.submit(token.id, limit(seller.id, 'sell', 5, '10.00'));
    expect(sell.trades.map((t) => t.quantity)).toEqual([5]);
    await expectBookAsStored(token.id);
  });
});

/**
 * The sequencer's pipeline: the batch after the one in flight is planned against the balances and
 * books as that one leaves them, and when that one fails to commit, the batch planned on top of
 * it is discarded and planned again from what the database committed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { PreparingClient } from '../../lib/db/prepared.js';
import { Exact } from '../../lib/money.js';
import { bookFromDatabase, totalFiat } from '../../../test/support/trading-checks.js';
import { limitOrder as limit } from '../../../test/support/book-commands.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

/** The error code of a refused command, or the answer. */
const outcome = <T>(answer: Promise<T>) =>
  answer.then(
    (value) => value,
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

async function replanned(): Promise<number> {
  const text = (await sys.call('GET', '/metrics')).body;
  return Number(/^trading_batches_replanned_total(?:\{[^}]*\})? (\d+)$/m.exec(text)?.[1] ?? 0);
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

describe('pipelining', () => {
  it('plans the next batch against the balances the batch in flight leaves', async () => {
    const token = await sys.token();
    const seller = await sys.user('investor');
    await sys.giveTokens(seller.id, token.id, 100);
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    const { books } = sys.trading;
    await books.load(token.id);

    // the first command starts a batch at once; the rest are planned while it commits
    const first = outcome(books.submit(token.id, limit(buyer.id, 'buy', 60, '10.00')));
    const next = [
      outcome(books.submit(token.id, limit(seller.id, 'sell', 60, '12.00'))),
      outcome(books.submit(token.id, limit(buyer.id, 'buy', 60, '10.00'))),
      outcome(books.submit(token.id, limit(buyer.id, 'buy', 30, '10.00'))),
      outcome(books.submit(token.id, limit(seller.id, 'sell', 60, '12.00'))),
      outcome(books.submit(token.id, limit(seller.id, 'sell', 40, '12.00'))),
    ];
    const codes = (await Promise.all([first, ...next])).map((answer) =>
      typeof answer === 'string' ? answer : 'ok',
    );
    expect(codes).toEqual(['ok', 'ok', 'INSUFFICIENT_FUNDS', 'ok', 'INSUFFICIENT_TOKENS', 'ok']);
    expect(await sys.fiat(buyer.id)).toBe('100.00');
    expect(await sys.wallet(seller.id, token.id)).toEqual({ balance: 100, locked: 100 });
    await expectBookAsStored(token.id);
  });

  it('plans again from the committed state the batch planned on one that failed', async () => {
    const token = await sys.token();
    const seller = await sys.user('investor');
    await sys.giveTokens(seller.id, token.id, 100);
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    const { books } = sys.trading;
    await books.load(token.id);
    const fiatBefore = await fiatWithLocks();
    const replannedBefore = await replanned();

    // Batch N: a sell whose row breaks a check of orders (a client order id needs its request
    // hash), so every try of its write fails. Batch N+1: a buy planned while N is in flight,
    // which trades with N's sell in the books as N would leave them.
    const failing = outcome(
      books.submit(token.id, limit(seller.id, 'sell', 10, '10.00', { clientOrderId: 'no-hash' })),
    );
    const buy = outcome(books.submit(token.id, limit(buyer.id, 'buy', 10, '10.00')));

    // alone in its batch, found as the command the database refuses
    expect(await failing).toBe('ORDER_NOT_RECORDED');
    const answer = await buy;
    if (typeof answer === 'string') throw new Error(`the buy was refused: ${answer}`);
    // planned again without the sell, it rests: no trade
    expect(answer.trades).toEqual([]);
    expect(answer.orders.map((o) => [o.status, o.remaining_quantity, o.locked_fiat])).toEqual([
      ['open', 10, '100.00'],
    ]);
    // N was tried once on the reads it had cached (read-cache.ts), then three times on fresh
    // reads, and the buy planned on top of each try was planned again
    expect((await replanned()) - replannedBefore).toBe(4);

    const stored = await sys.db
      .selectFrom('orders')
      .select(['user_id', 'status', 'remaining_quantity', 'locked_fiat'])
      .where('token_id', '=', token.id)
      .execute();
    expect(
      stored.map((o) => [o.user_id, o.status, Number(o.remaining_quantity), o.locked_fiat]),
    ).toEqual([[buyer.id, 'open', 10, '100.00']]);
    const trades = await sys.db
      .selectFrom('trades')
      .select('id')
      .where('token_id', '=', token.id)
      .execute();
    expect(trades).toEqual([]);
    expect(await sys.fiat(buyer.id)).toBe('900.00');
    expect(await sys.wallet(seller.id, token.id)).toEqual({ balance: 100, locked: 0 });
    expect(await fiatWithLocks()).toBe(fiatBefore);
    await expectBookAsStored(token.id);

    // the book goes on from there: the seller's next sell trades with the buy
    const sell = await books.submit(token.id, limit(seller.id, 'sell', 10, '10.00'));
    expect(sell.trades.map((t) => t.quantity)).toEqual([10]);
    await expectBookAsStored(token.id);
  });
  it("sends the next batch's write before it answers the batch that committed", async () => {
    const token = await sys.token();
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    const { books } = sys.trading;
    await books.load(token.id);
    const query = vi.spyOn(PreparingClient.prototype, 'query');
    try {
      const answered = vi.fn();
      // the first command is a batch of its own; the second is planned while it commits
      const first = books.submit(token.id, limit(buyer.id, 'buy', 1, '9.00')).then(answered);
      const second = books.submit(token.id, limit(buyer.id, 'buy', 1, '9.01'));
      await Promise.all([first, second]);
      const writes = query.mock.calls.flatMap(([config], i) =>
        typeof config === 'object' && String(config.name).startsWith('batch_write')
          ? [query.mock.invocationCallOrder[i]!]
          : [],
      );
      expect(writes).toHaveLength(2);
      // the database writes the second batch while the first one's answers are sent
      expect(writes[1]).toBeLessThan(answered.mock.invocationCallOrder[0]!);
    } finally {
      query.mockRestore();
    }
  });
});

/**
 * The sequencer's batches span books: commands of several tokens that arrive while a commit is in
 * flight form one batch, one write for all of them. A command refused in such a batch changes
 * nothing, the others commit; the users' money is one balance across the batch's books.
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
});
afterAll(async () => {
  await sys.close();
});

/** The error code of a refused command, or 'ok'. */
const outcome = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('sequencer', () => {
  it('commits a mixed-token batch in one write, refusing one token and one overdraw', async () => {
    const halted = await sys.token({ halted_until: new Date('2026-01-05T11:00:00Z') });
    const b = await sys.token();
    const c = await sys.token();
    const seller = await sys.user('investor');
    await sys.giveTokens(seller.id, b.id, 100);
    await sys.giveTokens(seller.id, c.id, 100);
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '500.00');
    // enough for one of its two orders below, not both: the second is refused in the same batch
    const tight = await sys.user('investor');
    await sys.deposit(tight.id, '150.00');
    const { books } = sys.trading;
    await books.submit(b.id, limit(seller.id, 'sell', 20, '10.00'));
    await books.submit(c.id, limit(seller.id, 'sell', 20, '10.00'));
    await books.load(halted.id);
    const fiatBefore = await totalFiat(sys.db);

    // the first command starts a batch at once; the rest arrive while it is in flight
    const first = outcome(books.submit(b.id, limit(buyer.id, 'buy', 1, '10.00')));
    await Promise.resolve();
    const batch = [
      outcome(books.submit(halted.id, limit(buyer.id, 'buy', 5, '10.00'))),
      outcome(books.submit(b.id, limit(buyer.id, 'buy', 4, '10.00'))),
      outcome(books.submit(c.id, limit(buyer.id, 'buy', 6, '10.00'))),
      outcome(books.submit(b.id, limit(tight.id, 'buy', 10, '10.00'))),
      outcome(books.submit(c.id, limit(tight.id, 'buy', 10, '10.00'))),
    ];
    expect(await first).toBe('ok');
    expect(await Promise.all(batch)).toEqual([
      'TRADING_HALTED',
      'ok',
      'ok',
      'ok',
      'INSUFFICIENT_FUNDS',
    ]);
    await sys.settled();

    // the refused commands wrote nothing
    const haltedOrders = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('token_id', '=', halted.id)
      .execute();
    expect(haltedOrders).toEqual([]);
    const tightOrders = await sys.db
      .selectFrom('orders')
      .select('token_id')
      .where('user_id', '=', tight.id)
      .execute();
    expect(tightOrders).toEqual([{ token_id: b.id }]);
    expect(await sys.fiat(tight.id)).toBe('50.00');

    // the two tokens' trades of the batch paid the treasury in one row: one write
    const feeRows = await sql<{ amount: string }>`
      select amount from fiat_ledger where kind = 'trade_fee' order by amount`.execute(sys.db);
    const trades = await sys.db
      .selectFrom('trades')
      .select(['token_id', 'quantity', 'platform_fee'])
      .orderBy('quantity')
      .execute();
    expect(trades.map((t) => [t.token_id, Number(t.quantity)])).toEqual([
      [b.id, 1],
      [b.id, 4],
      [c.id, 6],
      [b.id, 10],
    ]);
    const batchFees = trades.slice(1).reduce((sum, t) => sum.plus(t.platform_fee), new Exact(0));
    expect(feeRows.rows.map((row) => row.amount)).toEqual([
      new Exact(trades[0]!.platform_fee).toFixed(2),
      batchFees.toFixed(2),
    ]);

    expect(await totalFiat(sys.db)).toBe(fiatBefore);
    expect(await sys.wallet(buyer.id, b.id)).toEqual({ balance: 5, locked: 0 });
    expect(await sys.wallet(buyer.id, c.id)).toEqual({ balance: 6, locked: 0 });
    expect(await sys.wallet(seller.id, b.id)).toEqual({ balance: 85, locked: 5 });
    for (const token of [b.id, c.id]) {
      const book = (await sys.call('GET', `/api/v1/orderbook/${token}?depth=50`)).json();
      expect({ bids: book.bids, asks: book.asks }).toEqual(await bookFromDatabase(sys.db, token));
    }
  });
});

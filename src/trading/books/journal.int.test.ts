/**
 * The journal write mode (TRADING_WRITE=journal): the same orders give the same rows as the
 * direct write; a client reads its acknowledged orders and trades at once (the read barrier); a
 * journal row is projected exactly once, by the book's owner only, after a crash between its
 * append and its projection (the restart projects the tail) and when another node takes the book
 * (it projects the former owner's tail before it serves the book).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';
import { createLogger } from '../../lib/logger.js';
import { limitOrder } from '../../../test/support/book-commands.js';
import { totalFiat } from '../../../test/support/trading-checks.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import { tradingMetrics } from '../metrics.js';
import { BookLeases } from './book-leases.js';
import { Books } from './books.js';
import { silentBroadcaster } from './broadcaster.js';
import { projectionOf, type JournalEntry } from './journal.js';
import { projectJournal, projectedAlreadyCode, readJournalTail } from './journal.queries.js';

let journal: TestTrading;
let direct: TestTrading;
const started: Books[] = [];

beforeAll(async () => {
  [journal, direct] = await Promise.all([
    startTestTrading({ env: { TRADING_WRITE: 'journal' } }),
    startTestTrading({ env: { TRADING_WRITE: 'direct' } }),
  ]);
});
afterAll(async () => {
  await Promise.all(started.map((books) => books.stop()));
  await Promise.all([journal.close(), direct.close()]);
});

const codeOf = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

/** A trading node's books on the journal system's database, in journal mode. */
async function node(name: string, leaseMs: number): Promise<Books> {
  const books = await Books.start({
    db: journal.db,
    clock: journal.clock,
    broadcaster: silentBroadcaster,
    metrics: tradingMetrics(),
    logger: createLogger('test', 'silent'),
    maxBatch: 100,
    platformCountry: 'AE',
    write: 'journal',
    leases: new BookLeases(
      journal.db,
      { node: name, url: null, leaseMs, exclusive: false },
      tradingMetrics(),
    ),
  });
  started.push(books);
  return books;
}

/** What a token's orders and trades left in the tables, without ids and times. */
async function tablesOf(sys: TestTrading, tokenId: string) {
  const orders = await sql<Record<string, unknown>>`
    select side, order_type, price::text, quantity::int, filled_quantity::int,
      remaining_quantity::int, locked_fiat::text, filled_value::text, status, cancel_reason,
      (select array_agg(h.status || ':' || h.filled_quantity || ':' || h.book_sequence
        order by h.id) from order_status_history h where h.order_id = o.id) as history
    from orders o where token_id = ${tokenId} order by priority, engine_key`.execute(sys.db);
  const trades = await sql<Record<string, unknown>>`
    select price::text, quantity::int, total::text, platform_fee::text, taker_side,
      settlement_status, (select count(*)::int from trade_settlement_history s
        where s.trade_id = t.id) as settlement_rows,
      (select count(*)::int from token_movements m where m.source_id = t.id) as movements
    from trades t where token_id = ${tokenId} order by created_at, quantity`.execute(sys.db);
  const candles = await sql<Record<string, unknown>>`
    select interval, open::text, high::text, low::text, close::text, volume::int, trades
    from candles where token_id = ${tokenId} order by interval, start`.execute(sys.db);
  const refusals = await sql<Record<string, unknown>>`
    select action, code from order_refusals where token_id = ${tokenId} order by id`.execute(
    sys.db,
  );
  const token = await sql<Record<string, unknown>>`
    select book_sequence::int, last_price::text from tokens where id = ${tokenId}`.execute(sys.db);
  return {
    orders: orders.rows,
    trades: trades.rows,
    candles: candles.rows,
    refusals: refusals.rows,
    token: token.rows,
  };
}

/** Places, fills, amends, cancels and a refusal over the API; what each answer said, and reads. */
async function scenario(sys: TestTrading) {
  const token = await sys.token();
  const seller = await sys.funded(token.id, '1000.00', 100);
  const buyer = await sys.funded(token.id, '1000.00', 0);
  const post = (body: object, trader: { token: string }) =>
    sys.call(
      'POST',
      '/api/v1/orders',
      { token_id: token.id, order_type: 'limit', ...body },
      trader.token,
    );
  const answers: unknown[] = [];
  const sell = await post({ side: 'sell', quantity: 10, price: '10.00' }, seller);
  answers.push(sell.json().order.status);
  const take = await post({ side: 'buy', quantity: 4, price: '10.00' }, buyer);
  answers.push(take.json().order.status, take.json().trades.length);
  // read at once after the acknowledgement: the order and its trade are there
  const own = await sys.call(
    'GET',
    `/api/v1/orders/${take.json().order.id}`,
    undefined,
    buyer.token,
  );
  answers.push(own.statusCode, own.json().status);
  const trades = await sys.call('GET', '/api/v1/trades', undefined, buyer.token);
  answers.push(trades.json().data?.length ?? trades.json().length);
  const rest = await post({ side: 'buy', quantity: 3, price: '9.00' }, buyer);
  const restId = rest.json().order.id as string;
  const amend = await sys.call('PATCH', `/api/v1/orders/${restId}`, { quantity: 5 }, buyer.token);
  answers.push(amend.statusCode, amend.json().order?.quantity);
  const sweep = await post({ side: 'sell', quantity: 2, price: '9.00' }, seller);
  answers.push(sweep.json().order.status);
  const cancel = await sys.call('DELETE', `/api/v1/orders/${restId}`, undefined, buyer.token);
  answers.push(cancel.statusCode, cancel.json().status);
  // a refusal: nothing to sell with
  const refused = await post({ side: 'sell', quantity: 1, price: '10.00' }, buyer);
  answers.push(refused.json().code);
  const listed = await sys.call('GET', '/api/v1/orders', undefined, buyer.token);
  answers.push(listed.statusCode, (listed.json().data ?? listed.json()).length);
  await sys.settled();
  return {
    answers,
    tables: await tablesOf(sys, token.id),
    fiat: [await sys.fiat(seller.id), await sys.fiat(buyer.id)],
    wallets: [await sys.wallet(seller.id, token.id), await sys.wallet(buyer.id, token.id)],
  };
}

async function journalRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from trading_journal`.execute(journal.db);
  return rows[0]!.n;
}

describe('journal write', () => {
  it('gives the same answers, reads and rows as the direct write', async () => {
    const [inJournal, inDirect] = await Promise.all([scenario(journal), scenario(direct)]);
    expect(inJournal).toEqual(inDirect);
    expect(inJournal.tables.trades.length).toBe(2);
    expect(await journalRows()).toBe(0);
  });

  it('projects the tail once after a crash between its append and its projection', async () => {
    const token = await journal.token();
    const seller = await journal.funded(token.id, '1000.00', 100);
    const buyer = await journal.funded(token.id, '1000.00', 0);
    const { books } = journal.trading;
    await books.load(token.id);
    // the process dies after its batches committed: nothing of theirs is projected
    await books.projector!.stop();
    expect(await codeOf(books.submit(token.id, limitOrder(seller.id, 'sell', 10, '10.00')))).toBe(
      'ok',
    );
    expect(await codeOf(books.submit(token.id, limitOrder(buyer.id, 'buy', 4, '10.00')))).toBe(
      'ok',
    );
    expect(await journalRows()).toBe(2);
    const orders = await journal.db
      .selectFrom('orders')
      .select('id')
      .where('token_id', '=', token.id)
      .execute();
    expect(orders).toEqual([]);
    // the money and the balances were committed with the journal rows
    expect(await journal.wallet(buyer.id, token.id)).toEqual({ balance: 4, locked: 0 });
    expect(await journal.wallet(seller.id, token.id)).toEqual({ balance: 96, locked: 6 });

    await journal.restart();
    const { books: restarted } = journal.trading;
    await restarted.readBarrier();
    expect(await journalRows()).toBe(0);
    const after = await tablesOf(journal, token.id);
    expect(after.orders.map((o) => [o.side, o.status, o.remaining_quantity])).toEqual([
      ['sell', 'partially_filled', 6],
      ['buy', 'filled', 0],
    ]);
    expect(after.trades).toEqual([
      expect.objectContaining({ quantity: 4, settlement_rows: 1, movements: 1 }),
    ]);
    expect(after.candles.every((c) => c.volume === 4 && c.trades === 1)).toBe(true);
    // the rebuilt book holds the projected resting sell: the next buy trades against it
    expect(await codeOf(restarted.submit(token.id, limitOrder(buyer.id, 'buy', 6, '10.00')))).toBe(
      'ok',
    );
    await restarted.readBarrier();
    expect(await journal.wallet(buyer.id, token.id)).toEqual({ balance: 10, locked: 0 });
  });

  it('a node taking the book projects the former owner tail first; the former owner cannot', async () => {
    const token = await journal.token();
    const seller = await journal.funded(token.id, '1000.00', 100);
    const buyer = await journal.funded(token.id, '1000.00', 0);
    const dying = await node('journal-a', 300);
    await dying.load(token.id);
    await dying.projector!.stop();
    expect(await codeOf(dying.submit(token.id, limitOrder(seller.id, 'sell', 10, '10.00')))).toBe(
      'ok',
    );
    const tail: JournalEntry[] = await readJournalTail(journal.db, token.id, 100);
    expect(tail).toHaveLength(1);
    const staleFence = {
      node: 'journal-a',
      tokenIds: [token.id],
      epochs: [(await leaseEpoch(token.id))!],
    };

    // its lease lapses; another node takes the book and trades against the resting sell
    await new Promise((resolve) => setTimeout(resolve, 400));
    const taking = await node('journal-b', 60_000);
    expect(await codeOf(taking.submit(token.id, limitOrder(buyer.id, 'buy', 4, '10.00')))).toBe(
      'ok',
    );
    await taking.readBarrier();
    expect(await journalRows()).toBe(0);
    const tables = await tablesOf(journal, token.id);
    expect(tables.orders.map((o) => [o.side, o.status, o.remaining_quantity])).toEqual([
      ['sell', 'partially_filled', 6],
      ['buy', 'filled', 0],
    ]);
    expect(tables.trades).toHaveLength(1);

    // the former owner's projection of the same row is refused: by its fence, and (unfenced)
    // because the row is gone; nothing is written twice
    await expect(projectJournal(journal.db, projectionOf(tail), staleFence)).rejects.toMatchObject({
      code: 'TB001',
    });
    await expect(projectJournal(journal.db, projectionOf(tail), null)).rejects.toMatchObject({
      code: projectedAlreadyCode,
    });
    expect((await tablesOf(journal, token.id)).orders).toHaveLength(2);
  });

  it('conserves money under concurrent orders and projects every journal row once', async () => {
    const tokens = await Promise.all([0, 1, 2, 3].map(() => journal.token()));
    const traders: { id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const trader = await journal.user('investor');
      await journal.deposit(trader.id, '10000.00');
      for (const token of tokens) await journal.giveTokens(trader.id, token.id, 1_000);
      traders.push(trader);
    }
    // the tables as settled before (the other tests' live orders lock their fiat)
    await journal.settled();
    const lockedBefore = await sql<{ sum: string }>`
      select coalesce(sum(locked_fiat), 0)::text as sum from orders`.execute(journal.db);
    const fiatBefore = new Exact(await totalFiat(journal.db))
      .plus(lockedBefore.rows[0]!.sum)
      .toFixed(2);
    const { books } = journal.trading;
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => {
        const trader = traders[i % traders.length]!;
        const token = tokens[Math.floor(i / 2) % tokens.length]!;
        const side = i % 2 === 0 ? 'buy' : 'sell';
        const price = (9.9 + ((i * 13) % 20) / 100).toFixed(2);
        return codeOf(books.submit(token.id, limitOrder(trader.id, side, 1 + (i % 5), price)));
      }),
    );
    expect(answers.filter((a) => a !== 'ok')).toEqual([]);
    await journal.settled();
    expect(await journalRows()).toBe(0);
    const ids = tokens.map((t) => t.id);
    const counts = await sql<{ orders: number; history: number; trades: number; moves: number }>`
      select (select count(*)::int from orders where token_id = any(${ids}::uuid[])) as orders,
        (select count(*)::int from order_status_history h join orders o on o.id = h.order_id
          where o.token_id = any(${ids}::uuid[]) and h.status = 'open') as history,
        (select count(*)::int from trades where token_id = any(${ids}::uuid[])) as trades,
        (select count(*)::int from token_movements where token_id = any(${ids}::uuid[])
          and kind = 'trade') as moves`.execute(journal.db);
    const row = counts.rows[0]!;
    expect(row.orders).toBe(600);
    // each order's history row of its placing once (one that traded at once was never open)
    expect(row.history).toBeLessThanOrEqual(600);
    const doubled = await sql<{ n: number }>`
      select count(*)::int as n from (select h.order_id, h.status, h.filled_quantity
        from order_status_history h join orders o on o.id = h.order_id
        where o.token_id = any(${ids}::uuid[]) group by 1, 2, 3 having count(*) > 1) d`.execute(
      journal.db,
    );
    expect(doubled.rows[0]!.n).toBe(0);
    expect(row.trades).toBeGreaterThan(0);
    expect(row.moves).toBe(row.trades);
    // fiat, to the cent: balances plus what live orders lock is what there was; wallets
    // are what the trades moved
    const locked = await sql<{ sum: string }>`
      select coalesce(sum(locked_fiat), 0)::text as sum from orders`.execute(journal.db);
    expect(new Exact(await totalFiat(journal.db)).plus(locked.rows[0]!.sum).toFixed(2)).toBe(
      fiatBefore,
    );
    const wallets = await sql<{ n: number }>`
      select count(*)::int as n from wallets w where w.token_id = any(${ids}::uuid[]) and
        w.balance <> 1000
          + (select coalesce(sum(quantity), 0) from trades t where t.buyer_id = w.user_id and t.token_id = w.token_id)
          - (select coalesce(sum(quantity), 0) from trades t where t.seller_id = w.user_id and t.token_id = w.token_id)`.execute(
      journal.db,
    );
    expect(wallets.rows[0]!.n).toBe(0);
  });
});

async function leaseEpoch(tokenId: string): Promise<number | undefined> {
  const row = await journal.db
    .selectFrom('book_leases')
    .select('epoch')
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return row?.epoch;
}

/**
 * Book ownership between trading nodes (two nodes in this process, one database): a node that
 * lost its lease can never commit for the book (the fence refuses its write, nothing changes, its
 * caller gets BOOK_UNAVAILABLE), books spread evenly as nodes join and drain, and a hand-over
 * answers the commands in flight before the next owner rebuilds the book from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createLogger } from '../../lib/logger.js';
import { totalFiat } from '../../../test/support/trading-checks.js';
import { limitOrder } from '../../../test/support/book-commands.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import { tradingMetrics } from '../metrics.js';
import { BookLeases } from './book-leases.js';
import { Books } from './books.js';
import { silentBroadcaster } from './broadcaster.js';

let sys: TestTrading;
const started: Books[] = [];

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await Promise.all(started.map((books) => books.stop()));
  await sys.close();
});

/** A trading node's books (not exclusive: it shares the books with the others). */
async function node(name: string, leaseMs = 60_000): Promise<Books> {
  const books = await Books.start({
    db: sys.db,
    clock: sys.clock,
    broadcaster: silentBroadcaster,
    metrics: tradingMetrics(),
    logger: createLogger('test', 'silent'),
    maxBatch: 100,
    platformCountry: 'AE',
    leases: new BookLeases(
      sys.db,
      { node: name, url: null, leaseMs, exclusive: false },
      tradingMetrics(),
    ),
  });
  // its first lease round, as the app runs it once the node serves on the bus
  await books.renewAndBalance();
  started.push(books);
  return books;
}

/** Drains nodes one after another, each first taking what the one before handed it. */
async function drainInTurn(...nodes: Books[]): Promise<void> {
  for (const books of nodes) {
    await books.renewAndBalance();
    await books.drain();
  }
}

const buy = (userId: string, quantity: number) => limitOrder(userId, 'buy', quantity, '10.00');

const codeOf = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

async function ordersOf(tokenId: string): Promise<number> {
  const rows = await sys.db
    .selectFrom('orders')
    .select('id')
    .where('token_id', '=', tokenId)
    .execute();
  return rows.length;
}

describe('book leases', () => {
  it('fences a node whose lease expired and was taken: its write is refused, nothing changes', async () => {
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const paused = await node('fence-a', 300);
    const other = await node('fence-b', 5_000);
    expect(await codeOf(paused.submit(token.id, buy(buyer.id, 1)))).toBe('ok');
    // the first node stops renewing (paused past its lease); the other takes the book
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await codeOf(other.submit(token.id, buy(buyer.id, 2)))).toBe('ok');
    const fiat = await totalFiat(sys.db);
    const orders = await ordersOf(token.id);

    // resumed, it still thinks it owns the book: the fence refuses every write it tries
    expect(paused.owns(token.id)).toBe(true);
    expect(await codeOf(paused.submit(token.id, buy(buyer.id, 3)))).toBe('BOOK_UNAVAILABLE');
    expect(await ordersOf(token.id)).toBe(orders);
    expect(await totalFiat(sys.db)).toEqual(fiat);
    expect(await sys.fiat(buyer.id)).toBe('999970.00');

    // the refusal makes it renew at once: it finds the book gone and closes it; asking again
    // finds the owner alive
    await expect.poll(() => paused.owns(token.id)).toBe(false);
    expect(await codeOf(paused.submit(token.id, buy(buyer.id, 3)))).toBe('BOOK_UNAVAILABLE');
    const lease = await sys.db
      .selectFrom('book_leases')
      .selectAll()
      .where('token_id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ owner_node: 'fence-b', epoch: 2 });
    await drainInTurn(paused, other);
  });

  it("gives a dead node's books out at once, each to a live node below its share: one change of owner", async () => {
    const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map(() => sys.token()));
    const buyer = await sys.funded(tokens[0]!.id);
    const ours = tokens.map(({ id }) => id);
    const dead = await node('orphan-c', 300);
    for (const id of ours) expect(await codeOf(dead.submit(id, buy(buyer.id, 1)))).toBe('ok');
    const first = await node('orphan-a');
    const second = await node('orphan-b');
    const held = (books: Books) => books.tokenIds.filter((id) => ours.includes(id)).length;
    // the third node stops renewing: its heartbeat and its leases run out
    await new Promise((resolve) => setTimeout(resolve, 400));

    // the first node has requests waiting for every one of them: the first of its looks gives
    // them all out, keeping its part; the other node rebuilds its own at its next round (in a
    // cluster: told at once, over the bus)
    const kept = await Promise.all(ours.map((id) => first.adopt(id)));
    await second.renewAndBalance();
    await first.renewAndBalance();
    expect(ours.map((id) => first.owns(id))).toEqual(kept);
    expect(ours.map((id) => second.owns(id))).toEqual(kept.map((mine) => !mine));
    expect(held(first) + held(second)).toBe(6);
    expect(Math.abs(first.tokenIds.length - second.tokenIds.length)).toBeLessThanOrEqual(1);
    // each taken once, at the epoch after the dead node's; further rounds move none
    await Promise.all([first.renewAndBalance(), second.renewAndBalance()]);
    const epochs = await sys.db
      .selectFrom('book_leases')
      .select('epoch')
      .where('token_id', 'in', ours)
      .execute();
    expect(epochs.map((row) => Number(row.epoch))).toEqual([2, 2, 2, 2, 2, 2]);

    // the dead node, back, never writes its former books again
    expect(await codeOf(dead.submit(ours[1]!, buy(buyer.id, 1)))).toBe('BOOK_UNAVAILABLE');
    for (const id of ours) {
      const owner = first.owns(id) ? first : second;
      expect(await codeOf(owner.submit(id, buy(buyer.id, 1)))).toBe('ok');
      expect(await ordersOf(id)).toBe(2);
    }
    await drainInTurn(dead, first, second);
  });

  it('spreads books evenly, gives a joining node its share, and hands all over on a drain', async () => {
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => sys.token()));
    const buyer = await sys.funded(tokens[0]!.id);
    const first = await node('spread-a');
    for (const { id } of tokens)
      expect(await codeOf(first.submit(id, buy(buyer.id, 1)))).toBe('ok');
    const ours = tokens.map(({ id }) => id);
    const held = (books: Books) => books.tokenIds.filter((id) => ours.includes(id)).length;
    expect(held(first)).toBe(5);

    // a second node joins: the first hands over what is above its share, the second takes it
    const second = await node('spread-b');
    await first.renewAndBalance();
    await second.renewAndBalance();
    expect(held(first) + held(second)).toBe(5);
    // (with the book of the test before, which the first node took at its start)
    expect(Math.abs(first.tokenIds.length - second.tokenIds.length)).toBeLessThanOrEqual(1);
    // a command reaching the non-owner is refused, changing nothing
    const moved = second.tokenIds.find((id) => ours.includes(id))!;
    expect(await codeOf(first.submit(moved, buy(buyer.id, 1)))).toBe('BOOK_UNAVAILABLE');
    // the new owner rebuilt the book from the database: it holds the order placed before
    expect(await codeOf(second.submit(moved, buy(buyer.id, 1)))).toBe('ok');
    expect(await ordersOf(moved)).toBe(2);

    // a drain answers what is in flight, then hands every book over
    const inFlight = codeOf(second.submit(moved, buy(buyer.id, 1)));
    await second.drain();
    expect(await inFlight).toBe('ok');
    await first.renewAndBalance();
    expect(held(first)).toBe(5);
    expect(await codeOf(first.submit(moved, buy(buyer.id, 1)))).toBe('ok');
    expect(await ordersOf(moved)).toBe(4);
    await first.drain();
  });
});

/**
 * A node never closes a book it still holds: the single process (the only node) keeps serving
 * every book through renewals that are late (its event loop starved past the lease) or that run
 * while a book is being opened, and a book opened during a renewal is not taken for lost. In a
 * cluster, an owner renewing a lease that ran out keeps it at the same epoch when no other node
 * took it meanwhile, and loses it when one did, at once if a write finds it lost; a book handed
 * over while it was being rebuilt is not served by the node that rebuilt it. A renewal of many
 * books locks each once, however few rows the planner expects.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createLogger } from '../../lib/logger.js';
import { limitOrder } from '../../../test/support/book-commands.js';
import { analyzedNodes } from '../../../test/support/plans.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import { tradingMetrics } from '../metrics.js';
import { BookLeases } from './book-leases.js';
import { renewal, takeLease } from './book-leases.queries.js';
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

/** A node's books: the single process's (`exclusive`, every lease taken at once) or a cluster's. */
async function singleProcess(name: string, leaseMs: number, exclusive = true): Promise<Books> {
  const books = await Books.start({
    db: sys.db,
    clock: sys.clock,
    broadcaster: silentBroadcaster,
    metrics: tradingMetrics(),
    logger: createLogger('test', 'silent'),
    maxBatch: 100,
    platformCountry: 'AE',
    leases: new BookLeases(sys.db, { node: name, url: null, leaseMs, exclusive }, tradingMetrics()),
  });
  // a cluster node's first lease round, as the app runs it once the node serves on the bus
  if (!exclusive) await books.renewAndBalance();
  started.push(books);
  return books;
}

const buy = (userId: string) => limitOrder(userId, 'buy', 1, '10.00');

const codeOf = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

async function epochOf(tokenId: string): Promise<number> {
  const lease = await sys.db
    .selectFrom('book_leases')
    .select('epoch')
    .where('token_id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return Number(lease.epoch);
}

/** Blocks this process's event loop (no timer, no I/O callback runs meanwhile). */
function starve(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: a machine so loaded that the process gets no turn
  }
}

describe('lease renewal', () => {
  it('keeps a book opened while a renewal is in flight', async () => {
    const [held, opened] = [await sys.token(), await sys.token()];
    const buyer = await sys.funded(held.id);
    const books = await singleProcess(`renewing-${process.pid}`, 60_000);
    expect(await codeOf(books.submit(held.id, buy(buyer.id)))).toBe('ok');

    // the renewal waits on the held book's lease row while the other book is opened
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const blocker = sys.db.transaction().execute(async (trx) => {
      await sql`select 1 from book_leases where token_id = ${held.id} for update`.execute(trx);
      locked();
      await gate;
    });
    await lockTaken;
    const renewal = books.renewAndBalance();
    expect(await codeOf(books.submit(opened.id, buy(buyer.id)))).toBe('ok');
    release();
    await blocker;
    await renewal;

    // the renewal did not see the book it was not asked to renew as lost
    expect(books.owns(opened.id)).toBe(true);
    expect(await codeOf(books.submit(opened.id, buy(buyer.id)))).toBe('ok');
    expect(await epochOf(opened.id)).toBe(1);
    await books.stop();
  });

  it('answers no order BOOK_UNAVAILABLE while its event loop starves past the lease', async () => {
    const tokens = await Promise.all(Array.from({ length: 24 }, () => sys.token()));
    const buyer = await sys.funded(tokens[0]!.id);
    const leaseMs = 300;
    const books = await singleProcess(`starved-${process.pid}`, leaseMs);
    books.startLeasing();
    // a few books open already, whose renewal the starving delays
    for (const token of tokens.slice(0, 8)) {
      expect(await codeOf(books.submit(token.id, buy(buyer.id)))).toBe('ok');
    }
    const answers: Promise<string>[] = [];
    for (const [i, token] of tokens.entries()) {
      // orders keep arriving, for open books and for books not opened yet
      answers.push(codeOf(books.submit(token.id, buy(buyer.id))));
      answers.push(codeOf(books.submit(tokens[i % 8]!.id, buy(buyer.id))));
      if (i % 4 === 0) starve(leaseMs + 500);
      await new Promise((resolve) => setTimeout(resolve, i % 3));
    }
    const codes = await Promise.all(answers);
    expect(codes.filter((code) => code !== 'ok')).toEqual([]);
    expect(tokens.every((token) => books.owns(token.id))).toBe(true);
    await books.stop();
  });

  it('keeps, in a cluster, a lease that ran out before its renewal while no other node took it', async () => {
    const [kept, taken] = [await sys.token(), await sys.token()];
    const buyer = await sys.funded(kept.id);
    const late = await singleProcess(`late-${process.pid}`, 60_000, false);
    for (const token of [kept, taken]) {
      expect(await codeOf(late.submit(token.id, buy(buyer.id)))).toBe('ok');
    }
    // both leases run out while the owner is starved; another node takes one of them meanwhile
    await sql`update book_leases set expires_at = now() - interval '1 second'
      where token_id = any(${[kept.id, taken.id]}::uuid[])`.execute(sys.db);
    await sql`update book_leases set owner_node = 'other-node', epoch = epoch + 1,
      expires_at = now() + interval '1 minute' where token_id = ${taken.id}`.execute(sys.db);

    await late.renewAndBalance();
    expect(late.owns(kept.id)).toBe(true);
    expect(await epochOf(kept.id)).toBe(1);
    expect(await codeOf(late.submit(kept.id, buy(buyer.id)))).toBe('ok');
    expect(late.owns(taken.id)).toBe(false);
    expect(await codeOf(late.submit(taken.id, buy(buyer.id)))).toBe('BOOK_UNAVAILABLE');
    await late.stop();
  });

  it('stops serving, in a cluster, a book another node took as soon as its fence refuses a write', async () => {
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const paused = await singleProcess(`fenced-${process.pid}`, 60_000, false);
    const events: string[] = [];
    paused.watch({
      serving: () => undefined,
      leaving: (id) => void (id === token.id && events.push('leaving')),
      handedOver: () => undefined,
    });
    expect(await codeOf(paused.submit(token.id, buy(buyer.id)))).toBe('ok');
    // taken while this node was paused: it still believes it holds the book, its renewal is a
    // third of the lease away (here never: no timer runs)
    await sql`update book_leases set owner_node = 'other-node', epoch = epoch + 1,
      expires_at = now() + interval '1 minute' where token_id = ${token.id}`.execute(sys.db);
    expect(paused.owns(token.id)).toBe(true);

    expect(await codeOf(paused.submit(token.id, buy(buyer.id)))).toBe('BOOK_UNAVAILABLE');
    await expect.poll(() => paused.owns(token.id)).toBe(false);
    expect(events).toEqual(['leaving']);
    expect(await codeOf(paused.submit(token.id, buy(buyer.id)))).toBe('BOOK_UNAVAILABLE');
    await paused.stop();
  });

  it('does not serve, in a cluster, a book handed over while it was being rebuilt', async () => {
    const token = await sys.token();
    const books = await singleProcess(`rebuilding-${process.pid}`, 60_000, false);
    const events: string[] = [];
    books.watch({
      serving: (id) => void (id === token.id && events.push('serving')),
      leaving: (id) => void (id === token.id && events.push('leaving')),
      handedOver: () => undefined,
    });
    // the rebuild waits on the orders table, once the lease is taken
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const blocker = sys.db.transaction().execute(async (trx) => {
      await sql`lock table orders in access exclusive mode`.execute(trx);
      locked();
      await gate;
    });
    await lockTaken;
    const loading = codeOf(books.load(token.id));
    while (!books.tokenIds.includes(token.id)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await books.handOver([token.id]);
    release();
    await blocker;

    // subscribed now, the node would answer the book's requests beside its new owner
    expect(await loading).toBe('BOOK_UNAVAILABLE');
    expect(events).toEqual(['leaving']);
    expect(books.owns(token.id)).toBe(false);
    await books.stop();
  });

  it('locks each lease once when it renews many (a never-analyzed table expects one row)', async () => {
    const tokens = await Promise.all(Array.from({ length: 30 }, () => sys.token()));
    const node = `many-${process.pid}`;
    for (const token of tokens) await takeLease(sys.db, token.id, node, 60_000, false);
    const ids = tokens.map((token) => token.id);
    const locks = (await analyzedNodes(sys.db, renewal(node, ids, 60_000))).filter(
      (node) => node['Node Type'] === 'LockRows',
    );
    expect(locks.map((node) => [node['Actual Loops'], node['Actual Rows']])).toEqual([
      [1, ids.length],
    ]);
  });
});

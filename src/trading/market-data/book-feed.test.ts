import { describe, expect, it } from 'vitest';
import type { LevelView } from '../engine/index.js';
import { Prng } from '../engine/testing/seeded-random.js';
import { BookFeed } from './book-feed.js';
import { BookMirror, viewChanges, type Level, type LevelChange } from './book-mirror.js';

/** A client's copy of one side: apply each level in order, then keep the best `depth`. */
function applyView(view: Level[], changes: Level[], depth: number, best: 'high' | 'low'): Level[] {
  const levels = new Map(view);
  for (const [price, quantity] of changes) {
    if (quantity === 0) levels.delete(price);
    else levels.set(price, quantity);
  }
  return [...levels].sort(([a], [b]) => (best === 'high' ? b - a : a - b)).slice(0, depth);
}

function randomChanges(random: Prng, count: number): LevelChange[] {
  return Array.from({ length: count }, () => {
    const side = random.chance(0.5) ? ('buy' as const) : ('sell' as const);
    const price = side === 'buy' ? random.int(900, 999) : random.int(1001, 1100);
    const quantity = random.chance(0.3) ? 0 : random.int(1, 50);
    return { side, price, quantity, orderCount: quantity === 0 ? 0 : random.int(1, 5) };
  });
}

const emptyBook = { sequence: 7, bids: [], asks: [] };

describe('the conflated book feed', () => {
  it("turns each client's view into the new one, one seq per flush, at every depth", () => {
    const random = new Prng(14);
    const feed = new BookFeed(emptyBook);
    const depths = [10, 25, 100];
    const views = new Map(depths.map((d) => [d, { bids: [] as Level[], asks: [] as Level[] }]));
    for (let round = 1; round <= 500; round += 1) {
      feed.gather(`t${round}`, randomChanges(random, random.int(1, 30)), []);
      const flush = feed.take(depths)!;
      expect(flush.seq).toBe(7 + round);
      expect(flush.ts).toBe(`t${round}`);
      for (const depth of depths) {
        const view = views.get(depth)!;
        const changes = flush.book!.views.get(depth)!;
        view.bids = applyView(view.bids, changes.bids, depth, 'high');
        view.asks = applyView(view.asks, changes.asks, depth, 'low');
        expect(view.bids).toEqual(feed.mirror.bids.top(depth));
        expect(view.asks).toEqual(feed.mirror.asks.top(depth));
      }
      expect(flush.book!.top.bids).toEqual(feed.mirror.bids.top(100));
    }
  });

  it('sends a level that left a view as quantity 0, whatever the client does with its depth', () => {
    const before: Level[] = [
      [10, 1],
      [9, 2],
    ];
    const after: Level[] = [
      [11, 5],
      [10, 1],
    ];
    expect(viewChanges(before, after)).toEqual([
      [9, 0],
      [11, 5],
    ]);
  });

  it('gathers batches until taken, keeps the first batch time, and has nothing to take after', () => {
    const feed = new BookFeed(emptyBook);
    expect(feed.take([10])).toBeNull();
    feed.gather('first', [{ side: 'buy', price: 990, quantity: 3, orderCount: 1 }], []);
    feed.gather('second', [{ side: 'buy', price: 990, quantity: 0, orderCount: 0 }], []);
    const flush = feed.take([10])!;
    expect(flush).toMatchObject({ seq: 8, ts: 'first' });
    // added and gone again within the flush: the client's view did not change
    expect(flush.book!.views.get(10)).toEqual({ bids: [], asks: [] });
    expect(feed.take([10])).toBeNull();
  });

  it('the changes to a book loaded again make the mirror that book, order counts too', () => {
    const random = new Prng(3);
    const level = (price: number): LevelView => ({
      price,
      quantity: random.int(1, 9),
      orderCount: random.int(1, 3),
    });
    const mirror = BookMirror.from({
      sequence: 1,
      bids: [level(99), level(98), level(97)],
      asks: [level(101), level(102)],
    });
    const loaded = { sequence: 9, bids: [level(99), level(96)], asks: [level(101), level(103)] };
    for (const change of mirror.changesTo(loaded)) mirror.apply(change);
    expect(mirror.bids.view(10)).toEqual(loaded.bids);
    expect(mirror.asks.view(10)).toEqual(loaded.asks);
    expect(mirror.changesTo(loaded)).toEqual([]);
  });
});

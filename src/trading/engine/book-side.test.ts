import { describe, expect, it } from 'vitest';
import { BookSide, restingNode } from './book-side.js';
import type { RestingNode } from './book-side.js';

function node(orderId: string, price: number, arrival: number, remaining = 5): RestingNode {
  const resting = restingNode(
    { key: arrival, orderId, ownerId: 'u', ownerKey: 0, side: 'sell', quantity: 10 },
    price,
    remaining,
  );
  resting.arrival = arrival;
  return resting;
}

/** The side's level prices, best first. */
function levelPrices(side: BookSide): number[] {
  const found: number[] = [];
  for (let level = side.best; level !== null; level = level.worse) found.push(level.price);
  return found;
}

describe('BookSide', () => {
  it('orders levels best first and keeps FIFO queues with aggregates', () => {
    const asks = new BookSide('sell');
    const [a, b, c, d] = [
      node('a', 102, 1),
      node('b', 100, 2),
      node('c', 101, 3),
      node('d', 100, 4, 3),
    ];
    for (const n of [a, b, c, d]) asks.append(n);
    expect(levelPrices(asks)).toEqual([100, 101, 102]);
    const best = asks.best;
    expect([best?.head?.orderId, best?.tail?.orderId, best?.quantity, best?.orderCount]).toEqual([
      'b',
      'd',
      8,
      2,
    ]);
  });

  it('drops a level with its last order, from the middle as well as the top', () => {
    const asks = new BookSide('sell');
    const [a, b, c] = [node('a', 100, 1), node('b', 101, 2), node('c', 102, 3)];
    for (const n of [a, b, c]) asks.append(n);
    asks.remove(b);
    asks.reduce(a, 2);
    expect(asks.levelCount).toBe(2);
    expect(asks.best?.quantity).toBe(3);
    asks.remove(a);
    expect(levelPrices(asks)).toEqual([102]);
    expect(() => asks.remove(a)).toThrow(/not resting/);
  });

  it('ranks bids highest first', () => {
    const bids = new BookSide('buy');
    for (const [i, price] of [99, 101, 100].entries()) {
      bids.append(
        restingNode(
          { key: i, orderId: `b${i}`, ownerId: 'u', ownerKey: 0, side: 'buy', quantity: 1 },
          price,
          1,
        ),
      );
    }
    expect(levelPrices(bids)).toEqual([101, 100, 99]);
    expect(bids.isBetter(101, 100)).toBe(true);
  });

  it('finds each level by price when prices share a cache slot, and after idle levels are dropped', () => {
    const asks = new BookSide('sell');
    // 4,096 apart: the same slot of the side's level cache; 2^32 + 100 has 100's low bits too.
    const prices = [100, 100 + 4_096, 100 + 8_192, 2 ** 32 + 100];
    const nodes = prices.map((price, i) => node(`o${i}`, price, i + 1));
    for (const n of nodes) asks.append(n);
    for (let round = 0; round < 2; round += 1) {
      for (const price of prices) expect(asks.level(price)?.price).toBe(price);
    }
    expect(asks.level(100 + 12_288)).toBeUndefined();
    // Empty more than the idle allowance of levels: the oldest idle ones leave the map and cache.
    const many = Array.from({ length: 1_100 }, (_, i) => node(`m${i}`, 10_000 + i, 100 + i));
    for (const n of many) asks.append(n);
    for (const n of many) asks.remove(n);
    for (const n of nodes) asks.remove(n);
    for (const price of prices) {
      const level = asks.level(price);
      if (level !== undefined) expect([level.price, level.orderCount]).toEqual([price, 0]);
    }
    const again = node('again', 100, 9_999);
    asks.append(again);
    expect(asks.level(100)?.head).toBe(again);
    expect(levelPrices(asks)).toEqual([100]);
  });
});

import type { BookSide } from '../book-side.js';
import type { OrderBook } from '../order-book.js';

/**
 * Checks the fast book's structure and throws on the first broken invariant: levels strictly
 * ordered, best bid below best ask, every list linked both ways, FIFO by arrival within a level,
 * aggregates equal to their orders, every live order in exactly one place.
 */
export function checkInvariants(book: OrderBook): void {
  const ids = new Set<number>();
  const addId = (key: number) => {
    if (ids.has(key)) throw new Error(`order ${key} is in two places`);
    ids.add(key);
  };
  checkSide(book.bids, addId);
  checkSide(book.asks, addId);
  const bestBid = book.bids.best;
  const bestAsk = book.asks.best;
  if (bestBid !== null && bestAsk !== null && bestBid.price >= bestAsk.price) {
    throw new Error(`book crossed: ${bestBid.price} >= ${bestAsk.price}`);
  }
  const stops = book.pendingStops();
  for (const stop of stops) addId(stop.key);
  for (const side of ['buy', 'sell'] as const) {
    const prices = stops.filter((s) => s.side === side).map((s) => s.stopPrice);
    for (let i = 1; i < prices.length; i += 1) {
      const [a, b] = [prices[i - 1] as number, prices[i] as number];
      if (side === 'buy' ? a > b : a < b) throw new Error(`${side} stops out of trigger order`);
    }
  }
  if (ids.size !== book.orderCount) {
    throw new Error(`index holds ${book.orderCount} orders, book ${ids.size}`);
  }
  for (const id of ids) if (book.find(id) === undefined) throw new Error(`${id} not indexed`);
}

function checkSide(side: BookSide, addId: (key: number) => void): void {
  let levels = 0;
  for (let level = side.best; level !== null; level = level.worse) {
    levels += 1;
    const better = level.better;
    if (better === null || (levels > 1 && !side.isBetter(better.price, level.price))) {
      throw new Error(`${side.side} levels out of order at ${level.price}`);
    }
    if (better.worse !== level) throw new Error(`${side.side} level ${level.price} unlinked`);
    let quantity = 0;
    let count = 0;
    let previous = null;
    for (let node = level.head; node !== null; node = node.next) {
      addId(node.key);
      if (node.prev !== previous || node.level !== level)
        throw new Error(`${node.orderId} unlinked`);
      if (node.side !== side.side || node.price !== level.price)
        throw new Error(`${node.orderId} misplaced`);
      if (node.remaining <= 0 || node.remaining > node.quantity)
        throw new Error(`${node.orderId} bad size`);
      if (previous !== null && previous.arrival >= node.arrival)
        throw new Error(`FIFO broken at ${node.orderId}`);
      quantity += node.remaining;
      count += 1;
      previous = node;
    }
    if (level.tail !== previous || count === 0)
      throw new Error(`level ${level.price} tail or empty`);
    if (quantity !== level.quantity || count !== level.orderCount) {
      throw new Error(
        `level ${level.price} aggregate ${level.quantity}/${level.orderCount}, orders ${quantity}/${count}`,
      );
    }
  }
  if (levels !== side.levelCount) throw new Error(`${side.side} counts ${side.levelCount} levels`);
}

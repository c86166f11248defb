import { describe, expect, it } from 'vitest';
import { StopBook } from './stop-book.js';
import type { PendingStop } from './stop-book.js';
import type { Side } from './types.js';

function stop(
  orderId: string,
  side: 'buy' | 'sell',
  stopPrice: number,
  arrival: number,
): PendingStop {
  const base = {
    status: 'pending_stop',
    ownerId: 'u',
    ownerKey: 0,
    type: 'stop_loss',
    quantity: 1,
  } as const;
  return {
    ...base,
    resting: false,
    key: arrival,
    orderId,
    side,
    stopPrice,
    price: null,
    timeInForce: 'IOC',
    arrival,
    bucket: null,
    slot: 0,
  };
}

/** The ids of the stops `StopBook.trigger` takes. */
function triggered(book: StopBook, side: Side, skip: number, price: number): string[] {
  const into: (PendingStop | null)[] = [];
  const count = book.trigger(side, skip, price, into, 0);
  return into.slice(0, count).map((s) => (s as PendingStop).orderId);
}

/** The ids of the first `count` stops of `side`, which `StopBook.drop` then removes. */
function dropped(book: StopBook, side: Side, count: number): string[] {
  const ids = book
    .all()
    .filter((s) => s.side === side)
    .slice(0, count)
    .map((s) => s.orderId);
  book.drop(side, count);
  return ids;
}

describe('StopBook', () => {
  it('keeps buys by lowest stop and sells by highest stop first, then by arrival', () => {
    const book = new StopBook();
    const stops = [
      stop('b105', 'buy', 105, 1),
      stop('b101', 'buy', 101, 2),
      stop('b101-late', 'buy', 101, 3),
      stop('s95', 'sell', 95, 4),
      stop('s99', 'sell', 99, 5),
    ];
    for (const s of stops) book.add(s);
    expect(book.all().map((s) => s.orderId)).toEqual(['b101', 'b101-late', 'b105', 's99', 's95']);
    // Buys trigger at or above their stop, sells at or below; past the last stop nothing does.
    expect([100, 101].map((price) => book.triggersAt('buy', 0, price))).toEqual([false, true]);
    expect([104, 105].map((price) => book.triggersAt('buy', 2, price))).toEqual([false, true]);
    expect(book.triggersAt('buy', 3, 1_000)).toBe(false);
    expect([100, 99].map((price) => book.triggersAt('sell', 0, price))).toEqual([false, true]);
    expect(book.triggersAt('sell', 1, 95)).toBe(true);
    expect(book.triggersAt('sell', 2, 1)).toBe(false);
    // A stop price's stops trigger together; read out of order (the cursor starts over) and on.
    expect(triggered(book, 'buy', 0, 100)).toEqual([]);
    expect(triggered(book, 'buy', 0, 101)).toEqual(['b101', 'b101-late']);
    expect(triggered(book, 'buy', 2, 1_000)).toEqual(['b105']);
    expect(triggered(book, 'buy', 3, 1_000)).toEqual([]);
    expect(triggered(book, 'buy', 1, 105)).toEqual(['b101-late', 'b105']);
    expect(triggered(book, 'sell', 0, 99)).toEqual(['s99']);
    expect(triggered(book, 'sell', 1, 1)).toEqual(['s95']);
  });

  it('takes the next stops in trigger order and removes any stop by identity', () => {
    const book = new StopBook();
    const [a, b, c] = [
      stop('a', 'sell', 90, 1),
      stop('b', 'sell', 90, 2),
      stop('c', 'sell', 95, 3),
    ];
    for (const s of [a, b, c]) book.add(s);
    book.remove(b);
    expect(() => book.remove(b)).toThrow(/not pending/);
    expect(dropped(book, 'sell', 2)).toEqual(['c', 'a']);
    expect(book.isEmpty).toBe(true);
    // An emptied stop price takes new stops again.
    book.add(b);
    expect(triggered(book, 'sell', 0, 90)).toEqual(['b']);
  });

  it('keeps arrival order when many stops of one price leave out of turn', () => {
    const book = new StopBook();
    const stops = Array.from({ length: 40 }, (_, i) => stop(`s${i}`, 'sell', 90, i + 1));
    for (const s of stops) book.add(s);
    for (const s of stops) if (s.arrival % 3 !== 0) book.remove(s);
    book.add(stop('late', 'sell', 90, 41));
    const left = stops.filter((s) => s.arrival % 3 === 0).map((s) => s.orderId);
    expect(book.all().map((s) => s.orderId)).toEqual([...left, 'late']);
    expect(triggered(book, 'sell', 1, 90)).toEqual([...left.slice(1), 'late']);
    expect(dropped(book, 'sell', 3)).toEqual(left.slice(0, 3));
    expect(book.all().map((s) => s.orderId)).toEqual([...left.slice(3), 'late']);
    expect(dropped(book, 'sell', left.length - 2)).toEqual([...left.slice(3), 'late']);
    expect(book.isEmpty).toBe(true);
  });

  it('keeps a queue that stops pass through (added at the back, cancelled at the front) small', () => {
    const book = new StopBook();
    let oldest = stop('s0', 'buy', 110, 1);
    book.add(oldest);
    for (let i = 1; i <= 100; i += 1) {
      const next = stop(`s${i}`, 'buy', 110, i + 1);
      book.add(next);
      book.remove(oldest);
      oldest = next;
    }
    expect(book.all().map((s) => s.orderId)).toEqual(['s100']);
    expect(oldest.bucket?.queue.length).toBeLessThan(20);
  });
});

import { describe, expect, it } from 'vitest';
import { StopBook } from './stop-book.js';
import type { PendingStop } from './stop-book.js';

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
    expect(book.next('buy', 0)?.orderId).toBe('b101');
    expect(book.next('buy', 2)?.orderId).toBe('b105');
    expect(book.next('buy', 3)).toBeUndefined();
    // Buys trigger at or above their stop, sells at or below; past the last stop nothing does.
    expect([100, 101].map((price) => book.triggersAt('buy', 0, price))).toEqual([false, true]);
    expect([104, 105].map((price) => book.triggersAt('buy', 2, price))).toEqual([false, true]);
    expect(book.triggersAt('buy', 3, 1_000)).toBe(false);
    expect([100, 99].map((price) => book.triggersAt('sell', 0, price))).toEqual([false, true]);
    expect(book.triggersAt('sell', 1, 95)).toBe(true);
    expect(book.triggersAt('sell', 2, 1)).toBe(false);
    // Read out of order (the cursor starts over) and in order again.
    expect([2, 0, 1, 2].map((skip) => book.next('buy', skip)?.orderId)).toEqual([
      'b105',
      'b101',
      'b101-late',
      'b105',
    ]);
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
    expect([book.takeNext('sell')?.orderId, book.takeNext('sell')?.orderId]).toEqual(['c', 'a']);
    expect(book.isEmpty).toBe(true);
    // An emptied stop price takes new stops again.
    book.add(b);
    expect(book.next('sell', 0)).toBe(b);
  });
});

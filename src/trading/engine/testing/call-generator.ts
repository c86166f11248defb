/** Small generated calls for the uncross's property and differential tests. */
import fc from 'fast-check';
import type { CallOrder } from '../uncross.js';
import type { Prng } from './seeded-random.js';

/** Prices in a narrow band so that calls cross, tie and leave surpluses on either side. */
export const CALL_TICKS = 12;

export function callOrder(
  i: number,
  side: 'buy' | 'sell',
  price: number | null,
  quantity: number,
): CallOrder {
  return { key: i, orderId: `o${i}`, ownerId: `u${i % 3}`, side, price, quantity };
}

/** A call of up to `size` orders, a tenth of them market orders, and its reference price. */
export function randomCall(random: Prng, size: number): { orders: CallOrder[]; reference: number } {
  const count = random.int(0, size);
  const orders: CallOrder[] = [];
  for (let i = 0; i < count; i += 1) {
    const price = random.chance(0.1) ? null : random.int(1, CALL_TICKS);
    orders.push(callOrder(i, random.chance(0.5) ? 'buy' : 'sell', price, random.int(1, 20)));
  }
  return { orders, reference: random.int(1, CALL_TICKS + 2) };
}

export const callArbitrary = fc
  .record({
    orders: fc.array(
      fc.record({
        side: fc.constantFrom('buy' as const, 'sell' as const),
        price: fc.option(fc.integer({ min: 1, max: CALL_TICKS }), { freq: 8 }),
        quantity: fc.integer({ min: 1, max: 20 }),
      }),
      { maxLength: 14 },
    ),
    reference: fc.integer({ min: 1, max: CALL_TICKS + 2 }),
  })
  .map(({ orders, reference }) => ({
    orders: orders.map((o, i) => callOrder(i, o.side, o.price, o.quantity)),
    reference,
  }));

import { describe, expect, it } from 'vitest';
import { randomCall } from './testing/call-generator.js';
import { referenceUncross } from './testing/reference-uncross.js';
import { Prng } from './testing/seeded-random.js';
import { uncross } from './uncross.js';

const BOOKS = 100_000;

describe('uncross against the brute force over every tick', () => {
  it(`agrees on ${BOOKS.toLocaleString('en-US')} generated calls`, () => {
    const random = new Prng(20261128);
    let crossed = 0;
    for (let i = 0; i < BOOKS; i += 1) {
      const { orders, reference } = randomCall(random, 10);
      const fast = uncross(orders, reference);
      const slow = referenceUncross(orders, reference);
      if (slow === null) {
        if (fast !== null) expect.fail(`call ${i}: expected no uncross, got ${fast.price}`);
        continue;
      }
      crossed += 1;
      if (fast === null) expect.fail(`call ${i}: expected an uncross at ${slow.price}`);
      const { price, volume, surplusSide, surplus, fills } = fast;
      if (
        price !== slow.price ||
        volume !== slow.volume ||
        surplusSide !== slow.surplusSide ||
        surplus !== slow.surplus ||
        JSON.stringify(fills) !== JSON.stringify(slow.fills)
      ) {
        expect({ i, orders, reference, fast }).toEqual({ i, orders, reference, fast: slow });
      }
    }
    // most generated calls cross: the comparison is not of empty results
    expect(crossed).toBeGreaterThan(BOOKS / 2);
  });
});

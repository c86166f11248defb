import { describe, expect, it } from 'vitest';
import { Ladder, Rung, heightOf } from './price-ladder.js';
import { Prng } from './testing/seeded-random.js';

class Step extends Rung<Step> {}

/** The ladder's prices at every level, walked from the first: each must be in priority order. */
function levels(ladder: Ladder<Step>): number[][] {
  const all: number[][] = [];
  const first = ladder.first;
  const zero: number[] = [];
  for (let rung = first; rung !== null; rung = rung.worse) zero.push(rung.price);
  all.push(zero);
  for (let h = 1; h < 16; h += 1) {
    const row: number[] = [];
    let rung = first;
    while (rung !== null && rung.height <= h) rung = rung.worse;
    for (; rung !== null; rung = rung.upWorse[h - 1] ?? null) row.push(rung.price);
    all.push(row);
  }
  return all;
}

describe('Ladder', () => {
  it('keeps every level of the skip list in priority order through seeded inserts and removals', () => {
    for (const sign of [1, -1]) {
      const r = new Prng(7 + sign);
      const ladder = new Ladder((height) => new Step(Number.NaN, height), sign);
      const on = new Map<number, Step>();
      for (let i = 0; i < 20_000; i += 1) {
        // Prices near a drifting best, and far ones, as a book's levels come and go.
        const price = r.chance(0.7) ? 5_000 + r.int(-20, 20) : r.int(1, 10_000);
        const rung = on.get(price);
        if (rung === undefined) {
          const added = new Step(price);
          ladder.insert(added);
          on.set(price, added);
        } else {
          ladder.remove(rung);
          on.delete(price);
        }
      }
      const expected = [...on.keys()].sort((a, b) => (b - a) * sign);
      const rows = levels(ladder);
      expect(rows[0]).toEqual(expected);
      for (const [h, row] of rows.entries()) {
        // Level h holds exactly the rungs taller than h, in the same order.
        expect(row).toEqual(expected.filter((price) => (on.get(price) as Step).height > h));
      }
      expect(ladder.size).toBe(on.size);
      for (const rung of on.values()) expect(rung.worse?.better ?? rung).toBe(rung);
    }
  });

  it('draws heights about one in four taller per level, from the price alone', () => {
    const heights = Array.from({ length: 100_000 }, (_, i) => heightOf(10_000 + i));
    const taller = (h: number) => heights.filter((x) => x > h).length;
    expect(taller(1) / heights.length).toBeCloseTo(0.25, 1);
    expect(taller(2) / taller(1)).toBeCloseTo(0.25, 1);
    expect(heightOf(2 ** 40 + 17)).toBe(heightOf(2 ** 40 + 17));
  });
});

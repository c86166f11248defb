import { describe, expect, it } from 'vitest';
import { KeyIndex } from './key-index.js';
import { Prng } from './testing/seeded-random.js';

describe('KeyIndex', () => {
  it('agrees with a Map through random lookups, sets and deletes, growth and colliding keys', () => {
    const index = new KeyIndex<{ key: number }>(4);
    const map = new Map<number, { key: number }>();
    const r = new Prng(7);
    const keyspace = [
      0,
      1,
      2 ** 31 - 1,
      2 ** 32,
      2 ** 32 + 1,
      2 ** 40 + 5,
      Number.MAX_SAFE_INTEGER,
    ];
    for (let i = 0; i < 200; i += 1) keyspace.push(r.int(0, 5_000), r.int(0, 63) * 1024);
    for (let step = 0; step < 50_000; step += 1) {
      const key = r.pick(keyspace);
      // A lookup first, of this key or another, as a cancel is planned before it is applied:
      // a delete starts from the slot the last lookup found.
      const looked = r.chance(0.5) ? key : r.pick(keyspace);
      if (r.chance(0.7)) expect(index.get(looked)).toBe(map.get(looked));
      if (r.chance(0.55)) {
        const item = { key };
        index.set(item);
        map.set(key, item);
      } else expect(index.delete(key)).toBe(map.delete(key));
      if (step % 1_000 === 0) {
        for (const k of keyspace) expect(index.get(k)).toBe(map.get(k));
      }
      expect(index.size).toBe(map.size);
    }
    for (const k of keyspace) expect(index.get(k)).toBe(map.get(k));
    for (const k of [-1, -2, Number.NaN]) {
      expect(index.get(k)).toBeUndefined();
      expect(index.delete(k)).toBe(false);
    }
    expect(index.size).toBe(map.size);
  });
});

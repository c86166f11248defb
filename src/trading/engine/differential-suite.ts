import { describe, expect, it } from 'vitest';
import { runDifferentialFlow } from './differential.js';

/** Registers one differential test of 50,000 generated operations per seed. */
export function differentialSuite(seeds: readonly number[]): void {
  describe(`fast book vs reference book, seeds ${seeds.join(', ')}`, () => {
    for (const seed of seeds) {
      it(`agrees on 50,000 generated operations, seed ${seed}`, () => {
        const stats = runDifferentialFlow(seed, 50_000);
        expect(stats.trades).toBeGreaterThan(10_000);
        expect(stats.triggered).toBeGreaterThan(1_000);
        expect(stats.dropped).toBeGreaterThan(1_000);
      });
    }
  });
}

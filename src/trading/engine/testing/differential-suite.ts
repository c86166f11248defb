import { describe, expect, it } from 'vitest';
import type { FlowShape } from './command-generator.js';
import { runDifferentialFlow } from './differential.js';

/** Registers one differential test of 50,000 generated operations per seed, of one shape. */
export function differentialSuite(shape: FlowShape, seeds: readonly number[]): void {
  describe(`fast book vs reference book, ${shape} books, seeds ${seeds.join(', ')}`, () => {
    for (const seed of seeds) {
      // A seed takes 2 s (small) to 7 s (deep) on a quiet machine; the limit is for a busy one.
      it(
        `agrees on 50,000 generated operations, ${shape} book, seed ${seed}`,
        { timeout: 180_000 },
        () => {
          const stats = runDifferentialFlow(seed, 50_000, shape);
          expect(stats.trades).toBeGreaterThan(10_000);
          expect(stats.triggered).toBeGreaterThan(1_000);
          expect(stats.dropped).toBeGreaterThan(1_000);
          expect(stats.amended).toBeGreaterThan(1_000);
          expect(stats.expired).toBeGreaterThan(500);
          expect(stats.cancelledAll).toBeGreaterThan(20);
        },
      );
    }
  });
}

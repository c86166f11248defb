/**
 * The order test files start in: the longest first, so that on a few workers the run does not end
 * with one long file running alone. Vitest's own order needs the durations of an earlier run in
 * its cache, which a fresh checkout (CI) does not have; without them it keeps the order the files
 * were found in. Here: the files measured at over a minute, then the rest of the end-to-end tests,
 * then the integration tests, then the unit tests; within each, the larger file first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Measured at over a minute each on 2 cores, longest first. */
export const longestFiles = [
  'test/e2e/start-stop.e2e.test.ts',
  'test/e2e/web-journeys.e2e.test.ts',
  'test/e2e/drill.e2e.test.ts',
];

function rank(file: string): number {
  const known = longestFiles.indexOf(file);
  if (known >= 0) return known;
  if (file.startsWith('test/e2e/')) return longestFiles.length;
  if (file.startsWith('test/integration/') || file.endsWith('.int.test.ts'))
    return longestFiles.length + 1;
  return longestFiles.length + 2;
}

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((spec) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      return { spec, rank: rank(file), size: fs.statSync(spec.moduleId).size };
    });
    keyed.sort((a, b) => a.rank - b.rank || b.size - a.size);
    return Promise.resolve(keyed.map(({ spec }) => spec));
  }
}

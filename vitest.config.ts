import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.js';

/**
 * Test files at once. Most files wait on child processes, PostgreSQL, anvil or a browser rather
 * than compute, so twice the cores keeps the cores busy (vitest's default, cores - 1, runs one
 * file at a time on 2 cores). TEST_WORKERS sets it.
 */
const workers = Number(process.env.TEST_WORKERS) || 2 * os.availableParallelism();

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    reporters: ['default', ['json', { outputFile: 'test-results/report.json' }]],
  },
});

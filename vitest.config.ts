import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.js';

/**
 * Test files at once: as many as the cores (vitest's default, cores - 1, runs one file at a time
 * on 2 cores, while most files wait on child processes, PostgreSQL, anvil or a browser). One more
 * than the cores made whole systems miss their waits on a slower 2-core machine (anvil not ready
 * in 60 s, a 15 s cluster test past 60 s), twice the cores browser steps. TEST_WORKERS sets it.
 */
const workers = Number(process.env.TEST_WORKERS) || os.availableParallelism();

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // files run side by side: a test waits on the cores while the other files use them
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a browser step's answer crosses the system's processes on the same loaded cores: vitest's
    // 1 s for expect.poll was missed on a slower 2-core machine (a click's answer read as not come)
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // A worker's files share its modules: each file imported the whole platform again (Fastify,
    // viem, Kysely), 194 s of a 828 s run on 2 cores. Each file still has its own database,
    // chain and processes; what a helper keeps per file is reset by each-file.ts.
    isolate: false,
    setupFiles: ['test/support/each-file.ts'],
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    reporters: ['default', ['json', { outputFile: 'test-results/report.json' }]],
  },
});

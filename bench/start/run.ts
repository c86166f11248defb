/**
 * Start benchmark: `npm start` as a user types it, timed from the command to the "Press Ctrl-C to
 * stop." line of the banner. A cold start runs on a data folder that does not exist yet (initdb,
 * migrations, the chain infrastructure deployed); a warm start is the next one on the same folder.
 * Each round uses a temporary folder and free ports, and stops the system with Ctrl-C after it.
 * Prints each start's wall time, the CPU time of its processes and the load average to stderr, and
 * one line to stdout: `start: cold <X> s, warm <Y> s` (medians over BENCH_START_ROUNDS, default 3).
 * Run with `npm run bench:start` (after `npm install`, which builds dist/: the figures are the
 * build's; with sources newer than the build, the TypeScript sources run through tsx).
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import {
  launch,
  newDataDir,
  processesOf,
  systemEnv,
  systemPorts,
} from '../../test/support/system.js';

const rounds = Number(process.env.BENCH_START_ROUNDS ?? 3);
const ticksPerSecond = 100;

/** CPU seconds of the system's processes so far, the children they reaped included. */
async function cpuSeconds(env: Record<string, string>): Promise<number> {
  let ticks = 0;
  for (const { pid } of await processesOf(env)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // ended meanwhile
    }
  }
  return ticks / ticksPerSecond;
}

async function timedStart(env: Record<string, string>, what: string): Promise<number> {
  const load = os.loadavg()[0]!.toFixed(1);
  const spawnedAt = performance.now();
  const npm = launch(env, 'npm');
  await npm.waitFor('Press Ctrl-C to stop.', 300_000);
  const seconds = (performance.now() - spawnedAt) / 1000;
  const cpu = await cpuSeconds(env);
  process.stderr.write(
    `${what}: ${seconds.toFixed(1)} s (CPU ${cpu.toFixed(1)} s, load average ${load} on ${os.cpus().length} cores)\n`,
  );
  process.kill(-npm.child.pid!, 'SIGINT');
  await npm.exited;
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<void> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const dataDir = await newDataDir();
    try {
      const env = systemEnv(dataDir, await systemPorts(), { LOG_LEVEL: 'warn' });
      cold.push(await timedStart(env, `round ${round} cold`));
      warm.push(await timedStart(env, `round ${round} warm`));
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`start: cold ${median(cold).toFixed(1)} s, warm ${median(warm).toFixed(1)} s`);
}

await main();

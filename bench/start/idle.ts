/**
 * What the whole system costs the machine while nothing happens: `tessera start` on a temporary
 * data folder, 10 s to settle, then the CPU of each of its processes and of the whole machine
 * over BENCH_IDLE_SECONDS (default 20), from /proc. PostgreSQL's backends rename themselves, so
 * its share is in the machine's figure only. BENCH_SYSTEM_ENV adds settings as JSON, e.g.
 * `BENCH_SYSTEM_ENV='{"WORKER_IDLE_MS":"50"}' npx tsx bench/start/idle.ts`.
 */
import fs from 'node:fs/promises';
import {
  newDataDir,
  processesOf,
  startSystem,
  systemEnv,
  systemPorts,
} from '../../test/support/system.js';
import { benchSystemSettings } from '../support/system-settings.js';

const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const extra = benchSystemSettings();

/** Busy clock ticks of the whole machine (user, nice, system, irq, softirq). */
async function machineTicks(): Promise<number> {
  const [cpu] = (await fs.readFile('/proc/stat', 'utf8')).split('\n');
  const f = cpu!.trim().split(/\s+/).slice(1).map(Number);
  return f[0]! + f[1]! + f[2]! + f[5]! + f[6]!;
}

/** Busy clock ticks of each of the system's processes, by role. */
async function processTicks(env: Record<string, string>): Promise<Map<string, number>> {
  const ticks = new Map<string, number>();
  for (const { pid, command } of await processesOf(env)) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const role = command.includes('tessera.js')
      ? command.split('tessera.js ')[1]!.split(' ')[0]!
      : command.split(' ')[0]!.split('/').pop()!;
    ticks.set(role, (ticks.get(role) ?? 0) + Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

const dataDir = await newDataDir();
const env = systemEnv(dataDir, await systemPorts(), extra);
const system = await startSystem(env);
try {
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const [before, machineBefore] = [await processTicks(env), await machineTicks()];
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const [after, machineAfter] = [await processTicks(env), await machineTicks()];
  const cores = (ticks: number) => (ticks / 100 / seconds).toFixed(3);
  for (const [role, ticks] of after) {
    console.log(`${role.padEnd(18)} ${cores(ticks - (before.get(role) ?? 0))} cores`);
  }
  console.log(`idle: ${cores(machineAfter - machineBefore)} cores of the machine`);
} finally {
  await system.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

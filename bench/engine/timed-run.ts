import v8 from 'node:v8';
import vm from 'node:vm';
import type { LoadedEngine } from './adapters.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * How long the machine is kept busy after a forced collection before the clock starts. The
 * collection returns with work left on the collector's background threads (sweeping, releasing
 * pages); on this 2-core machine that work would run alongside the next timed run and be billed
 * to whichever engine it is. Measured on the mixed stream, alternating runs with and without the
 * wait in one process: Tessera's rate 14% higher with it, nodejs-order-book's 6% (its run is
 * longer, so the overlap is a smaller part of it). The wait spins rather than sleeps: after an
 * idle pause a short run starts on a slower core (spinning measured 3% to 7% above sleeping for
 * Tessera, 1% for nodejs-order-book), and a service under load is never idle.
 */
const SETTLE_MS = 250;

/** A full collection, then a busy pause for its background work: every timed run starts so. */
export function quiesce(): void {
  collectGarbage();
  const end = performance.now() + SETTLE_MS;
  while (performance.now() < end);
}

/** One timed run of the whole stream on a fresh book (preload untimed), in operations per second. */
export function opsPerSecond(engine: LoadedEngine, count: number): number {
  return timedRun(engine, count).wall;
}

/**
 * One timed run in operations per second of wall time and of the process's CPU time (all its
 * threads, the garbage collector's included). On a host shared by more runnable processes than
 * cores, wall time is mostly time the process waited for a core; CPU time leaves that out.
 */
export function timedRun(engine: LoadedEngine, count: number): { wall: number; cpu: number } {
  engine.reset();
  quiesce();
  const cpu = process.cpuUsage();
  const start = performance.now();
  engine.runAll();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall: count / (wall / 1000), cpu: count / ((used.user + used.system) / 1e6) };
}

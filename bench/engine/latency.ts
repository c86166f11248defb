import v8 from 'node:v8';
import type { LoadedEngine } from './adapters.js';
import { quiesce } from './timed-run.js';

/** How many timed passes over the stream the latency figures are taken from. */
const PASSES = 5;

export interface Latency {
  /** Percentiles of each operation's least latency over the passes, in nanoseconds. */
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** The p99.9 of the first pass alone: the host's interruptions included. */
  onePassP999: number;
  /** The collections in the pass that had the most, and their total pause. */
  collections: number;
  collectionMs: number;
  peakHeapMb: number;
}

/**
 * Per-operation latency: PASSES passes over the same stream, each from a fresh book after a
 * collection and the settle, timing every operation with `performance.now()` (its own cost,
 * 0.05 to 0.1 us, included). An operation's latency is the least of its passes. The stream and
 * the book are the same in every pass, so what the operation's own work costs (a cascade, a
 * sweep, a table that grows) is there in all of them, while the host taking the core away
 * (`hostPauses`: more than once per millisecond here, 20 to 50 us each) falls on other operations
 * in each pass. Collections are counted apart, so that none hides in the minimum.
 */
export function latency(engine: LoadedEngine, count: number): Latency {
  const passes = leastLatencies(engine, count);
  const least = Float64Array.from(passes.least).sort();
  return {
    p50: percentile(least, 0.5),
    p99: percentile(least, 0.99),
    p999: percentile(least, 0.999),
    max: least[count - 1] as number,
    onePassP999: passes.onePassP999,
    collections: passes.collections,
    collectionMs: passes.collectionMs,
    peakHeapMb: passes.peakHeapMb,
  };
}

/** The passes behind `latency`: each operation's least latency, in stream order. */
export function leastLatencies(
  engine: LoadedEngine,
  count: number,
): Omit<Latency, 'p50' | 'p99' | 'p999' | 'max'> & { least: Float64Array } {
  const least = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const times = new Float64Array(count);
  let onePassP999 = 0;
  let collections = 0;
  let collectionMs = 0;
  let peakHeapMb = 0;
  for (let pass = 0; pass < PASSES; pass += 1) {
    engine.reset();
    quiesce();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const profiler = new v8.GCProfiler();
    profiler.start();
    engine.runTimed(times, () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    });
    const { statistics } = profiler.stop();
    if (statistics.length > collections) {
      collections = statistics.length;
      collectionMs = statistics.reduce((sum, gc) => sum + gc.cost, 0) / 1000;
    }
    peakHeapMb = Math.max(peakHeapMb, (peak - baseline) / 2 ** 20);
    if (pass === 0) onePassP999 = percentile(Float64Array.from(times).sort(), 0.999);
    for (let i = 0; i < count; i += 1) least[i] = Math.min(least[i] as number, times[i] as number);
  }
  return { least, onePassP999, collections, collectionMs, peakHeapMb };
}

/**
 * Each operation's least latency over `passes` passes of each engine, the engines' passes
 * alternating (A B, B A, ...) so that the host's changing state falls on both alike; for a
 * paired comparison (ab.ts). Returns, per engine, the p99.9 and how many operations took 10 us
 * or more.
 */
export function pairedTail(
  engines: readonly LoadedEngine[],
  count: number,
  passes: number,
): { p999: number; over10us: number }[] {
  const least = engines.map(() => new Float64Array(count).fill(Number.POSITIVE_INFINITY));
  const times = new Float64Array(count);
  for (let pass = 0; pass < passes; pass += 1) {
    for (let j = 0; j < engines.length; j += 1) {
      const e = pass % 2 === 0 ? j : engines.length - 1 - j;
      const engine = engines[e] as LoadedEngine;
      const mins = least[e] as Float64Array;
      engine.reset();
      quiesce();
      engine.runTimed(times, () => {});
      for (let i = 0; i < count; i += 1) mins[i] = Math.min(mins[i] as number, times[i] as number);
    }
  }
  return least.map((mins) => {
    const sorted = Float64Array.from(mins).sort();
    return { p999: percentile(sorted, 0.999), over10us: mins.filter((ns) => ns >= 10_000).length };
  });
}

function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** How often, and how long, the host takes the core from a busy loop. */
export interface HostPauses {
  perMs: number;
  medianUs: number;
  longestUs: number;
}

/**
 * Spins for `ms` reading the clock and counts the gaps of 10 us or more between two reads: the
 * host (other processes, the hypervisor) running instead of this process. An operation's latency
 * in one pass includes whichever of these fall inside it.
 */
export function hostPauses(ms = 200): HostPauses {
  const gaps: number[] = [];
  const start = performance.now();
  let last = start;
  while (last - start < ms) {
    const now = performance.now();
    if (now - last >= 0.01) gaps.push(now - last);
    last = now;
  }
  gaps.sort((a, b) => a - b);
  return {
    perMs: gaps.length / (last - start),
    medianUs: (gaps[Math.floor(gaps.length / 2)] ?? 0) * 1000,
    longestUs: (gaps[gaps.length - 1] ?? 0) * 1000,
  };
}

/**
 * The engine benchmark: `npm run bench:engine`. Drives Tessera's engine (plan + apply per
 * operation) and nodejs-order-book through the same seeded streams in one process and prints
 * throughput (median of RUNS interleaved timed runs after a warm-up), per-operation latency
 * percentiles and peak heap growth, for the add-only, crossing and mixed workloads, next to an
 * id-index floor (string ids) and a key-index floor (integer keys; see adapters.ts). The last
 * line is the mixed workload's headline: `mixed: <N> ops/s, <R>x nodejs-order-book`.
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { idIndexFloor, keyIndexFloor, nodejsOrderBook, tessera } from './adapters.js';
import type { LoadedEngine } from './adapters.js';
import { addOnlyWorkload, crossingWorkload, mixedWorkload } from './workload.js';
import type { Workload } from './workload.js';

const SEED = 20_240_611;
const RUNS = 5;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

interface Latency {
  p50: number;
  p99: number;
  p999: number;
  peakHeapMb: number;
}

/** One timed run of the whole stream on a fresh book (preload untimed). */
function opsPerSecond(engine: LoadedEngine, count: number): number {
  engine.reset();
  collectGarbage();
  const start = performance.now();
  engine.runAll();
  return count / ((performance.now() - start) / 1000);
}

/** A further run timing every operation, sampling the heap every 4096 operations. */
function latency(engine: LoadedEngine, count: number): Latency {
  engine.reset();
  collectGarbage();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const latencies = new Float64Array(count);
  engine.runTimed(latencies, () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  });
  latencies.sort();
  const at = (q: number) => latencies[Math.min(count - 1, Math.floor(q * count))] as number;
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999), peakHeapMb: (peak - baseline) / 2 ** 20 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function line(workload: string, engine: string, rate: number, l: Latency): string {
  const us = (ns: number) => `${(ns / 1000).toFixed(2)} us`;
  return [
    `${workload.padEnd(9)} ${engine.padEnd(18)}`,
    `${Math.round(rate).toLocaleString('en-US').padStart(11)} ops/s`,
    `p50 ${us(l.p50)}  p99 ${us(l.p99)}  p99.9 ${us(l.p999)}`,
    `peak heap +${l.peakHeapMb.toFixed(0)} MB`,
  ].join('  ');
}

/**
 * Warms every engine up on the workload, then interleaves their timed runs (A B C, A B C, ...)
 * so that a shared machine's changing load falls on all of them alike; returns the median
 * rates of tessera and nodejs-order-book.
 */
function bench(workload: Workload): { tessera: number; nodejs: number } {
  const count = workload.ops.length;
  const engines = [
    tessera(workload),
    nodejsOrderBook(workload),
    idIndexFloor(workload),
    keyIndexFloor(workload),
  ];
  for (const engine of engines) {
    engine.reset();
    engine.runAll();
  }
  const rates = engines.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run += 1) {
    engines.forEach((engine, i) => rates[i]?.push(opsPerSecond(engine, count)));
  }
  const medians = rates.map(median);
  engines.forEach((engine, i) => {
    console.log(line(workload.name, engine.name, medians[i] as number, latency(engine, count)));
  });
  const [ours, theirs] = medians as [number, number];
  console.log(`${workload.name.padEnd(9)} ratio ${(ours / theirs).toFixed(1)}x`);
  return { tessera: ours, nodejs: theirs };
}

console.log(
  `engine benchmark: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ` +
    `seed ${SEED}, median of ${RUNS} interleaved runs after a warm-up; latencies from one further run`,
);
bench(addOnlyWorkload(300_000, SEED));
bench(crossingWorkload(50_000, SEED));
const mixed = bench(mixedWorkload(500_000, SEED));
const ratio = mixed.tessera / mixed.nodejs;
console.log(`mixed: ${Math.round(mixed.tessera)} ops/s, ${ratio.toFixed(1)}x nodejs-order-book`);

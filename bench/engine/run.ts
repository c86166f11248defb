/**
 * The engine benchmark: `npm run bench:engine`. Drives Tessera's engine (plan + apply per
 * operation) and nodejs-order-book through the same seeded streams in one process and prints
 * throughput (median of RUNS timed runs after a warm-up), per-operation latency percentiles and
 * peak heap growth, for the mixed, add-only and crossing workloads. The last line is the mixed
 * workload's headline: `mixed: <N> ops/s, <R>x nodejs-order-book`.
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { idIndexFloor, nodejsOrderBook, tessera } from './adapters.js';
import type { LoadedEngine } from './adapters.js';
import { addOnlyWorkload, crossingWorkload, mixedWorkload } from './workload.js';
import type { Workload } from './workload.js';

const SEED = 20_240_611;
const RUNS = 5;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

interface Result {
  opsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  peakHeapMb: number;
}

function measure(engine: LoadedEngine, count: number): Result {
  engine.reset();
  engine.runAll(); // warm-up: lets the JIT settle on this workload's shapes
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    engine.reset();
    collectGarbage();
    const start = performance.now();
    engine.runAll();
    rates.push(count / ((performance.now() - start) / 1000));
  }
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
  return {
    opsPerSecond: median(rates),
    p50: at(0.5),
    p99: at(0.99),
    p999: at(0.999),
    peakHeapMb: (peak - baseline) / 2 ** 20,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function line(workload: string, engine: string, r: Result): string {
  const us = (ns: number) => `${(ns / 1000).toFixed(2)} us`;
  return [
    `${workload.padEnd(9)} ${engine.padEnd(18)}`,
    `${Math.round(r.opsPerSecond).toLocaleString('en-US').padStart(11)} ops/s`,
    `p50 ${us(r.p50)}  p99 ${us(r.p99)}  p99.9 ${us(r.p999)}`,
    `peak heap +${r.peakHeapMb.toFixed(0)} MB`,
  ].join('  ');
}

function bench(workload: Workload): { tessera: Result; nodejs: Result } {
  const count = workload.ops.length;
  const ours = measure(tessera(workload), count);
  console.log(line(workload.name, 'tessera', ours));
  const theirs = measure(nodejsOrderBook(workload), count);
  console.log(line(workload.name, 'nodejs-order-book', theirs));
  console.log(line(workload.name, 'id-index floor', measure(idIndexFloor(workload), count)));
  console.log(
    `${workload.name.padEnd(9)} ratio ${(ours.opsPerSecond / theirs.opsPerSecond).toFixed(1)}x`,
  );
  return { tessera: ours, nodejs: theirs };
}

console.log(
  `engine benchmark: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ` +
    `seed ${SEED}, median of ${RUNS} runs after a warm-up; latencies from one further timed run`,
);
bench(addOnlyWorkload(300_000, SEED));
bench(crossingWorkload(50_000, SEED));
const mixed = bench(mixedWorkload(500_000, SEED));
const ratio = mixed.tessera.opsPerSecond / mixed.nodejs.opsPerSecond;
console.log(
  `mixed: ${Math.round(mixed.tessera.opsPerSecond)} ops/s, ${ratio.toFixed(1)}x nodejs-order-book`,
);

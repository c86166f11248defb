/**
 * The engine benchmark: `npm run bench:engine`. Drives Tessera's engine (plan + apply per
 * operation), nodejs-order-book and a plain baseline book (baseline-book.ts) through the same
 * seeded streams in one process and prints throughput (median of RUNS interleaved timed runs
 * after a warm-up), per-operation latency percentiles (latency.ts), the collections and peak heap
 * growth during those passes and how often the host paused the process, for each workload of
 * the family (each in a child process of its own). The last line is the family's worst case:
 * `mixed: <N> ops/s, <R>x nodejs-order-book`, N and R the minimum over the workloads; the
 * auction shape (auction.ts, an uncross's time, not a rate) follows in a process of its own.
 * `npm run bench:engine -- <workload>` runs one workload (or `auction`).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { baselineBook, nodejsOrderBook, tessera } from './adapters.js';
import { benchAuction } from './auction.js';
import type { LoadedEngine } from './adapters.js';
import { hostPauses, latency } from './latency.js';
import type { Latency } from './latency.js';
import { opsPerSecond } from './timed-run.js';
import { SEED, WORKLOADS } from './workload.js';
import type { Workload } from './workload.js';

const RUNS = 5;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function line(workload: string, engine: string, rate: number, l: Latency): string {
  const us = (ns: number) => `${(ns / 1000).toFixed(2)} us`;
  return [
    `${workload.padEnd(9)} ${engine.padEnd(18)}`,
    `${Math.round(rate).toLocaleString('en-US').padStart(11)} ops/s`,
    `p50 ${us(l.p50)}  p99 ${us(l.p99)}  p99.9 ${us(l.p999)} (one pass ${us(l.onePassP999)})`,
    `max ${us(l.max)}  gc ${l.collections} (${l.collectionMs.toFixed(1)} ms)`,
    `peak heap +${l.peakHeapMb.toFixed(0)} MB`,
  ].join('  ');
}

/**
 * Warms the engines up on the workload, then interleaves their timed runs (A B, A B, ...) so
 * that a shared machine's changing load falls on all of them alike, and prints each one's
 * median rate and latencies; returns the median rates.
 */
function timeInterleaved(workload: Workload, engines: LoadedEngine[]): number[] {
  const count = workload.ops.length;
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
  return medians;
}

/** What a workload's child process reports to the parent, on a line of its own. */
const RESULT = '@result ';

/** One workload: Tessera, nodejs-order-book and the baseline book, interleaved. */
function bench(workload: Workload): void {
  const engines = [tessera(workload), nodejsOrderBook(workload), baselineBook(workload)];
  const [ours, theirs, baseline] = timeInterleaved(workload, engines) as [number, number, number];
  const ratio = ours / theirs;
  const name = workload.name.padEnd(9);
  const host = hostPauses();
  console.log(
    `${name} host: ${host.perMs.toFixed(2)} pauses of 10 us or more per ms of a busy loop ` +
      `(median ${host.medianUs.toFixed(0)} us, longest ${host.longestUs.toFixed(0)} us)`,
  );
  console.log(
    `${name} ratio ${ratio.toFixed(1)}x nodejs-order-book, ${(ours / baseline).toFixed(2)}x baseline book`,
  );
  console.log(RESULT + JSON.stringify({ name: workload.name, rate: ours, ratio }));
}

const only = process.argv[2];
if (only === 'auction') {
  benchAuction(SEED);
} else if (only !== undefined) {
  const make = WORKLOADS[only];
  if (make === undefined) throw new Error(`unknown workload ${only}`);
  bench(make());
} else {
  console.log(
    `engine benchmark: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ` +
      `seed ${SEED}, median of ${RUNS} interleaved runs after a warm-up; latency: each operation's ` +
      'least of 5 further passes (p99.9 of one pass beside it); ' +
      'one process per workload',
  );
  type Result = { name: string; rate: number; ratio: number };
  const results: Result[] = [];
  // Each workload in a process of its own, as a JVM harness forks per benchmark: the engines'
  // code is then optimized for that workload only, not for whichever ran before it.
  for (const name of [...Object.keys(WORKLOADS), 'auction']) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1] as string, name],
      { stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8' },
    );
    for (const text of child.stdout.split('\n')) {
      if (text.startsWith(RESULT)) results.push(JSON.parse(text.slice(RESULT.length)) as Result);
      else if (text !== '') console.log(text);
    }
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  const rate = Math.min(...results.map((r) => r.rate));
  const ratio = Math.min(...results.map((r) => r.ratio));
  const slowest = (pick: (r: Result) => number, value: number) =>
    results.find((r) => pick(r) === value)?.name ?? '';
  console.log(
    `worst case: rate ${slowest((r) => r.rate, rate)}, ratio ${slowest((r) => r.ratio, ratio)}`,
  );
  console.log(`mixed: ${Math.round(rate)} ops/s, ${ratio.toFixed(1)}x nodejs-order-book`);
}

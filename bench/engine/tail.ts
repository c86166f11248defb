/**
 * What a workload's slowest operations are: `npx tsx bench/engine/tail.ts <workload> [N]` times
 * Tessera's engine on the workload as `npm run bench:engine` does (each operation's least latency
 * over five passes, latency.ts) and prints how many operations took 10 us or more and the N
 * slowest (20 by default), each with its kind, what its plan held (trades, order updates and
 * triggered stops) and how long its plan takes when everything it reads is in the caches (the
 * same command planned again and again: planning changes nothing), against which the operation's
 * latency shows what its cache misses cost.
 */
import { tessera } from './adapters.js';
import { Handles } from './commands.js';
import { leastLatencies } from './latency.js';
import { WORKLOADS } from './workload.js';
import { OrderBook } from '../../src/trading/engine/index.js';

const name = process.argv[2] ?? 'stops';
const shown = Number(process.argv[3] ?? 20);
const make = WORKLOADS[name];
if (make === undefined) throw new Error(`unknown workload ${name}`);
const workload = make();
const count = workload.ops.length;
const engine = tessera(workload);
engine.reset();
engine.runAll();
const { least, collections, collectionMs } = leastLatencies(engine, count);

const slowest = Array.from({ length: count }, (_, i) => i).sort(
  (a, b) => (least[b] as number) - (least[a] as number),
);
const shownOps = new Set(slowest.slice(0, shown));

/** What each operation's plan held, from one untimed replay; for those shown, planning in cache. */
const handles = new Handles();
const book = new OrderBook();
const held: string[] = [];
const REPEATS = 2_000;
for (const [i, op] of [...workload.preload, ...workload.ops].entries()) {
  const command = handles.command(op);
  const result = book.plan(command);
  if (!result.ok) {
    held.push(`rejected ${result.code}`);
    continue;
  }
  const { tradeCount, updateCount, triggeredCount } = result.plan;
  let inCache = '';
  if (shownOps.has(i - workload.preload.length)) {
    for (let warm = 0; warm < REPEATS; warm += 1) book.plan(command);
    const start = performance.now();
    for (let repeat = 0; repeat < REPEATS; repeat += 1) book.plan(command);
    inCache = `; planned in cache ${(((performance.now() - start) * 1e3) / REPEATS).toFixed(1)} us`;
  }
  held.push(`${tradeCount} trades, ${updateCount} updates, ${triggeredCount} triggered${inCache}`);
  book.apply(result.plan);
}
const plans = held.slice(workload.preload.length);

const over = slowest.filter((i) => (least[i] as number) >= 10_000).length;
console.log(
  `${name}: ${over} of ${count} operations took 10 us or more (p99.9 is number ` +
    `${Math.floor(count / 1000) + 1} from the slowest); collections in the busiest pass: ${collections} ` +
    `(${collectionMs.toFixed(1)} ms)`,
);
for (const i of slowest.slice(0, shown)) {
  const us = ((least[i] as number) / 1000).toFixed(1).padStart(7);
  console.log(`${us} us  #${i} ${workload.ops[i]?.kind}: ${plans[i]}`);
}

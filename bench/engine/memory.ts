/**
 * What bounds the engine on a deep book. `npm run bench:engine:memory -- [workload...]` prints
 * (1) how long one load takes that depends on the one before, by the size of the memory it ranges
 * over (a random cycle through one cache line per element): the caches this host gives the
 * process, and what a load beyond them costs; (2) how many bytes a book of each workload's
 * preload takes on the heap, per order; (3) each kind of operation's mean latency in each
 * workload (each operation's least over five passes, latency.ts), so that the same kind can be
 * compared between a book that fits in the caches and one that does not.
 * Workloads: deep-10k and deep-100k unless named. (2) needs `--expose-gc`, which the script sets.
 */
import { tessera } from './adapters.js';
import { Handles } from './commands.js';
import { leastLatencies } from './latency.js';
import { WORKLOADS } from './workload.js';
import type { Workload } from './workload.js';
import { OrderBook } from '../../src/trading/engine/index.js';
import { Prng } from '../../src/trading/engine/testing/seeded-random.js';

const names = process.argv.length > 2 ? process.argv.slice(2) : ['deep-10k', 'deep-100k'];

/** Nanoseconds per dependent load over `mb` megabytes: a random cycle, one element per line. */
function dependentLoad(mb: number): number {
  const lines = (mb * 2 ** 20) / 64;
  const stride = 16; // Int32 elements per 64-byte line
  const memory = new Int32Array(lines * stride);
  const order = Array.from({ length: lines }, (_, i) => i);
  const r = new Prng(1);
  for (let i = lines - 1; i > 0; i -= 1) {
    const j = r.int(0, i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  for (let i = 0; i < lines; i += 1) {
    memory[(order[i] as number) * stride] = (order[(i + 1) % lines] as number) * stride;
  }
  const steps = 2_000_000;
  let at = 0;
  for (let i = 0; i < steps; i += 1) at = memory[at] as number; // warm: the pages, the code
  const start = performance.now();
  for (let i = 0; i < steps; i += 1) at = memory[at] as number;
  const ns = ((performance.now() - start) * 1e6) / steps;
  if (at < 0) throw new Error('unreachable'); // keeps the chase observable
  return ns;
}

/** Heap bytes a book of the workload's preload holds: measured with the book alive, then dropped. */
function bookBytes(workload: Workload, gc: () => void): { orders: number; bytes: number } {
  let book: OrderBook | null = preloaded(workload, new Handles());
  const orders = book.orderCount;
  gc();
  const alive = process.memoryUsage().heapUsed;
  book = null;
  gc();
  return { orders, bytes: alive - process.memoryUsage().heapUsed };
}

/** A book with the workload's preload applied (its own function: no plan of it stays on a frame). */
function preloaded(workload: Workload, handles: Handles): OrderBook {
  const book = new OrderBook();
  for (const op of workload.preload) {
    const result = book.plan(handles.command(op));
    if (result.ok) book.apply(result.plan);
  }
  return book;
}

/** Each operation's kind as the book saw it: a limit that rested whole, took, or took and rested. */
function kinds(workload: Workload): string[] {
  const handles = new Handles();
  const book = preloaded(workload, handles);
  return workload.ops.map((op) => {
    const command = handles.command(op);
    const result = book.plan(command);
    if (!result.ok) return 'rejected';
    const traded = result.plan.tradeCount > 0;
    book.apply(result.plan);
    if (op.kind !== 'limit') return op.kind;
    if (!traded) return 'limit, rests';
    return book.find(handles.key(op.id)) === undefined ? 'limit, takes' : 'limit, takes and rests';
  });
}

console.log('dependent loads (ns each) over a working set of:');
console.log(
  [0.5, 1, 2, 4, 6, 8, 16, 64].map((mb) => `${mb} MB ${dependentLoad(mb).toFixed(1)}`).join(', '),
);
const gc = (globalThis as { gc?: () => void }).gc;
for (const name of names) {
  const make = WORKLOADS[name];
  if (make === undefined) throw new Error(`unknown workload ${name}`);
  const workload = make();
  if (gc !== undefined) {
    const { orders, bytes } = bookBytes(workload, gc);
    console.log(
      `${name}: a book of ${orders} live orders takes ${(bytes / 2 ** 20).toFixed(1)} MB, ` +
        `${(bytes / orders).toFixed(0)} bytes per order`,
    );
  }
  const engine = tessera(workload);
  engine.reset();
  engine.runAll();
  const count = workload.ops.length;
  const { least } = leastLatencies(engine, count);
  const kind = kinds(workload);
  const byKind = new Map<string, { count: number; ns: number }>();
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    const ns = least[i] as number;
    const entry = byKind.get(kind[i] as string) ?? { count: 0, ns: 0 };
    entry.count += 1;
    entry.ns += ns;
    byKind.set(kind[i] as string, entry);
    total += ns;
  }
  console.log(`${name}: mean ${(total / count).toFixed(0)} ns per operation`);
  for (const [k, { count: n, ns }] of [...byKind].sort((a, b) => b[1].ns - a[1].ns)) {
    const share = ((100 * ns) / total).toFixed(1);
    console.log(
      `  ${k.padEnd(24)} ${String(n).padStart(6)}  ${(ns / n).toFixed(0).padStart(5)} ns  ${share}% of the time`,
    );
  }
}

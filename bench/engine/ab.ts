/**
 * An A/B of two versions of the engine in one process: `npm run bench:engine:ab -- <git-ref>
 * [workload] [pairs]` (workload: mixed by default; pairs: 20). The engine at `<git-ref>` is
 * extracted with `git archive` into a temporary folder and loaded beside the working tree's; both
 * run the same stream through the same adapter code (an instance each), alternating (A B, B A,
 * ...), each run after the benchmark's preload, collection and settle. It prints each side's
 * median rate and the median of the per-pair ratios (working tree / ref) with their quartiles,
 * then each side's p99.9 and count of operations of 10 us or more, by each operation's least over
 * passes of the two engines alternated (the host's state changes too much between processes to
 * compare tails run apart).
 *
 * Why: on a shared host separate processes differ by about 8% for the same code, so a change of a
 * few percent shows best against a baseline timed in the same process, pair by pair. Read the
 * result against an A/A run (the ref set to the working tree's own commit): 0.99 to 1.00 with 30
 * pairs on a quiet day, 0.96 to 1.02 on a busy one. It prints the same ratio by the process's CPU time
 * (timed-run.ts), less exposed than wall time to a host with more runnable processes than cores. Changes to what the optimizer inlines have
 * read here at a third of their gain in separate processes: confirm such a change with whole runs
 * of `run.ts` in separate processes, alternated (docs/performance.md).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OrderBook } from '../../src/trading/engine/index.js';
import { tessera } from './adapters.js';
import type { LoadedEngine } from './adapters.js';
import { pairedTail } from './latency.js';
import { timedRun } from './timed-run.js';
import { WORKLOADS } from './workload.js';

const [ref, workloadName = 'mixed', pairsArg = '20'] = process.argv.slice(2);
if (ref === undefined) throw new Error('usage: ab.ts <git-ref> [workload] [pairs]');
const makeWorkload = WORKLOADS[workloadName];
if (makeWorkload === undefined) throw new Error(`unknown workload ${workloadName}`);
const pairs = Number(pairsArg);
const WARM_UP_PAIRS = 3;
/** Latency passes of each engine after the rates, alternating; an operation's least is kept. */
const LATENCY_PASSES = 8;

const folder = mkdtempSync(path.join(os.tmpdir(), 'tessera-ab-'));
try {
  const archive = execFileSync('git', ['archive', ref, 'src/trading/engine']);
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  // Compiled as the working tree's engine is: an ES module, with the project's compiler options.
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  copyFileSync('tsconfig.json', path.join(folder, 'tsconfig.json'));
  const engine = path.join(folder, 'src/trading/engine/index.ts');
  const { OrderBook: RefBook } = (await import(pathToFileURL(engine).href)) as {
    OrderBook: typeof OrderBook;
  };
  const workload = makeWorkload();
  const count = workload.ops.length;
  // The ref's adapter is a second instance of the adapter module, so that each engine's timed
  // loop has call sites of its own (shared ones would see both books and be polymorphic).
  const adapters = new URL('./adapters.ts?ref', import.meta.url).href;
  const { tessera: refTessera } = (await import(adapters)) as { tessera: typeof tessera };
  const base = refTessera(workload, RefBook, ref);
  const candidate = tessera(workload);
  const timed = (engine: LoadedEngine) => timedRun(engine, count);
  const rates = { base: [] as number[], candidate: [] as number[] };
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let pair = 0; pair < WARM_UP_PAIRS + pairs; pair += 1) {
    // Alternating which side runs first, so that neither always follows the other.
    let b: { wall: number; cpu: number };
    let c: { wall: number; cpu: number };
    if (pair % 2 === 0) {
      b = timed(base);
      c = timed(candidate);
    } else {
      c = timed(candidate);
      b = timed(base);
    }
    if (pair < WARM_UP_PAIRS) continue;
    rates.base.push(b.wall);
    rates.candidate.push(c.wall);
    ratios.push(c.wall / b.wall);
    cpuRatios.push(c.cpu / b.cpu);
  }
  const at = (values: number[], q: number) =>
    [...values].sort((x, y) => x - y)[Math.floor(q * (values.length - 1))] as number;
  const rate = (values: number[]) => Math.round(at(values, 0.5)).toLocaleString('en-US');
  console.log(
    `${workloadName}: ${ref} ${rate(rates.base)} ops/s, working tree ${rate(rates.candidate)} ops/s; ` +
      `working tree / ${ref}: median ${at(ratios, 0.5).toFixed(3)} ` +
      `(quartiles ${at(ratios, 0.25).toFixed(3)} and ${at(ratios, 0.75).toFixed(3)}, ${pairs} pairs); ` +
      `by CPU time: median ${at(cpuRatios, 0.5).toFixed(3)} ` +
      `(quartiles ${at(cpuRatios, 0.25).toFixed(3)} and ${at(cpuRatios, 0.75).toFixed(3)})`,
  );
  const [b, c] = pairedTail([base, candidate], count, LATENCY_PASSES);
  const tail = (t: { p999: number; over10us: number } | undefined) =>
    `p99.9 ${((t?.p999 ?? 0) / 1000).toFixed(2)} us, ${t?.over10us} operations of 10 us or more`;
  console.log(
    `${workloadName}: latency (each operation's least of ${LATENCY_PASSES} alternated passes): ` +
      `${ref} ${tail(b)}; working tree ${tail(c)}`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}

/**
 * Where one order's milliseconds go below HTTP: the sequencer in this process over an embedded
 * PostgreSQL of its own (as floor.ts), 100 tokens, orders at BENCH_ONE_RATE a second (default
 * 100; 0: one at a time, each its own batch) for BENCH_ONE_ORDERS (default 1000), each
 * statement's round trip timed at the pg client, BENCH_ONE_ROUNDS times (default 1), each round
 * once reading every batch's tokens and traders and once with the single-process mode's cached
 * reads (read-cache.ts: no reads once every trader is cached; the write checks them). Prints the
 * CPU per order of this process and of PostgreSQL, the order's latency (from its scheduled
 * submit to its answer) and each statement's time, against a bare `select 1` and a one-row
 * insert committed on the same database, and PostgreSQL's CPU by kind of process;
 * BENCH_ONE_BACKEND_CPU=1 adds each statement's backend CPU. BENCH_ONE_EXPLAIN=N: the plan of the
 * first N batch writes as the named statements run it (generic, by auto_explain, in a transaction
 * rolled back, on a connection of its own), the last one whole.
 *
 *   BENCH_ONE_RATE=0 npx tsx bench/trading/one-order.ts
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../src/lib/db/database.js';
import { namedStatementSettings, PreparingClient } from '../../src/lib/db/prepared.js';
import { silentBroadcaster } from '../../src/trading/books/broadcaster.js';
import { Sequencer } from '../../src/trading/books/sequencer.js';
import { tradingMetrics } from '../../src/trading/metrics.js';
import { startBenchDatabase } from '../support/embedded-stack.js';
import { meterCpu, meterPostgresByKind } from '../support/process-cpu.js';
import { randomPlaceCommand, seed } from '../support/seeded-system.js';

const rate = Number(process.env.BENCH_ONE_RATE ?? 100);
const orders = Number(process.env.BENCH_ONE_ORDERS ?? 1000);

/** each statement's round trips (ms) and its backend's CPU over them (ns), by statement */
const timings = new Map<string, { wall: number[]; cpu: number[] }>();
const record = (name: string, ms: number, cpuNs: number) => {
  const timing = timings.get(name) ?? { wall: [], cpu: [] };
  timing.wall.push(ms);
  timing.cpu.push(cpuNs / 1e6);
  timings.set(name, timing);
};
/**
 * BENCH_ONE_BACKEND_CPU=1: each statement's backend CPU too, read from /proc around each
 * statement (those reads add about a tenth to this process's CPU per order)
 */
const backendCpu = process.env.BENCH_ONE_BACKEND_CPU === '1';
/** a process's time on a CPU so far, in ns (exact, where /proc/<pid>/stat counts ticks) */
const onCpuNs = (pid: number | undefined) => {
  if (pid === undefined || !backendCpu) return 0;
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
};
/** BENCH_ONE_EXPLAIN: the plan of this many batch writes, each run and rolled back first */
const explainCount = Number(process.env.BENCH_ONE_EXPLAIN ?? 0);
let explained = 0;
let explainUrl: string | undefined;
let explainer: pg.Client | undefined;
async function explain(url: string, name: string, text: string, values: unknown[]): Promise<void> {
  if (!explainer) {
    // the plan as the named statements' pool runs it (generic, planned once), by auto_explain
    explainer = new pg.Client({
      connectionString: url,
      options: namedStatementSettings,
    });
    explainer.on('error', () => undefined);
    await explainer.connect();
    await explainer.query(`load 'auto_explain'`);
    for (const setting of [
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_triggers = on',
      'client_min_messages = log',
    ]) {
      await explainer.query(`set ${setting}`);
    }
  }
  const notices: string[] = [];
  const listener = (notice: { message?: string }) => notices.push(notice.message ?? '');
  explainer.on('notice', listener);
  await explainer.query('begin');
  const backend = (explainer as unknown as { processID?: number }).processID;
  const started = onCpuNs(backend);
  await explainer.query({ name, text, values });
  const cpu = (onCpuNs(backend) - started) / 1e6;
  await explainer.query('rollback');
  explainer.off('notice', listener);
  const plan = notices.join('\n').split('\n');
  // the first ones warm the connection's caches; the last is printed whole
  console.log(`${name}: its backend's cpu ${cpu.toFixed(2)} ms (rolled back)`);
  console.log(
    (explained === explainCount
      ? plan
      : plan.filter((l) => /(Planning|Execution|Trigger|duration)/.test(l))
    ).join('\n'),
  );
}
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client below
const base = PreparingClient.prototype.query;
// every statement's round trip, by its prepared name (or its first words)
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  const [config] = args;
  const text = String(typeof config === 'string' ? config : (config as { text: string }).text);
  const name = (config as { name?: string }).name ?? text.replace(/\s+/g, ' ').slice(0, 40);
  if (explainUrl && explained < explainCount && name.startsWith('batch_write')) {
    explained += 1;
    const values = (config as { values?: unknown[] }).values ?? (args[1] as unknown[]);
    return explain(explainUrl, name, text, values).then(() =>
      (base as (...a: unknown[]) => Promise<unknown>).apply(this, args),
    );
  }
  // the backend's CPU from the send to the answer: its own work for this statement
  const backend = (this as unknown as { processID?: number }).processID;
  const cpu = onCpuNs(backend);
  const started = performance.now();
  const done = () => record(name, performance.now() - started, onCpuNs(backend) - cpu);
  // pg-pool calls with a callback (the named statements' pool), Kysely without (a promise)
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...answer: unknown[]) => {
      done();
      (callback as (...a: unknown[]) => void)(...answer);
    };
  }
  const result = (base as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) void result.then(done, () => undefined);
  return result;
} as typeof base;

const quantile = (sorted: number[], q: number) => sorted[Math.floor((sorted.length - 1) * q)]!;
const line = (label: string, list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return `${label.padEnd(44)} n ${String(sorted.length).padStart(5)}  mean ${mean.toFixed(2)}  p50 ${quantile(sorted, 0.5).toFixed(2)}  p90 ${quantile(sorted, 0.9).toFixed(2)}  p99 ${quantile(sorted, 0.99).toFixed(2)} ms`;
};

const rounds = Number(process.env.BENCH_ONE_ROUNDS ?? 1);

const database = await startBenchDatabase('trading-one-order', 2);
try {
  const { tokens, people } = await seed(database.db, 'one-order', 200, 100);
  const treasury = await database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'treasury')
    .executeTakeFirstOrThrow();
  await sql`create table probe (id bigserial primary key, v int)`.execute(database.db);

  const runVariant = async (label: string, cacheReads: boolean) => {
    const db = createDb(database.url, 10);
    try {
      const sequencer = new Sequencer({
        db,
        clock: { now: () => new Date() },
        treasuryId: treasury.id,
        platformCountry: 'AE',
        broadcaster: silentBroadcaster,
        metrics: tradingMetrics(),
        logger: database.logger,
        maxBatch: 1000,
        cacheReads,
      });
      for (const tokenId of tokens) await sequencer.open(tokenId);
      const place = (tokenId: string) => {
        return sequencer.submit(tokenId, randomPlaceCommand(tokenId, people));
      };
      // warm: every connection prepares its statements (and the cache holds every trader)
      const warm = cacheReads ? 1000 : 50;
      for (let i = 0; i < warm; i += 1) await place(tokens[i % tokens.length]!);
      explainUrl = database.url;
      timings.clear();
      const latencies: number[] = [];
      const meter = meterCpu(0, database.dataDir);
      const byKind = meterPostgresByKind(database.dataDir);
      const started = performance.now();
      const answers: Promise<unknown>[] = [];
      for (let sent = 0; sent < orders; sent += 1) {
        const tokenId = tokens[Math.floor(Math.random() * tokens.length)]!;
        if (rate === 0) {
          // one at a time: each order its own batch
          const at = performance.now();
          await place(tokenId);
          latencies.push(performance.now() - at);
          continue;
        }
        const due = started + (sent * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        answers.push(place(tokenId).then(() => latencies.push(performance.now() - due)));
      }
      await Promise.all(answers);
      const cpu = meter.stop();
      const perOrder = (ms: number) => Math.round((ms * 1000) / orders);
      const kinds = [...byKind.stop()].filter(([, ms]) => ms > 0).sort(([, a], [, b]) => b - a);
      console.log(
        `${label}: cpu µs/order sequencer ${perOrder(cpu.node)}, ` +
          `postgres ${perOrder(cpu.postgres)} (` +
          kinds.map(([kind, ms]) => `${kind} ${perOrder(ms)}`).join(', ') +
          ')',
      );
      console.log(line(`  order at ${rate}/s, from its scheduled submit`, latencies));
      const statements = () => {
        for (const [name, { wall, cpu }] of timings) {
          console.log(line(`  ${name}`, wall));
          if (backendCpu) console.log(line(`    its backend's cpu`, cpu));
        }
        timings.clear();
      };
      statements();
      // the yardsticks, on the same database: a bare round trip, a one-row insert committed
      for (let i = 0; i < 200; i += 1) {
        await sql`select 1`.execute(db);
        await sql`insert into probe (v) values (1)`.execute(db);
      }
      statements();
    } finally {
      await db.destroy();
    }
  };
  for (let round = 0; round < rounds; round += 1) {
    await runVariant(`round ${round + 1}, reads`, false);
    await runVariant(`round ${round + 1}, cached reads`, true);
  }
} finally {
  await explainer?.end();
  await database.stop();
}

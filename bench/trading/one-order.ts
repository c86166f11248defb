/**
 * Where one order's milliseconds go below HTTP: the sequencer in this process over an embedded
 * PostgreSQL of its own (as floor.ts), 100 tokens, orders at BENCH_ONE_RATE a second (default
 * 100; 0: one at a time, each its own batch) for BENCH_ONE_ORDERS (default 1000), each
 * statement's round trip timed at the pg client, BENCH_ONE_ROUNDS times (default 1). Prints the
 * CPU per order of this process and of PostgreSQL, the order's latency (from its scheduled
 * submit to its answer) and each statement's time, against a bare `select 1` and a one-row
 * insert committed on the same database. BENCH_ONE_EXPLAIN=N: the plan (EXPLAIN ANALYZE, in a
 * transaction rolled back, on a connection of its own) of the first N batch writes, the last
 * one whole.
 *
 *   BENCH_ONE_RATE=0 npx tsx bench/trading/one-order.ts
 */
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../src/lib/db/database.js';
import { PreparingClient } from '../../src/lib/db/prepared.js';
import { silentBroadcaster } from '../../src/trading/books/broadcaster.js';
import { Sequencer } from '../../src/trading/books/sequencer.js';
import { tradingMetrics } from '../../src/trading/metrics.js';
import { startBenchDatabase } from '../support/embedded-stack.js';
import { meterCpu } from '../support/process-cpu.js';
import { randomPlaceCommand, seed } from '../support/seeded-system.js';

const rate = Number(process.env.BENCH_ONE_RATE ?? 100);
const orders = Number(process.env.BENCH_ONE_ORDERS ?? 1000);

const timings = new Map<string, number[]>();
const record = (name: string, ms: number) => {
  const list = timings.get(name) ?? [];
  list.push(ms);
  timings.set(name, list);
};
/** BENCH_ONE_EXPLAIN: the plan of this many batch writes, each run and rolled back first */
const explainCount = Number(process.env.BENCH_ONE_EXPLAIN ?? 0);
let explained = 0;
let explainUrl: string | undefined;
let explainer: pg.Client | undefined;
async function explain(url: string, text: string, values: unknown[]): Promise<void> {
  if (!explainer) {
    explainer = new pg.Client(url);
    await explainer.connect();
  }
  await explainer.query('begin');
  const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, timing) ${text}`,
    values,
  );
  await explainer.query('rollback');
  const plan = rows.map((row) => row['QUERY PLAN']);
  // the first ones warm the connection's caches; the last is printed whole
  console.log(
    (explained === explainCount
      ? plan
      : plan.filter((l) => /^(Planning|Execution|Trigger)/.test(l))
    ).join('\n'),
  );
}
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client below
const base = PreparingClient.prototype.query;
// every statement's round trip, by its prepared name (or its first words)
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  const [config] = args;
  const text = String(typeof config === 'string' ? config : (config as { text: string }).text);
  const name = text.replace(/\s+/g, ' ').slice(0, 40);
  if (explainUrl && explained < explainCount && text.startsWith('with fence as')) {
    explained += 1;
    const values = (config as { values?: unknown[] }).values ?? (args[1] as unknown[]);
    return explain(explainUrl, text, values).then(() =>
      (base as (...a: unknown[]) => Promise<unknown>).apply(this, args),
    );
  }
  const started = performance.now();
  const result = (base as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) {
    void result.then(
      () => record(name, performance.now() - started),
      () => undefined,
    );
  }
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

  const runVariant = async (label: string) => {
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
      });
      for (const tokenId of tokens) await sequencer.open(tokenId);
      const place = (tokenId: string) => {
        return sequencer.submit(tokenId, randomPlaceCommand(tokenId, people));
      };
      // warm: every connection prepares its statements
      for (let i = 0; i < 50; i += 1) await place(tokens[i % tokens.length]!);
      explainUrl = database.url;
      timings.clear();
      const latencies: number[] = [];
      const meter = meterCpu(0, database.dataDir);
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
      console.log(
        `${label}: cpu µs/order sequencer ${Math.round((cpu.node * 1000) / orders)}, ` +
          `postgres ${Math.round((cpu.postgres * 1000) / orders)}`,
      );
      console.log(line(`  order at ${rate}/s, from its scheduled submit`, latencies));
      for (const [name, list] of timings) console.log(line(`  ${name}`, list));
      timings.clear();
      const bare: number[] = [];
      const insert: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        let t = performance.now();
        await sql`select 1`.execute(db);
        bare.push(performance.now() - t);
        t = performance.now();
        await sql`insert into probe (v) values (1)`.execute(db);
        insert.push(performance.now() - t);
      }
      console.log(line('  select 1', bare));
      console.log(line('  one-row insert, committed', insert));
    } finally {
      await db.destroy();
    }
  };
  for (let round = 0; round < rounds; round += 1) {
    await runVariant(`round ${round + 1}`);
  }
} finally {
  await database.stop();
}

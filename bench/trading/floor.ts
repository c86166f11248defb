/**
 * What an order costs below HTTP: the sequencer (the trading process's group commit) driven in
 * this process over an embedded PostgreSQL of its own, with the orders bench:trading places (200
 * traders, limit orders around 10.00, about half trading). No HTTP, no JSON, no access tokens:
 * the CPU per order of this process is the sequencer's (checks, engine, batch, SQL), PostgreSQL's is
 * what the order's reads and writes alone cost the database, the floor under bench:trading's.
 *
 *   npx tsx bench/trading/floor.ts
 *
 * Runs batches of BENCH_FLOOR_BATCH commands (default 100, as one token's batches are under
 * bench:trading) and then of 1 (a transaction per order), BENCH_FLOOR_ORDERS (default 5000) each;
 * with BENCH_FLOOR_ONLY=1 the first size alone (for paired runs of two checkouts, or a profile:
 * `node --cpu-prof --import tsx bench/trading/floor.ts`).
 */
import { silentBroadcaster } from '../../src/trading/books/broadcaster.js';
import { Sequencer } from '../../src/trading/books/sequencer.js';
import { tradingMetrics } from '../../src/trading/metrics.js';
import { meterCpu } from '../support/process-cpu.js';
import { startBenchDatabase } from '../support/embedded-stack.js';
import { randomPlaceCommand, seed } from '../support/seeded-system.js';

const orders = Number(process.env.BENCH_FLOOR_ORDERS ?? 5000);
const batchSize = Number(process.env.BENCH_FLOOR_BATCH ?? 100);

const database = await startBenchDatabase('trading-floor', 10);
try {
  const { db } = database;
  const { tokens, people } = await seed(db, 'floor', 200, 1);
  const tokenId = tokens[0]!;
  const treasury = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'treasury')
    .executeTakeFirstOrThrow();
  const sequencer = new Sequencer({
    db,
    clock: { now: () => new Date() },
    treasuryId: treasury.id,
    platformCountry: 'AE',
    broadcaster: silentBroadcaster,
    metrics: tradingMetrics(),
    logger: database.logger,
    maxBatch: batchSize,
  });
  await sequencer.open(tokenId);

  const place = () => {
    return sequencer.submit(tokenId, randomPlaceCommand(tokenId, people));
  };

  for (const size of process.env.BENCH_FLOOR_ONLY ? [batchSize] : [batchSize, 1]) {
    const meter = meterCpu(0, database.dataDir);
    const started = performance.now();
    for (let done = 0; done < orders; done += size) {
      // `size` commands at once: the sequencer takes them as one batch
      await Promise.all(Array.from({ length: size }, place));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = meter.stop();
    const per = (ms: number) => Math.round((ms * 1000) / orders);
    console.log(
      `batches of ${size}: ${Math.round(orders / seconds)} orders/s; ` +
        `cpu µs/order: sequencer ${per(cpu.node)}, postgres ${per(cpu.postgres)}`,
    );
  }
} finally {
  await database.stop();
}

/**
 * Trading benchmark: `tessera start` on its embedded defaults (free ports, a temporary data
 * folder, as test/support/system.ts starts it), driven over HTTP from this process by
 * BENCH_TRADING_TRADERS concurrent traders (default 200), each placing limit orders one after
 * another (the next when the last is answered) at prices around 10.00, so that about half trade.
 *
 * In one run, on the same load generator, after one order from each trader (not measured: the
 * runs measure the steady state of the trading service's cached reads):
 * 0. the ceiling: a bare Fastify route in a process of its own (ceiling.ts), then the same route
 *    answering each request once its row committed (one write in flight): the closed loop's
 *    floor for any design that acknowledges only committed orders;
 * 1. one token: every trader on the same book, BENCH_TRADING_ORDERS requests (default 10,000);
 * 2. 100 tokens: each order on a token drawn at random, as many;
 * 3. the latency ladder: open loop over the 100 tokens at 100, 300 and 1,000 orders/s and at
 *    half the rate step 2 measured, BENCH_TRADING_LADDER_SECONDS each (default 10): orders sent
 *    on schedule whatever the answers, each latency from the moment the order was due, printed
 *    with the bare route's latency at the same rate from the same sender (its floor: the
 *    sender's timers, the loopback round trip, the processes' wake-ups; half as long a run),
 *    and the same route answering only once one statement committed its batch's rows (the
 *    commit floor: what any design that acknowledges only committed orders pays);
 *    then the same open loop with its orders arriving in bursts (50 at once, 100/s on average;
 *    100 at once, 300/s), each order's latency from its group's due time;
 * 4. the same as 1 after a restart with TRADING_MAX_BATCH=1 (every order committed in a
 *    transaction of its own) on the same database.
 * Ends with: `trading: <A> orders/s one token (p99 <L> ms), <B> orders/s 100 tokens (p99 <L2>
 * ms), <R>x per-order commit, ceiling <C> req/s (committing <Cc>), latency p50 <a> ms p99 <b> ms at 1000/s (bare
 * route p50 <c> ms p99 <d> ms, committing p50 <e> ms p99 <f> ms)`,
 * R = A / (run 4's rate). Every unexpected answer is printed with its status and body. Run with
 * `npm run bench:trading`; BENCH_TRADING_STATEMENTS=N adds each run's N costliest statements
 * (statements.ts).
 *
 * The traders, tokens, balances and wallets are seeded into the system's database directly (the
 * platform's flows would deploy 100 contracts first); what is measured is order entry only.
 */
import { sql } from 'kysely';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { startSeededSystem, type Trader } from '../support/seeded-system.js';
import { measureCeiling, measureFloor } from './ceiling.js';
import {
  drive,
  driveOpenLoop,
  ordersPerRun,
  tokenCount,
  traders,
  warmTraders,
  type RunResult,
} from './load.js';
import { describe, observe } from './observe.js';
import { describeStatements, resetStatements, statementsEnv } from './statements.js';

/** The ladder's fixed rates (orders/s over the 100 tokens); half the closed-loop rate is added. */
const ladderRates = [100, 300, 1000];
const ladderSeconds = Number(process.env.BENCH_TRADING_LADDER_SECONDS ?? 10);
/** Open loops whose orders arrive in groups: [average rate, orders a group]. */
const burstShapes: [number, number][] = [
  [100, 50],
  [300, 100],
];

const ms = (value: number) => value.toFixed(1);

/**
 * Waits until no trade waits for settlement, or none settled for 30 s (settlement slowed on
 * purpose, BENCH_SYSTEM_ENV), or 10 minutes; prints how long it took.
 */
async function settlementDrained(db: Db): Promise<void> {
  const started = performance.now();
  let first: number | undefined;
  let last = { open: Infinity, at: started };
  for (;;) {
    const { rows } = await sql<{ open: string }>`
      select count(*) as open from trades where settlement_status in ('pending', 'processing')`.execute(
      db,
    );
    const open = Number(rows[0]!.open);
    first ??= open;
    const now = performance.now();
    if (open < last.open) last = { open, at: now };
    const seconds = (now - started) / 1000;
    if (open === 0 || now - last.at > 30_000 || seconds > 600) {
      console.log(
        `settlement backlog: ${first} trades, ${open} left after ${seconds.toFixed(0)} s`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main(): Promise<void> {
  // BENCH_TRADING_NODE_OPTIONS reaches every node process of the system (e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof` for a profile of each, written when the system stops).
  const nodeOptions = process.env.BENCH_TRADING_NODE_OPTIONS;
  const seeded = await startSeededSystem({
    traders,
    tokens: tokenCount,
    env: { ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), ...statementsEnv },
  });
  const { tokens, people, env } = seeded;
  let db: Db | undefined;
  try {
    db = createDb(seeded.databaseUrl, 1);
    const ceiling = await measureCeiling();
    console.log(`ceiling: ${ceiling.rate.toFixed(0)} requests/s, p99 ${ceiling.p99.toFixed(1)} ms`);
    // the closed loop's floor: HTTP and the least durable write, what the order path is held to
    const committing = await measureCeiling(seeded.databaseUrl);
    console.log(
      `committing route, closed loop: ${committing.rate.toFixed(0)} requests/s ` +
        `(${(committing.rate / ceiling.rate).toFixed(2)} of the ceiling), p99 ${committing.p99.toFixed(1)} ms`,
    );
    const measured = async (
      label: string,
      pickToken: () => string,
      count = ordersPerRun,
      run: (url: string, people: Trader[], pick: () => string) => Promise<RunResult> = drive,
    ): Promise<RunResult> => {
      const url = seeded.system.urls.trading;
      await resetStatements(db!);
      const before = await observe(env, url, db!);
      const result = await run(url, people, pickToken);
      const after = await observe(env, url, db!);
      console.log(
        `${label}: ${result.rate.toFixed(0)} orders/s, p50 ${ms(result.p50)} ms, ` +
          `p90 ${ms(result.p90)} ms, p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms`,
      );
      console.log(describe(before, after, count));
      const statements = await describeStatements(db!);
      if (statements) console.log(statements);
      return result;
    };

    const anyToken = () => tokens[Math.floor(Math.random() * tokens.length)]!;
    await warmTraders(seeded.system.urls.trading, people, tokens);
    const one = await measured('one token', () => tokens[0]!);
    const many = await measured('100 tokens', anyToken);
    // the closed loops leave thousands of trades to settle: the chain process, anvil and
    // PostgreSQL would spend the first rates' minutes on them, not on the orders measured
    await settlementDrained(db);
    const ladder = new Map<number, RunResult>();
    const rates = [...new Set([...ladderRates, Math.round(many.rate / 2)])];
    const floor = await measureFloor(rates, people, ladderSeconds / 2);
    const committed = await measureFloor(rates, people, ladderSeconds / 2, seeded.databaseUrl);
    const bare = (rate: number) =>
      `bare route p50 ${ms(floor.get(rate)!.p50)} ms p99 ${ms(floor.get(rate)!.p99)} ms, ` +
      `committing p50 ${ms(committed.get(rate)!.p50)} ms p99 ${ms(committed.get(rate)!.p99)} ms`;
    for (const rate of rates) {
      const count = Math.round(rate * ladderSeconds);
      ladder.set(
        rate,
        await measured(
          `open loop at ${rate}/s, 100 tokens (${bare(rate)})`,
          anyToken,
          count,
          (url) => driveOpenLoop(url, people, anyToken, rate, count),
        ),
      );
    }
    const at1000 = ladder.get(1000)!;
    // the same average arriving in bursts: what a quiet book meets when news or a basket lands
    for (const [rate, burst] of burstShapes) {
      const count = Math.round(rate * ladderSeconds);
      await measured(`bursts of ${burst} at ${rate}/s, 100 tokens`, anyToken, count, (url) =>
        driveOpenLoop(url, people, anyToken, rate, count, burst),
      );
    }

    await seeded.restart({ TRADING_MAX_BATCH: '1' });
    const single = await measured('one token, TRADING_MAX_BATCH=1', () => tokens[0]!);
    console.log(
      `trading: ${one.rate.toFixed(0)} orders/s one token (p99 ${one.p99.toFixed(0)} ms), ` +
        `${many.rate.toFixed(0)} orders/s 100 tokens (p99 ${many.p99.toFixed(0)} ms), ` +
        `${(one.rate / single.rate).toFixed(1)}x per-order commit, ` +
        `ceiling ${ceiling.rate.toFixed(0)} req/s (committing ${committing.rate.toFixed(0)}), ` +
        `latency p50 ${ms(at1000.p50)} ms p99 ${ms(at1000.p99)} ms at 1000/s (${bare(1000)})`,
    );
  } catch (error) {
    // what the system said of it: an unexpected answer's cause is in its warnings and errors
    const said = seeded.system
      .output()
      .split('\n')
      .filter((line) => / (WARN|ERROR|FATAL) /.test(line));
    console.log(
      `the system's warnings and errors (${said.length}):\n${said.slice(-40).join('\n')}`,
    );
    throw error;
  } finally {
    await db?.destroy();
    await seeded.stop();
  }
}

await main();

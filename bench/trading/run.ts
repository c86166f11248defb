/**
 * Trading benchmark: `tessera start` on its embedded defaults (free ports, a temporary data
 * folder, as test/support/system.ts starts it), driven over HTTP from this process by
 * BENCH_TRADING_TRADERS concurrent traders (default 200), each placing limit orders one after
 * another (the next when the last is answered) at prices around 10.00, so that about half trade.
 *
 * Three runs of BENCH_TRADING_ORDERS orders (default 10,000) each:
 * 1. one token: every trader on the same book (one writer, group commit);
 * 2. 100 tokens: each order on a token drawn at random;
 * 3. the same as 1 after a restart with TRADING_MAX_BATCH=1 (every order committed in a
 *    transaction of its own) on the same database.
 * Ends with: `trading: <A> orders/s one token (p99 <L> ms), <B> orders/s 100 tokens, <R>x
 * per-order commit`, R = A / (run 3's rate). Run with `npm run bench:trading`.
 *
 * The traders, tokens, balances and wallets are seeded into the system's database directly (the
 * platform's flows would deploy 100 contracts first); what is measured is order entry only.
 */
import { createDb, type Db } from '../../src/lib/db/database.js';
import { startSeededSystem } from '../support/seeded-system.js';
import { drive, ordersPerRun, tokenCount, traders, type RunResult } from './load.js';
import { describe, observe } from './observe.js';

async function main(): Promise<void> {
  // BENCH_TRADING_NODE_OPTIONS reaches every node process of the system (e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof` for a profile of each, written when the system stops).
  const nodeOptions = process.env.BENCH_TRADING_NODE_OPTIONS;
  const seeded = await startSeededSystem({
    traders,
    tokens: tokenCount,
    env: nodeOptions ? { NODE_OPTIONS: nodeOptions } : {},
  });
  const { tokens, people, env } = seeded;
  let db: Db | undefined;
  try {
    db = createDb(seeded.databaseUrl, 1);
    const measured = async (label: string, pickToken: () => string): Promise<RunResult> => {
      const url = seeded.system.urls.trading;
      const before = await observe(env, url, db!);
      const result = await drive(url, people, pickToken);
      const after = await observe(env, url, db!);
      console.log(`${label}: ${result.rate.toFixed(0)} orders/s, p99 ${result.p99.toFixed(1)} ms`);
      console.log(describe(before, after, ordersPerRun));
      return result;
    };

    const one = await measured('one token', () => tokens[0]!);
    const many = await measured(
      '100 tokens',
      () => tokens[Math.floor(Math.random() * tokens.length)]!,
    );

    await seeded.restart({ TRADING_MAX_BATCH: '1' });
    const single = await measured('one token, TRADING_MAX_BATCH=1', () => tokens[0]!);
    console.log(
      `trading: ${one.rate.toFixed(0)} orders/s one token (p99 ${one.p99.toFixed(0)} ms), ` +
        `${many.rate.toFixed(0)} orders/s 100 tokens, ${(one.rate / single.rate).toFixed(1)}x per-order commit`,
    );
  } finally {
    await db?.destroy();
    await seeded.stop();
  }
}

await main();

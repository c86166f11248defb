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
import fs from 'node:fs/promises';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { embeddedDatabaseUrl } from '../../test/support/e2e-flows.js';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
} from '../../test/support/system.js';
import path from 'node:path';
import { seed } from '../support/seeded-system.js';
import { drive, ordersPerRun, tokenCount, traders, type RunResult } from './load.js';
import { describe, observe } from './observe.js';

async function main(): Promise<void> {
  const dataDir = await newDataDir();
  const ports = await systemPorts();
  // BENCH_TRADING_NODE_OPTIONS reaches every node process of the system (e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof` for a profile of each, written when the system stops).
  const nodeOptions = process.env.BENCH_TRADING_NODE_OPTIONS;
  const env = systemEnv(dataDir, ports, {
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  });
  let system: RunningSystem = await startSystem(env);
  let db: Db | undefined;
  try {
    const secrets = JSON.parse(
      await fs.readFile(path.join(dataDir, 'data', 'secrets.json'), 'utf8'),
    ) as { jwt_secret: string };
    db = createDb(await embeddedDatabaseUrl(dataDir, ports.postgres), 1);
    const { tokens, people } = await seed(db, secrets.jwt_secret, traders, tokenCount);
    const measured = async (label: string, pickToken: () => string): Promise<RunResult> => {
      const before = await observe(env, system.urls.trading, db!);
      const result = await drive(system.urls.trading, people, pickToken);
      const after = await observe(env, system.urls.trading, db!);
      console.log(`${label}: ${result.rate.toFixed(0)} orders/s, p99 ${result.p99.toFixed(1)} ms`);
      console.log(describe(before, after, ordersPerRun));
      return result;
    };

    const one = await measured('one token', () => tokens[0]!);
    const many = await measured(
      '100 tokens',
      () => tokens[Math.floor(Math.random() * tokens.length)]!,
    );

    await system.stop();
    system = await startSystem({ ...env, TRADING_MAX_BATCH: '1' });
    const single = await measured('one token, TRADING_MAX_BATCH=1', () => tokens[0]!);
    console.log(
      `trading: ${one.rate.toFixed(0)} orders/s one token (p99 ${one.p99.toFixed(0)} ms), ` +
        `${many.rate.toFixed(0)} orders/s 100 tokens, ${(one.rate / single.rate).toFixed(1)}x per-order commit`,
    );
  } finally {
    await db?.destroy();
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();

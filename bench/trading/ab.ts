/**
 * A/B of two versions of the trading process under the same load, on one running system: the
 * system is started once (`tessera start`, seeded as bench:trading seeds it), then a trading
 * process of each version is started beside it (`bin/tessera.js trading` of each source tree, the
 * launcher's own environment, a port of its own), driven, and stopped, alternating A B B A ... so
 * that the machine's changing load falls on both alike. Each run places the orders on one token,
 * then on 100, then open loop over the 100 tokens at each of BENCH_TRADING_AB_RATES orders/s
 * (default 100 and 1000, BENCH_TRADING_LADDER_SECONDS each, default 10). Prints each run, the
 * ratios B/A of the summed rates and of the open loops' median p50 and p99.
 *
 *   BENCH_TRADING_A=/path/to/other/checkout npm run bench:trading:ab
 *
 * B is this checkout. BENCH_TRADING_ROUNDS (default 2) pairs of runs; BENCH_TRADING_ORDERS and
 * BENCH_TRADING_TRADERS as in run.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../../src/lib/db/database.js';
import { anvilDevSignerKey } from '../../src/lib/embedded/anvil.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { embeddedDatabaseUrl } from '../../test/support/e2e-flows.js';
import {
  newDataDir,
  processesOf,
  startSystem,
  systemEnv,
  systemPorts,
} from '../../test/support/system.js';
import { randomLimitOrder, seed } from '../support/seeded-system.js';
import {
  drive,
  driveOpenLoop,
  ordersPerRun,
  post,
  tokenCount,
  traders,
  warmTraders,
} from './load.js';
import { describe, observe } from './observe.js';

const versions = {
  A: process.env.BENCH_TRADING_A,
  B: fileURLToPath(new URL('../..', import.meta.url)),
};
const rounds = Number(process.env.BENCH_TRADING_ROUNDS ?? 2);
const openRates = (process.env.BENCH_TRADING_AB_RATES ?? '100,1000').split(',').map(Number);
const openSeconds = Number(process.env.BENCH_TRADING_LADDER_SECONDS ?? 10);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

async function environOf(pid: number): Promise<Record<string, string>> {
  const text = await fs.readFile(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    text
      .split('\0')
      // not the launcher's IPC channel: this process runs unsupervised
      .filter((entry) => entry.includes('=') && !entry.startsWith('NODE_CHANNEL_'))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

async function startTrading(
  root: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bin/tessera.js'), 'trading'], {
    cwd: root,
    env: { ...env, TRADING_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`trading of ${root} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`trading of ${root} did not answer /healthz`);
}

/**
 * One order on each token before the measured runs, each tried again on a 503: the books are
 * opened (lease, rebuild) outside what is measured, and a book opened while a lease renewal ran
 * is refused BOOK_UNAVAILABLE by main before the cluster branch's fix.
 */
async function openBooks(url: string, tokens: string[], trader: { token: string }) {
  for (const tokenId of tokens) {
    for (let tries = 0; ; tries += 1) {
      const status = await post(
        `${url}/api/v1/orders`,
        trader.token,
        JSON.stringify(randomLimitOrder(tokenId)),
      );
      if (status === 200) break;
      if (tries === 5) throw new Error(`the book of ${tokenId} answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function stopTrading(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  if (!versions.A) throw new Error('Set BENCH_TRADING_A to the checkout to compare with');
  const dataDir = await newDataDir();
  const ports = await systemPorts();
  const env = systemEnv(dataDir, ports, { RATE_LIMIT_PER_MINUTE: '1000000000' });
  const system = await startSystem(env);
  const db = createDb(await embeddedDatabaseUrl(dataDir, ports.postgres), 1);
  try {
    const secrets = JSON.parse(
      await fs.readFile(path.join(dataDir, 'data', 'secrets.json'), 'utf8'),
    ) as { jwt_secret: string };
    const { tokens, people } = await seed(db, secrets.jwt_secret, traders, tokenCount);
    const launched = (await processesOf(env)).find((p) => p.command.includes('tessera.js trading'));
    if (!launched) throw new Error('no trading process in the system');
    // the launcher gives the database and the chain in its start message, not the environment
    const tradingEnv = {
      ...(await environOf(launched.pid)),
      DATABASE_URL: await embeddedDatabaseUrl(dataDir, ports.postgres),
      CHAIN_RPC_URL: `http://127.0.0.1:${ports.anvil}`,
      CHAIN_SIGNER_KEY: anvilDevSignerKey,
    };
    const sums = { A: { one: 0, many: 0 }, B: { one: 0, many: 0 } };
    const latencies = {
      A: new Map<number, { p50: number[]; p99: number[] }>(),
      B: new Map<number, { p50: number[]; p99: number[] }>(),
    };
    const order: ('A' | 'B')[] = [];
    for (let round = 0; round < rounds; round += 1) {
      order.push(...(round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)));
    }
    for (const version of order) {
      const { url, child } = await startTrading(versions[version]!, tradingEnv);
      try {
        await openBooks(url, tokens, people[0]!);
        await warmTraders(url, people, tokens);
        for (const [label, pick] of [
          ['one', () => tokens[0]!],
          ['many', () => tokens[Math.floor(Math.random() * tokens.length)]!],
        ] as const) {
          const before = await observe(env, url, db);
          const result = await drive(url, people, pick);
          const after = await observe(env, url, db);
          sums[version][label] += result.rate;
          console.log(
            `${version} ${label === 'one' ? 'one token' : '100 tokens'}: ${result.rate.toFixed(0)} orders/s, p99 ${result.p99.toFixed(1)} ms`,
          );
          console.log(describe(before, after, ordersPerRun));
        }
        for (const rate of openRates) {
          const count = Math.round(rate * openSeconds);
          const pick = () => tokens[Math.floor(Math.random() * tokens.length)]!;
          const before = await observe(env, url, db);
          const result = await driveOpenLoop(url, people, pick, rate, count);
          const after = await observe(env, url, db);
          const seen = latencies[version].get(rate) ?? { p50: [], p99: [] };
          latencies[version].set(rate, seen);
          seen.p50.push(result.p50);
          seen.p99.push(result.p99);
          console.log(
            `${version} open loop at ${rate}/s: p50 ${result.p50.toFixed(1)} ms, ` +
              `p90 ${result.p90.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`,
          );
          console.log(describe(before, after, count));
        }
      } finally {
        await stopTrading(child);
      }
    }
    console.log(
      `B/A: one token ${(sums.B.one / sums.A.one).toFixed(2)}x, ` +
        `100 tokens ${(sums.B.many / sums.A.many).toFixed(2)}x`,
    );
    for (const rate of openRates) {
      const [a, b] = [latencies.A.get(rate)!, latencies.B.get(rate)!];
      console.log(
        `B/A open loop at ${rate}/s: p50 ${(median(b.p50) / median(a.p50)).toFixed(2)}x ` +
          `(${median(a.p50).toFixed(1)} -> ${median(b.p50).toFixed(1)} ms), ` +
          `p99 ${(median(b.p99) / median(a.p99)).toFixed(2)}x ` +
          `(${median(a.p99).toFixed(1)} -> ${median(b.p99).toFixed(1)} ms)`,
      );
    }
  } finally {
    await db.destroy();
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();

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
 * The set-up (system, traders, tokens, balances) is bench/support/seeded-system.ts; what is
 * measured is order entry only.
 */
import {
  placeOrder,
  randomLimitOrder,
  startSeededSystem,
  type Trader,
} from '../support/seeded-system.js';

const traders = Number(process.env.BENCH_TRADING_TRADERS ?? 200);
const ordersPerRun = Number(process.env.BENCH_TRADING_ORDERS ?? 10_000);

interface RunResult {
  rate: number;
  p99: number;
}

/** `ordersPerRun` orders from `traders` concurrent loops; each order waits for the last. */
async function drive(url: string, people: Trader[], pickToken: () => string): Promise<RunResult> {
  let issued = 0;
  let failed = 0;
  const latencies: number[] = [];
  const loop = async (trader: Trader) => {
    while (issued < ordersPerRun) {
      issued += 1;
      const started = performance.now();
      const status = await placeOrder(url, trader, randomLimitOrder(pickToken()));
      latencies.push(performance.now() - started);
      if (status !== 200) failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(people.map(loop));
  const seconds = (performance.now() - started) / 1000;
  if (failed > 0) throw new Error(`${failed} of ${ordersPerRun} orders were refused`);
  latencies.sort((a, b) => a - b);
  return {
    rate: ordersPerRun / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
  };
}

async function main(): Promise<void> {
  const seeded = await startSeededSystem({ traders, tokens: 100 });
  const { tokens, people } = seeded;
  try {
    const one = await drive(seeded.system.urls.trading, people, () => tokens[0]!);
    console.log(`one token: ${one.rate.toFixed(0)} orders/s, p99 ${one.p99.toFixed(1)} ms`);
    const many = await drive(
      seeded.system.urls.trading,
      people,
      () => tokens[Math.floor(Math.random() * tokens.length)]!,
    );
    console.log(`100 tokens: ${many.rate.toFixed(0)} orders/s, p99 ${many.p99.toFixed(1)} ms`);

    await seeded.restart({ TRADING_MAX_BATCH: '1' });
    const single = await drive(seeded.system.urls.trading, people, () => tokens[0]!);
    console.log(
      `one token, TRADING_MAX_BATCH=1: ${single.rate.toFixed(0)} orders/s, p99 ${single.p99.toFixed(1)} ms`,
    );
    console.log(
      `trading: ${one.rate.toFixed(0)} orders/s one token (p99 ${one.p99.toFixed(0)} ms), ` +
        `${many.rate.toFixed(0)} orders/s 100 tokens, ${(one.rate / single.rate).toFixed(1)}x per-order commit`,
    );
  } finally {
    await seeded.stop();
  }
}

await main();

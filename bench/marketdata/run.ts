/**
 * Market data benchmark: BENCH_MD_SUBSCRIBERS WebSocket clients (default 1,000) subscribed to one
 * token's book (depth 10) and trades on `tessera start`, while this process places limit orders
 * on that token over HTTP open loop (each order sent when due, whatever the answers) at each rate
 * of BENCH_MD_RATES (orders per second, default `300,1000`) for BENCH_MD_SECONDS (default 10)
 * each. The subscribers run in a process of their own (subscribers.ts), shared among
 * BENCH_MD_WORKERS threads of it (default 1). On the 2 cores of the shared machine a second thread
 * halves the subscribers' own event loop delay but takes its CPU from the trading process's
 * fan-out, whose last write then comes later (docs/performance.md): more threads pay only where
 * there are cores for them.
 *
 * Delivery is measured from the batch's commit to receipt: the hub stamps each message's `ts`
 * when the writer hands it the committed batch, and a client takes the time it parses it (same
 * machine, same wall clock, both in milliseconds). Every client checks that book `seq`
 * advances by exactly one; BENCH_MD_CHECKERS of them (default 20) also compare the checksum.
 * Two figures take the subscribers' own wait apart: the delivery of the first copy of each book
 * update a thread reads (the server, the kernel and one wake-up, not the thread's other sockets),
 * and the hub's `market_data_flush_sent_seconds`, from the hand-over to the flush's last write to
 * a subscriber's connection (what a subscriber on a machine of its own would wait, the network
 * aside).
 *
 * Per rate: the rate placed; the orders' answers p50, p90, p99 and max from the scheduled send;
 * delivery p50, p90, p99 and max, of the first copies p50 and p99, messages per second, gaps,
 * checksum failures and resyncs; the server's part (hand-over to the last write) p50 and p99; the
 * CPU each process used per order; the hub's flushes, CPU per message and wait after the commit;
 * and the load generator apart from the system: the order sender's and the subscribers' share
 * of a core and the subscribers' own event loop delay (their worst thread's). Ends with one line
 * per rate,
 * `marketdata: <N> subscribers at <R> orders/s, p99 delivery <L> ms, <M> messages/s, <G> gaps`,
 * G the sequence gaps and checksum failures together. Run with `npm run bench:marketdata`.
 *
 * Orders go through bench:trading's keep-alive HTTP client and open loop (fetch() costs about
 * twice the CPU per request and, thousands in flight, failed to connect).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createDb, type Db } from '../../src/lib/db/database.js';
import {
  randomLimitOrder,
  startSeededSystem,
  type SeededSystem,
} from '../support/seeded-system.js';
import { driveOpenLoop, ordersPath, post, type RunResult } from '../trading/load.js';
import { describe, metric, observe } from '../trading/observe.js';
import type { Report, Start } from './subscribers.js';

const subscribers = Number(process.env.BENCH_MD_SUBSCRIBERS ?? 1000);
const rates = (process.env.BENCH_MD_RATES ?? '300,1000').split(',').map(Number);
const seconds = Number(process.env.BENCH_MD_SECONDS ?? 10);
const checkers = Number(process.env.BENCH_MD_CHECKERS ?? 20);
const traders = Number(process.env.BENCH_MD_TRADERS ?? 200);
const workers = Number(process.env.BENCH_MD_WORKERS ?? 1);

function quantile(buckets: Report['buckets'], q: number): number {
  const count = buckets.reduce((sum, [, n]) => sum + n, 0);
  let seen = 0;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (seen >= q * count) return bucket / 10;
  }
  return Infinity;
}

/** Sends a command to the subscribers' process and waits for the answer `op`. */
function ask<T>(child: ChildProcess, command: object, op: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { op: string }) => {
      if (message.op !== op) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the subscribers exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(command);
  });
}

/** A histogram's cumulative bucket counts from /metrics text: [upper bound, count]. */
function histogram(text: string, name: string): [number, number][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}_bucket{`))
    .map((line) => [
      Number(/le="([^"]+)"/.exec(line)![1]),
      Number(line.slice(line.lastIndexOf(' ') + 1)),
    ]);
}

/** The bucket bound (ms) under which a share `q` of what was observed between two readings lies. */
function boundOf(before: [number, number][], after: [number, number][], q: number): string {
  const counts = after.map(([le, n], i) => [le, n - (before[i]?.[1] ?? 0)] as const);
  const total = counts.at(-1)?.[1] ?? 0;
  const bucket = counts.find(([, n]) => n >= q * total);
  return !bucket || total === 0
    ? 'n/a'
    : bucket[0] === Infinity
      ? '> 1000'
      : `≤ ${bucket[0] * 1000}`;
}

/** The hub's flush counters from the trading process's /metrics. */
async function hubFigures(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return {
    sentSeconds: histogram(text, 'market_data_flush_sent_seconds'),
    delaySeconds: metric(text, 'market_data_flush_delay_seconds_sum'),
    flushes: metric(text, 'market_data_flushes_total'),
    sent: metric(text, 'market_data_flush_messages_total'),
    cpuSeconds: metric(text, 'market_data_flush_cpu_seconds_total'),
  };
}

const ms = (value: number) => value.toFixed(1);

/** One rate: orders placed open loop while the subscribers count; prints the rate's figures. */
async function measure(
  seeded: SeededSystem,
  db: Db,
  child: ChildProcess,
  tokenId: string,
  rate: number,
): Promise<string> {
  const http = seeded.system.urls.trading;
  const loadBefore = os.loadavg()[0]!;
  const before = await observe(seeded.env, http, db);
  const hubBefore = await hubFigures(http);
  await ask(child, { op: 'measure' }, 'measuring');
  const measureStart = performance.now();
  let orders: RunResult | undefined;
  try {
    orders = await driveOpenLoop(http, seeded.people, () => tokenId, rate, rate * seconds);
  } catch (error) {
    // the unexpected answers were printed as they came; the deliveries are still worth reading
    console.log((error as Error).message);
  }
  // what the last batches published is still on its way
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const { report } = await ask<{ report: Report }>(child, { op: 'report' }, 'report');
  const window = (performance.now() - measureStart) / 1000;
  const after = await observe(seeded.env, http, db);
  const hubAfter = await hubFigures(http);
  const flushes = hubAfter.flushes - hubBefore.flushes;
  const sent = hubAfter.sent - hubBefore.sent;
  const perMessage = (cpuMs: number) => ((cpuMs * 1000) / Math.max(report.messages, 1)).toFixed(1);
  const at = (q: number) => ms(quantile(report.buckets, q));
  const gaps = report.gaps + report.checksumFailures;
  console.log(
    `at ${rate} orders/s asked: ` +
      (orders
        ? `${orders.rate.toFixed(0)}/s placed; answers p50 ${ms(orders.p50)} ms, p90 ${ms(orders.p90)} ms, ` +
          `p99 ${ms(orders.p99)} ms, max ${ms(orders.max)} ms from the scheduled send`
        : 'some answers were not 200 (above)'),
  );
  console.log(
    `  delivery: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms ` +
      `over ${report.messages} messages; ${report.gaps} sequence gaps, ${report.checksumFailures} ` +
      `checksum failures (${Math.min(checkers, subscribers)} checking clients), ${report.resyncs} resyncs`,
  );
  const first = (q: number) => ms(quantile(report.firstBuckets, q));
  const sentBound = (q: number) => boundOf(hubBefore.sentSeconds, hubAfter.sentSeconds, q);
  console.log(
    `  apart from the subscribers' wait: first copy of each update in a thread p50 ${first(0.5)} ms, ` +
      `p99 ${first(0.99)} ms; the hub's last write after the hand-over p50 ${sentBound(0.5)} ms, ` +
      `p99 ${sentBound(0.99)} ms`,
  );
  console.log(describe(before, after, rate * seconds));
  console.log(
    `  hub: ${flushes} flushes (${(flushes / window).toFixed(1)}/s), ${sent} messages sent, ` +
      `${(((hubAfter.cpuSeconds - hubBefore.cpuSeconds) * 1e6) / Math.max(sent, 1)).toFixed(1)} µs CPU ` +
      `per message in its flushes, which waited ` +
      `${ms(((hubAfter.delaySeconds - hubBefore.delaySeconds) * 1000) / Math.max(flushes, 1))} ms ` +
      `on average after the commit`,
  );
  const loadCpu = (after.cpu.bench - before.cpu.bench) / window;
  const subscribersCpu = report.cpuMs / 1000 / window;
  console.log(
    `  load generator, apart from the system: orders ${(loadCpu * 100).toFixed(0)}% of a core, ` +
      `subscribers ${(subscribersCpu * 100).toFixed(0)}% of a core in ${workers} threads, the worst ` +
      `thread's event loop delay ` +
      `p50 ${ms(report.loopDelay[0])} ms, p99 ${ms(report.loopDelay[1])} ms, ` +
      `max ${ms(report.loopDelay[2])} ms`,
  );
  console.log(
    `  cpu µs/message delivered: trading ${perMessage((after.cpu.trading - before.cpu.trading) * 1000)}, ` +
      `subscribers ${perMessage(report.cpuMs)}; ` +
      `${(report.messages / Math.max(report.sockets, 1) / window).toFixed(1)} messages/s per subscriber; ` +
      `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`,
  );
  return (
    `marketdata: ${report.sockets} subscribers at ${rate} orders/s, p99 delivery ` +
    `${quantile(report.buckets, 0.99).toFixed(0)} ms, ${(report.messages / window).toFixed(0)} messages/s, ${gaps} gaps`
  );
}

async function main(): Promise<void> {
  // BENCH_MD_NODE_OPTIONS reaches every node process of the system, e.g. `--import
  // $PWD/bench/trading/cpu-profile.js` for a profile of the trading process (written at its stop)
  const nodeOptions = process.env.BENCH_MD_NODE_OPTIONS;
  const seeded = await startSeededSystem({
    traders,
    tokens: 1,
    env: {
      WS_MAX_SOCKETS_PER_IP: String(subscribers + 10),
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    },
  });
  const db = createDb(seeded.databaseUrl, 1);
  const child = fork(new URL('./subscribers.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const tokenId = seeded.tokens[0]!;
    const http = seeded.system.urls.trading;
    // a book to start from
    for (let i = 0; i < 200; i += 1) {
      const trader = seeded.people[i % seeded.people.length]!;
      await post(http + ordersPath, trader.token, JSON.stringify(randomLimitOrder(tokenId)));
    }
    const start: Start = {
      url: `${http.replace('http', 'ws')}/ws`,
      tokenId,
      count: subscribers,
      checkers,
      depth: 10,
      workers,
    };
    await ask(child, { op: 'start', start }, 'ready');
    console.log(`${subscribers} subscribers on the book and trades of one token`);
    const summaries: string[] = [];
    for (const rate of rates) summaries.push(await measure(seeded, db, child, tokenId, rate));
    for (const summary of summaries) console.log(summary);
  } finally {
    child.kill();
    await db.destroy();
    await seeded.stop();
  }
}

await main();

/**
 * Market data benchmark: BENCH_MD_SUBSCRIBERS WebSocket clients (default 1,000) subscribed to one
 * token's book (depth 10) and trades on `tessera start`, while this process places limit orders
 * on that token over HTTP at BENCH_MD_RATE orders per second (default 2,000) for BENCH_MD_SECONDS
 * (default 10), open loop (an order is sent on schedule, not when the last is answered). The
 * subscribers run in a process of their own (subscribers.ts).
 *
 * Delivery is measured from the batch's commit to receipt: the hub stamps each message's `ts`
 * when the writer hands it the committed batch, and a client takes the time it parses it (same
 * machine, same wall clock, both in milliseconds). Every client checks that book `seq`
 * advances by exactly one; BENCH_MD_CHECKERS of them (default 20) also compare the checksum.
 *
 * Ends with `marketdata: <N> subscribers, p99 delivery <L> ms, <M> messages/s, <G> gaps`, G the
 * sequence gaps and checksum failures together. Before it, the CPU each process used over the
 * measured window (from /proc): per order placed, and per message delivered for the trading
 * process (order entry and the hub's sends) and the subscribers' process (receiving and
 * parsing), with the machine's load average. Run with `npm run bench:marketdata`.
 *
 * Orders go through bench:trading's keep-alive HTTP client (fetch() costs about twice the CPU
 * per request and, thousands in flight, failed to connect).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createDb } from '../../src/lib/db/database.js';
import { randomLimitOrder, startSeededSystem } from '../support/seeded-system.js';
import { post } from '../trading/load.js';
import { describe, metric, observe } from '../trading/observe.js';
import type { Report, Start } from './subscribers.js';

const subscribers = Number(process.env.BENCH_MD_SUBSCRIBERS ?? 1000);
const rate = Number(process.env.BENCH_MD_RATE ?? 2000);
const seconds = Number(process.env.BENCH_MD_SECONDS ?? 10);
const checkers = Number(process.env.BENCH_MD_CHECKERS ?? 20);
const traders = Number(process.env.BENCH_MD_TRADERS ?? 200);
/** orders in flight at most; past it the schedule slips and the placed rate says so */
const maxInFlight = 2000;

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
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the subscribers exited with ${code}`)));
    child.send(command);
  });
}

/** The hub's flush counters from the trading process's /metrics. */
async function hubFigures(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return {
    delaySeconds: metric(text, 'market_data_flush_delay_seconds_sum'),
    flushes: metric(text, 'market_data_flushes_total'),
    sent: metric(text, 'market_data_flush_messages_total'),
    cpuSeconds: metric(text, 'market_data_flush_cpu_seconds_total'),
  };
}

/** Places `rate` orders a second for `seconds`, open loop; answers the placed rate. */
async function load(url: string, tokenId: string, people: { id: string; token: string }[]) {
  let issued = 0;
  let answered = 0;
  /** answers other than 200, by status (`error`: no answer) */
  const refused = new Map<string, number>();
  const refuse = (why: string) => refused.set(why, (refused.get(why) ?? 0) + 1);
  let inFlight = 0;
  const total = rate * seconds;
  const started = performance.now();
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (issued < due && inFlight < maxInFlight) {
        const trader = people[issued % people.length]!;
        issued += 1;
        inFlight += 1;
        void post(`${url}/api/v1/orders`, trader.token, JSON.stringify(randomLimitOrder(tokenId)))
          .then((status) => {
            if (status !== 200) refuse(String(status));
          })
          .catch((error: unknown) => refuse(`error ${(error as Error).message}`))
          .finally(() => {
            inFlight -= 1;
            answered += 1;
            if (answered === total) {
              clearInterval(timer);
              done();
            }
          });
      }
    }, 5);
  });
  const elapsed = (performance.now() - started) / 1000;
  return { placed: total / elapsed, refused, elapsed };
}

async function main(): Promise<void> {
  const seeded = await startSeededSystem({
    traders,
    tokens: 1,
    env: { WS_MAX_SOCKETS_PER_IP: String(subscribers + 10) },
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
      await post(`${http}/api/v1/orders`, trader.token, JSON.stringify(randomLimitOrder(tokenId)));
    }
    const start: Start = {
      url: `${http.replace('http', 'ws')}/ws`,
      tokenId,
      count: subscribers,
      checkers,
      depth: 10,
    };
    await ask(child, { op: 'start', start }, 'ready');
    console.log(`${subscribers} subscribers on the book and trades of one token`);

    const loadBefore = os.loadavg()[0]!;
    const before = await observe(seeded.env, http, db);
    const hubBefore = await hubFigures(http);
    child.send({ op: 'measure' });
    const measureStart = performance.now();
    const orders = await load(http, tokenId, seeded.people);
    // what the last batches published is still on its way
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { report } = await ask<{ report: Report }>(child, { op: 'report' }, 'report');
    const window = (performance.now() - measureStart) / 1000;
    const after = await observe(seeded.env, http, db);
    const hubAfter = await hubFigures(http);
    const flushes = hubAfter.flushes - hubBefore.flushes;
    const sent = hubAfter.sent - hubBefore.sent;
    const perMessage = (ms: number) => ((ms * 1000) / Math.max(report.messages, 1)).toFixed(1);
    const p99 = quantile(report.buckets, 0.99);
    const gaps = report.gaps + report.checksumFailures;
    console.log(
      `orders: ${orders.placed.toFixed(0)}/s placed of ${rate}/s asked over ${orders.elapsed.toFixed(1)} s, ` +
        `refused: ${JSON.stringify(Object.fromEntries(orders.refused))}`,
    );
    console.log(
      `delivery: p50 ${quantile(report.buckets, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${quantile(report.buckets, 1).toFixed(1)} ms over ${report.messages} messages; ` +
        `${report.gaps} sequence gaps, ${report.checksumFailures} checksum failures ` +
        `(${Math.min(checkers, subscribers)} checking clients), ${report.resyncs} resyncs`,
    );
    console.log(describe(before, after, rate * seconds));
    console.log(
      `  hub: ${flushes} flushes (${(flushes / window).toFixed(1)}/s), ${sent} messages sent, ` +
        `${(((hubAfter.cpuSeconds - hubBefore.cpuSeconds) * 1e6) / Math.max(sent, 1)).toFixed(1)} µs CPU per message in its flushes`,
    );
    const loadCpu = (after.cpu.bench - before.cpu.bench) / window;
    const subscribersCpu = report.cpuMs / 1000 / window;
    console.log(
      `  load generator, apart from the system: orders ${(loadCpu * 100).toFixed(0)}% of a core, ` +
        `subscribers ${(subscribersCpu * 100).toFixed(0)}% of a core, their event loop delay ` +
        `p50 ${report.loopDelay[0].toFixed(1)} ms, p99 ${report.loopDelay[1].toFixed(1)} ms, ` +
        `max ${report.loopDelay[2].toFixed(1)} ms; the hub's flushes waited ` +
        `${(((hubAfter.delaySeconds - hubBefore.delaySeconds) * 1000) / Math.max(flushes, 1)).toFixed(1)} ms ` +
        `on average after the commit`,
    );
    console.log(
      `  cpu µs/message delivered: trading ${perMessage((after.cpu.trading - before.cpu.trading) * 1000)}, ` +
        `subscribers ${perMessage(report.cpuMs)}; ` +
        `${(report.messages / Math.max(report.sockets, 1) / window).toFixed(1)} messages/s per subscriber; ` +
        `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`,
    );
    console.log(
      `marketdata: ${report.sockets} subscribers, p99 delivery ${p99.toFixed(0)} ms, ` +
        `${(report.messages / window).toFixed(0)} messages/s, ${gaps} gaps`,
    );
  } finally {
    child.kill();
    await db.destroy();
    await seeded.stop();
  }
}

await main();

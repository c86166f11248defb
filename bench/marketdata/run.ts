/**
 * Market data benchmark: BENCH_MD_SUBSCRIBERS WebSocket clients (default 1,000) subscribed to one
 * token's book (depth 10) and trades on `tessera start`, while this process places limit orders
 * on that token over HTTP at BENCH_MD_RATE orders per second (default 2,000) for BENCH_MD_SECONDS
 * (default 10), open loop (an order is sent on schedule, not when the last is answered).
 *
 * Delivery is measured from the batch's commit to receipt: the hub stamps each message's `ts`
 * when the writer hands it the committed batch, and a client takes the time it parses it (same
 * machine, same clock; `ts` has millisecond resolution). Every client checks that book `seq`
 * advances by exactly one; BENCH_MD_CHECKERS of them (default 20) also keep the book and compare
 * its CRC32 after each update (test/support/market-data.ts's LocalBook). A `resync` (the server
 * dropped a client that fell behind) is counted and the client subscribes again.
 *
 * Ends with `marketdata: <N> subscribers, p99 delivery <L> ms, <M> messages/s, <G> gaps`, G the
 * sequence gaps and checksum failures together. Run with `npm run bench:marketdata`.
 */
import { WebSocket } from 'ws';
import { LocalBook, type Message } from '../../test/support/market-data.js';
import { placeOrder, randomLimitOrder, startSeededSystem } from '../support/seeded-system.js';

const subscribers = Number(process.env.BENCH_MD_SUBSCRIBERS ?? 1000);
const rate = Number(process.env.BENCH_MD_RATE ?? 2000);
const seconds = Number(process.env.BENCH_MD_SECONDS ?? 10);
const checkers = Number(process.env.BENCH_MD_CHECKERS ?? 20);
const traders = Number(process.env.BENCH_MD_TRADERS ?? 200);
const depth = 10;
/** orders in flight at most; past it the schedule slips and the placed rate says so */
const maxInFlight = 2000;

/** Delivery times in 0.1 ms buckets up to 60 s. */
class Histogram {
  private readonly buckets = new Uint32Array(600_001);
  count = 0;

  add(ms: number): void {
    this.buckets[Math.min(this.buckets.length - 1, Math.max(0, Math.round(ms * 10)))]! += 1;
    this.count += 1;
  }

  quantile(q: number): number {
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i += 1) {
      seen += this.buckets[i]!;
      if (seen >= q * this.count) return i / 10;
    }
    return Infinity;
  }
}

const stats = {
  delivery: new Histogram(),
  messages: 0,
  gaps: 0,
  checksumFailures: 0,
  resyncs: 0,
  measuring: false,
};

function subscribe(ws: WebSocket, tokenId: string, id: string): void {
  ws.send(
    JSON.stringify({
      op: 'subscribe',
      id,
      channels: [
        { name: 'book', token_id: tokenId, depth },
        { name: 'trades', token_id: tokenId },
      ],
    }),
  );
}

/** One subscriber; resolves once its first book snapshot arrived. */
function subscriber(url: string, tokenId: string, checks: boolean): Promise<WebSocket> {
  const ws = new WebSocket(url);
  const book = checks ? new LocalBook(depth) : null;
  let seq: number | null = null;
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => subscribe(ws, tokenId, 'first'));
    ws.on('message', (data: Buffer) => {
      const received = performance.timeOrigin + performance.now();
      const message = JSON.parse(data.toString('utf8')) as Message & { ts: string };
      if (message.type === 'snapshot') {
        seq = message.seq!;
        book?.snapshot(message);
        resolve(ws);
        return;
      }
      if (message.type === 'resync') {
        if (message.channel === 'book') {
          stats.resyncs += 1;
          seq = null;
          subscribe(ws, tokenId, 'again');
        }
        return;
      }
      if (message.type !== 'update') return;
      if (stats.measuring) {
        stats.messages += 1;
        stats.delivery.add(received - Date.parse(message.ts));
      }
      if (message.channel !== 'book' || seq === null) return;
      if (message.seq !== seq + 1) stats.gaps += 1;
      seq = message.seq!;
      if (book) {
        const before = book.failures.length;
        book.update(message);
        stats.checksumFailures += book.failures
          .slice(before)
          .filter((f) => f.endsWith('checksum')).length;
      }
    });
  });
}

/** Places `rate` orders a second for `seconds`, open loop; answers the placed rate. */
async function load(url: string, tokenId: string, people: { id: string; token: string }[]) {
  let issued = 0;
  let answered = 0;
  let refused = 0;
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
        void placeOrder(url, trader, randomLimitOrder(tokenId))
          .then((status) => {
            if (status !== 200) refused += 1;
          })
          .catch(() => {
            refused += 1;
          })
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
  const sockets: WebSocket[] = [];
  try {
    const tokenId = seeded.tokens[0]!;
    const http = seeded.system.urls.trading;
    const wsUrl = `${http.replace('http', 'ws')}/ws`;
    // a book to start from
    for (let i = 0; i < 200; i += 1) {
      await placeOrder(http, seeded.people[i % seeded.people.length]!, randomLimitOrder(tokenId));
    }
    for (let i = 0; i < subscribers; i += 50) {
      const group = Array.from({ length: Math.min(50, subscribers - i) }, (_, j) =>
        subscriber(wsUrl, tokenId, i + j < checkers),
      );
      sockets.push(...(await Promise.all(group)));
    }
    console.log(`${sockets.length} subscribers on the book and trades of one token`);

    stats.measuring = true;
    const measureStart = performance.now();
    const orders = await load(http, tokenId, seeded.people);
    // what the last batches published is still on its way
    await new Promise((resolve) => setTimeout(resolve, 2000));
    stats.measuring = false;
    const window = (performance.now() - measureStart) / 1000;
    const p99 = stats.delivery.quantile(0.99);
    const gaps = stats.gaps + stats.checksumFailures;
    console.log(
      `orders: ${orders.placed.toFixed(0)}/s placed of ${rate}/s asked over ${orders.elapsed.toFixed(1)} s, ` +
        `${orders.refused} refused`,
    );
    console.log(
      `delivery: p50 ${stats.delivery.quantile(0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${stats.delivery.quantile(1).toFixed(1)} ms over ${stats.delivery.count} messages; ` +
        `${stats.gaps} sequence gaps, ${stats.checksumFailures} checksum failures ` +
        `(${Math.min(checkers, subscribers)} checking clients), ${stats.resyncs} resyncs`,
    );
    console.log(
      `marketdata: ${sockets.length} subscribers, p99 delivery ${p99.toFixed(0)} ms, ` +
        `${(stats.messages / window).toFixed(0)} messages/s, ${gaps} gaps`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await seeded.stop();
  }
}

await main();

/**
 * One worker thread of the market data benchmark's subscribers (subscribers.ts starts
 * BENCH_MD_WORKERS of them, each with its share of the sockets): each thread's event loop reads
 * only its own sockets, so the time a message waits behind the others of its flush in the
 * subscribers' own loop is divided among the threads instead of one loop draining all of them.
 *
 * Every client checks that book `seq` advances by exactly one; the `checkers` first of the thread
 * also keep the book and compare its CRC32 after each update (test/support/market-data.ts's
 * LocalBook). A `resync` is counted and the client subscribes again. The others parse only what
 * comes before a message's `data` (headerOf): the whole message has arrived when ws hands it
 * over, and parsing every trade of every message took most of the subscribers' CPU, which the 2
 * cores' system under test then lacked.
 *
 * Besides every delivery, the thread keeps the delivery of the first copy of each book update it
 * reads: what the server and the kernel took, without the wait behind the thread's other sockets.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { LocalBook, type Message } from '../../test/support/market-data.js';
import type { Start } from './subscribers.js';

/** What the thread is told at its start: its sockets and how many of them check the book. */
export interface Share {
  start: Start;
  count: number;
  checkers: number;
}

/** A thread's counts while measuring. */
export interface ThreadReport {
  /** delivery times of every update: [bucket of 0.1 ms, count] for each bucket with any */
  buckets: [number, number][];
  /** delivery times of the first copy of each book update the thread read */
  firstBuckets: [number, number][];
  messages: number;
  gaps: number;
  checksumFailures: number;
  resyncs: number;
  sockets: number;
  /** the thread's event loop delay while measuring (ms: p50, p99, max) */
  loopDelay: [number, number, number];
}

const share = workerData as Share;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });

/** delivery times in 0.1 ms buckets up to 60 s */
const buckets = new Uint32Array(600_001);
const firstBuckets = new Uint32Array(600_001);
/** the book updates already read once (the oldest dropped past 256) */
const seen = new Set<number>();
const stats = { messages: 0, gaps: 0, checksumFailures: 0, resyncs: 0, measuring: false };

const count = (into: Uint32Array, ms: number) => {
  into[Math.min(into.length - 1, Math.max(0, Math.round(ms * 10)))]! += 1;
};

/** A message's fields before its `data`: channel, type, token, seq and ts, as the hub writes them. */
function headerOf(data: Buffer): Message & { ts: string } {
  const head = data.toString('latin1', 0, Math.min(data.length, 256));
  const end = head.indexOf(',"data":');
  return JSON.parse(end < 0 ? data.toString('utf8') : `${head.slice(0, end)}}`) as Message & {
    ts: string;
  };
}

function subscribe(ws: WebSocket, id: string): void {
  const { tokenId, depth } = share.start;
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
function subscriber(checks: boolean): Promise<WebSocket> {
  const ws = new WebSocket(share.start.url);
  const book = checks ? new LocalBook(share.start.depth) : null;
  let seq: number | null = null;
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => subscribe(ws, 'first'));
    ws.on('message', (data: Buffer) => {
      const received = Date.now();
      const message = book
        ? (JSON.parse(data.toString('utf8')) as Message & { ts: string })
        : headerOf(data);
      if (message.type === 'snapshot') {
        seq = message.seq!;
        book?.snapshot(message);
        resolve(ws);
        return;
      }
      if (message.type === 'resync' && message.channel === 'book') {
        stats.resyncs += 1;
        seq = null;
        subscribe(ws, 'again');
        return;
      }
      if (message.type !== 'update') return;
      if (stats.measuring) {
        stats.messages += 1;
        const ms = received - Date.parse(message.ts);
        count(buckets, ms);
        if (message.channel === 'book' && !seen.has(message.seq!)) {
          seen.add(message.seq!);
          if (seen.size > 256) seen.delete(seen.values().next().value as number);
          count(firstBuckets, ms);
        }
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

const sockets: WebSocket[] = [];

// a client that only listens is closed after the server's idle limit (60 s): a ladder of rates on
// a loaded machine outlasts it, so each socket pings
setInterval(() => {
  for (const ws of sockets) ws.send(JSON.stringify({ op: 'ping', id: 'alive' }));
}, 20_000).unref();

const nonZero = (from: Uint32Array): [number, number][] =>
  [...from.entries()].filter(([, n]) => n > 0);

parentPort!.on('message', (op: 'measure' | 'report') => {
  if (op === 'measure') {
    buckets.fill(0);
    firstBuckets.fill(0);
    seen.clear();
    Object.assign(stats, { messages: 0, gaps: 0, checksumFailures: 0, resyncs: 0 });
    stats.measuring = true;
    loopDelay.reset();
    loopDelay.enable();
    parentPort!.postMessage({ op: 'measuring' });
    return;
  }
  stats.measuring = false;
  loopDelay.disable();
  const report: ThreadReport = {
    buckets: nonZero(buckets),
    firstBuckets: nonZero(firstBuckets),
    messages: stats.messages,
    gaps: stats.gaps,
    checksumFailures: stats.checksumFailures,
    resyncs: stats.resyncs,
    sockets: sockets.length,
    loopDelay: [
      loopDelay.percentile(50) / 1e6,
      loopDelay.percentile(99) / 1e6,
      loopDelay.max / 1e6,
    ],
  };
  parentPort!.postMessage({ op: 'report', report });
});

for (let i = 0; i < share.count; i += 50) {
  const group = Array.from({ length: Math.min(50, share.count - i) }, (_, j) =>
    subscriber(i + j < share.checkers),
  );
  sockets.push(...(await Promise.all(group)));
}
parentPort!.postMessage({ op: 'ready' });

/**
 * The market data benchmark's subscribers, in a process of their own (forked by run.ts) so that
 * placing orders never delays reading messages. Told `{ url, tokenId, count, checkers }`, it opens
 * the sockets and answers `ready`; `measure` starts counting afresh (answered `measuring`), `report` stops and answers the counts.
 *
 * Every client checks that book `seq` advances by exactly one; the first `checkers` also keep the
 * book and compare its CRC32 after each update (test/support/market-data.ts's LocalBook). A
 * `resync` is counted and the client subscribes again. The others parse only what comes before a
 * message's `data` (headerOf): the whole message has arrived when ws hands it over, and parsing
 * every trade of every message took most of this process's CPU, which the 2 cores' system under
 * test then lacked.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { LocalBook, type Message } from '../../test/support/market-data.js';

export interface Start {
  url: string;
  tokenId: string;
  count: number;
  checkers: number;
  depth: number;
}

export interface Report {
  /** delivery times: [bucket of 0.1 ms, count] for each bucket with any */
  buckets: [number, number][];
  messages: number;
  gaps: number;
  checksumFailures: number;
  resyncs: number;
  sockets: number;
  /** CPU milliseconds this process used while measuring (user + system) */
  cpuMs: number;
  /**
   * this process's event loop delay while measuring (ms: p50, p99, max): how long a message that
   * had arrived waited for the subscribers' own loop, a part of every delivery time
   */
  loopDelay: [number, number, number];
}

const loopDelay = monitorEventLoopDelay({ resolution: 1 });

/** delivery times in 0.1 ms buckets up to 60 s */
const buckets = new Uint32Array(600_001);
const stats = { messages: 0, gaps: 0, checksumFailures: 0, resyncs: 0, measuring: false };
let cpuAtMeasure = process.cpuUsage();

/** A message's fields before its `data`: channel, type, token, seq and ts, as the hub writes them. */
function headerOf(data: Buffer): Message & { ts: string } {
  const head = data.toString('latin1', 0, Math.min(data.length, 256));
  const end = head.indexOf(',"data":');
  return JSON.parse(end < 0 ? data.toString('utf8') : `${head.slice(0, end)}}`) as Message & {
    ts: string;
  };
}

function subscribe(ws: WebSocket, start: Start, id: string): void {
  ws.send(
    JSON.stringify({
      op: 'subscribe',
      id,
      channels: [
        { name: 'book', token_id: start.tokenId, depth: start.depth },
        { name: 'trades', token_id: start.tokenId },
      ],
    }),
  );
}

/** One subscriber; resolves once its first book snapshot arrived. */
function subscriber(start: Start, checks: boolean): Promise<WebSocket> {
  const ws = new WebSocket(start.url);
  const book = checks ? new LocalBook(start.depth) : null;
  let seq: number | null = null;
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => subscribe(ws, start, 'first'));
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
        subscribe(ws, start, 'again');
        return;
      }
      if (message.type !== 'update') return;
      if (stats.measuring) {
        stats.messages += 1;
        const ms = received - Date.parse(message.ts);
        buckets[Math.min(buckets.length - 1, Math.max(0, Math.round(ms * 10)))]! += 1;
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

process.on('message', (command: { op: 'start'; start: Start } | { op: 'measure' | 'report' }) => {
  void (async () => {
    if (command.op === 'start') {
      const { start } = command;
      for (let i = 0; i < start.count; i += 50) {
        const group = Array.from({ length: Math.min(50, start.count - i) }, (_, j) =>
          subscriber(start, i + j < start.checkers),
        );
        sockets.push(...(await Promise.all(group)));
      }
      process.send!({ op: 'ready' });
    } else if (command.op === 'measure') {
      buckets.fill(0);
      Object.assign(stats, { messages: 0, gaps: 0, checksumFailures: 0, resyncs: 0 });
      stats.measuring = true;
      cpuAtMeasure = process.cpuUsage();
      loopDelay.reset();
      loopDelay.enable();
      process.send!({ op: 'measuring' });
    } else {
      stats.measuring = false;
      const cpu = process.cpuUsage(cpuAtMeasure);
      loopDelay.disable();
      const report: Report = {
        buckets: [...buckets.entries()].filter(([, n]) => n > 0),
        messages: stats.messages,
        gaps: stats.gaps,
        checksumFailures: stats.checksumFailures,
        resyncs: stats.resyncs,
        sockets: sockets.length,
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelay: [
          loopDelay.percentile(50) / 1e6,
          loopDelay.percentile(99) / 1e6,
          loopDelay.max / 1e6,
        ],
      };
      // the parent ends this process once it has the report
      process.send!({ op: 'report', report });
    }
  })();
});

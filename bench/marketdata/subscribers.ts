/**
 * The market data benchmark's subscribers, in a process of their own (forked by run.ts) so that
 * placing orders never delays reading messages, and in `workers` threads of it
 * (subscriber-sockets.ts, the sockets shared out evenly) so that one event loop does not read the
 * whole fan-out one socket after the other. Told `{ url, tokenId, count, checkers, workers }`, it
 * opens the sockets and answers `ready`; `measure` starts counting afresh (answered `measuring`),
 * `report` stops and answers the counts of all threads together.
 */
import { Worker } from 'node:worker_threads';
import type { Share, ThreadReport } from './subscriber-sockets.js';

export interface Start {
  url: string;
  tokenId: string;
  count: number;
  checkers: number;
  depth: number;
  /** threads the sockets are shared among */
  workers: number;
}

export interface Report extends ThreadReport {
  /** CPU milliseconds this process (every thread) used while measuring (user + system) */
  cpuMs: number;
  /**
   * the worst thread's event loop delay while measuring (ms: p50, p99, max): how long a message
   * that had arrived waited for the subscribers' own loop, a part of every delivery time
   */
  loopDelay: [number, number, number];
}

const threads: Worker[] = [];
let cpuAtMeasure = process.cpuUsage();

/** Sends `op` to every thread and waits for each one's answer of the same name. */
function everyThread<T>(op: string, send?: string): Promise<T[]> {
  return Promise.all(
    threads.map(
      (thread) =>
        new Promise<T>((resolve) => {
          const onMessage = (message: { op: string }) => {
            if (message.op !== op) return;
            thread.off('message', onMessage);
            resolve(message as T);
          };
          thread.on('message', onMessage);
          if (send) thread.postMessage(send);
        }),
    ),
  );
}

/** The sum of the threads' bucket lists. */
function merged(lists: [number, number][][]): [number, number][] {
  const sums = new Map<number, number>();
  for (const list of lists)
    for (const [bucket, n] of list) sums.set(bucket, (sums.get(bucket) ?? 0) + n);
  return [...sums].sort(([a], [b]) => a - b);
}

function startThreads(start: Start): Promise<unknown> {
  for (let i = 0; i < start.workers; i += 1) {
    // the sockets and the checking clients shared out evenly
    const count =
      Math.floor(start.count / start.workers) + (i < start.count % start.workers ? 1 : 0);
    const checkers =
      Math.floor(start.checkers / start.workers) + (i < start.checkers % start.workers ? 1 : 0);
    const share: Share = { start, count, checkers };
    // a worker thread does not inherit the process's `--import tsx`: it registers tsx itself
    const url = JSON.stringify(new URL('./subscriber-sockets.ts', import.meta.url).href);
    const thread = new Worker(
      `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${url}); })`,
      { eval: true, workerData: share },
    );
    thread.once('error', (error) => {
      console.error(error);
      process.exit(1);
    });
    threads.push(thread);
  }
  return everyThread('ready');
}

process.on('message', (command: { op: 'start'; start: Start } | { op: 'measure' | 'report' }) => {
  void (async () => {
    if (command.op === 'start') {
      await startThreads(command.start);
      process.send!({ op: 'ready' });
    } else if (command.op === 'measure') {
      cpuAtMeasure = process.cpuUsage();
      await everyThread('measuring', 'measure');
      process.send!({ op: 'measuring' });
    } else {
      const reports = (await everyThread<{ report: ThreadReport }>('report', 'report')).map(
        (answer) => answer.report,
      );
      const cpu = process.cpuUsage(cpuAtMeasure);
      const sum = (field: 'messages' | 'gaps' | 'checksumFailures' | 'resyncs' | 'sockets') =>
        reports.reduce((total, report) => total + report[field], 0);
      const worst = (i: number) => Math.max(...reports.map((report) => report.loopDelay[i]!));
      const report: Report = {
        buckets: merged(reports.map((r) => r.buckets)),
        firstBuckets: merged(reports.map((r) => r.firstBuckets)),
        messages: sum('messages'),
        gaps: sum('gaps'),
        checksumFailures: sum('checksumFailures'),
        resyncs: sum('resyncs'),
        sockets: sum('sockets'),
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelay: [worst(0), worst(1), worst(2)],
      };
      // the parent ends this process once it has the report
      process.send!({ op: 'report', report });
    }
  })();
});

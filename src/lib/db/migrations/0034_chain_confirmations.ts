import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A mined or reverted transaction is watched until its block is deep enough (CHAIN_CONFIRMATIONS):
 * the receipt keeps its block hash, `confirmed_at` says it is final, `watch_due_at` is the
 * watcher's claim (the row is the job), `redrives` counts how often a lost block sent it back to
 * the chain, `alert` what staff were told when the watcher could not decide. Rows recorded before
 * have no block hash to check: they count as final.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gas_transactions')
    .addColumn('block_hash', 'varchar(66)')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('watch_due_at', 'timestamptz')
    .addColumn('redrives', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alert', 'varchar(10)', (c) => c.check(sql`alert in ('undecided', 'stalled')`))
    .addColumn('alerted_at', 'timestamptz')
    .execute();
  await sql`update gas_transactions set confirmed_at = finished_at
    where status in ('mined', 'reverted')`.execute(db);
  await sql`create index gas_transactions_watch on gas_transactions (nonce)
    where confirmed_at is null and status in ('sent', 'mined', 'reverted')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index gas_transactions_watch`.execute(db);
  await db.schema
    .alterTable('gas_transactions')
    .dropColumn('block_hash')
    .dropColumn('confirmed_at')
    .dropColumn('watch_due_at')
    .dropColumn('redrives')
    .dropColumn('alert')
    .dropColumn('alerted_at')
    .execute();
}

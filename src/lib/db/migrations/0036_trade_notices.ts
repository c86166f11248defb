import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The notices a trade causes after the fact (docs/api.md "Email, verification and
 * notifications"): fill digests and settlements failed for good. The platform reads them off the
 * trading tables in time windows, off the order path; each window's end is kept here, written in
 * the transaction that writes its notices, so a window is told once. They start now: history
 * from before this migration is not told.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notice_cursors')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('through', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`insert into notice_cursors (name, through)
    values ('order_fills', now()), ('settlement_failures', now())`.execute(db);
  // only failed rows are indexed: the order path's inserts ('pending') skip it
  await sql`create index trade_settlement_history_failed on trade_settlement_history (created_at)
    where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trade_settlement_history_failed').execute();
  await db.schema.dropTable('notice_cursors').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The trading journal (TRADING_WRITE=journal, docs/performance.md): each batch appends one row per
 * book it changed, holding the rows the acknowledgement does not wait for (orders, their history,
 * refusals, trades with their settlement history and token movements, candles); the book's owner
 * projects them into those tables off the acknowledgement's path and deletes them in the same
 * statement. No foreign key: a row is short-lived, and its token's owner is the only writer.
 * `trading_journal_projected()` is how a projection refuses when the rows it was sent for are no
 * longer all there (another projection took them), with its own SQLSTATE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trading_journal')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_id', 'uuid', (c) => c.notNull())
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('book_sequence', 'bigint', (c) => c.notNull())
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // a book's tail in append order (the projection and a new owner read it so)
  await db.schema
    .createIndex('trading_journal_token')
    .on('trading_journal')
    .columns(['token_id', 'id'])
    .execute();
  await sql`create function trading_journal_projected() returns boolean language plpgsql as $$
    begin
      raise exception 'journal rows this projection was sent for are gone'
        using errcode = 'TB002';
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function trading_journal_projected()`.execute(db);
  await db.schema.dropTable('trading_journal').execute();
}

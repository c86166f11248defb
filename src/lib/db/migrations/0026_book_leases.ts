import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Book ownership across trading nodes (src/trading/books/book-leases.ts), replacing the
 * per-process advisory lock: the live nodes with their heartbeat, and one lease per book with its
 * owner, its expiry and an epoch that rises at every hand-over. Every batch write checks the
 * epoch it was planned under in the same statement (batch.queries.ts); `book_lease_lost()` is
 * how that statement refuses, with its own SQLSTATE so the sequencer can tell it from a conflict.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trading_nodes')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(500)')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('draining', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('book_leases')
    .addColumn('token_id', 'uuid', (c) => c.primaryKey().references('tokens.id'))
    .addColumn('owner_node', 'varchar(100)')
    .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acquired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('book_leases_owner').on('book_leases').column('owner_node').execute();
  await sql`create function book_lease_lost() returns boolean language plpgsql as $$
    begin
      raise exception 'the book lease this batch was planned under is lost'
        using errcode = 'TB001';
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function book_lease_lost()`.execute(db);
  await db.schema.dropTable('book_leases').execute();
  await db.schema.dropTable('trading_nodes').execute();
}

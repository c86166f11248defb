import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The order audit trail (docs/reports.md): each status history row keeps the book's sequence after
 * its event, the order's price and quantity after it and the microsecond it was written (the rows
 * before it: their batch's time); the refused orders, amends and cancels get an
 * append-only record of their own. Neither has a foreign key: the audit trail is read by time,
 * and a refusal may name a token that does not exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_status_history')
    .addColumn('price', 'numeric')
    .addColumn('quantity', 'bigint')
    .addColumn('book_sequence', 'bigint')
    .addColumn('recorded_at', 'timestamptz')
    .execute();
  await sql`update order_status_history set recorded_at = created_at`.execute(db);
  await sql`alter table order_status_history
    alter column recorded_at set default clock_timestamp(),
    alter column recorded_at set not null`.execute(db);
  await db.schema
    .createTable('order_refusals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('token_id', 'uuid')
    .addColumn('order_id', 'uuid')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('side', 'varchar(8)')
    .addColumn('order_type', 'varchar(16)')
    .addColumn('time_in_force', 'varchar(8)')
    .addColumn('price', 'numeric')
    .addColumn('stop_price', 'numeric')
    .addColumn('quantity', 'bigint')
    .addColumn('client_order_id', 'varchar(64)')
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('book_sequence', 'bigint')
    .execute();
  // BRIN: the rows come in time order, so a block range index finds a day's rows for a few bytes
  // and costs the order path's inserts next to nothing (a B-tree would add a probe per row)
  await sql`create index order_refusals_recorded_at on order_refusals using brin (recorded_at)`.execute(
    db,
  );
  await sql`create index order_status_history_recorded_at on order_status_history
    using brin (recorded_at)`.execute(db);
  await sql`
    create function order_refusals_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'order_refusals is append-only' using errcode = 'P0001';
    end $$`.execute(db);
  await sql`
    create trigger order_refusals_append_only before update or delete on order_refusals
    for each row execute function order_refusals_append_only()`.execute(db);
  await sql`
    create trigger order_refusals_no_truncate before truncate on order_refusals
    for each statement execute function order_refusals_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_refusals').execute();
  await sql`drop function order_refusals_append_only()`.execute(db);
  await db.schema.dropIndex('order_status_history_recorded_at').execute();
  await db.schema
    .alterTable('order_status_history')
    .dropColumn('price')
    .dropColumn('quantity')
    .dropColumn('book_sequence')
    .dropColumn('recorded_at')
    .execute();
}

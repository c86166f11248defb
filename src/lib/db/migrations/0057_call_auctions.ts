import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Call auctions in the book (docs/auctions.md): the session times in force (DAY, ATO, ATC, GFA)
 * on orders and their refusals; when the token's latest uncross ran (the phase function's
 * `callEndedAt`, kept across a rebuild); and the auction a trade came from, so that the
 * settlement processor sends an auction's trades as one batch.
 */
const widened = `('GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTD', 'DAY', 'ATO', 'ATC', 'GFA')`;
const narrow = `('GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTD')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders
    drop constraint orders_time_in_force_check,
    add constraint orders_time_in_force_check check (time_in_force in ${sql.raw(widened)})`.execute(
    db,
  );
  await sql`alter table order_refusals
    drop constraint order_refusals_time_in_force_check,
    add constraint order_refusals_time_in_force_check
      check (time_in_force in ${sql.raw(widened)})`.execute(db);
  await db.schema.alterTable('tokens').addColumn('last_uncross_at', 'timestamptz').execute();
  await db.schema.alterTable('trades').addColumn('auction_id', 'uuid').execute();
  await db.schema
    .createIndex('trades_auction_id')
    .on('trades')
    .column('auction_id')
    .where('auction_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trades_auction_id').execute();
  await db.schema.alterTable('trades').dropColumn('auction_id').execute();
  await db.schema.alterTable('tokens').dropColumn('last_uncross_at').execute();
  // fails while an order or refusal with a session time in force is recorded
  await sql`alter table order_refusals
    drop constraint order_refusals_time_in_force_check,
    add constraint order_refusals_time_in_force_check
      check (time_in_force in ${sql.raw(narrow)})`.execute(db);
  await sql`alter table orders
    drop constraint orders_time_in_force_check,
    add constraint orders_time_in_force_check check (time_in_force in ${sql.raw(narrow)})`.execute(
    db,
  );
}

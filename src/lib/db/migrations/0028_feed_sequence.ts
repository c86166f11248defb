import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A book's market data sequence in the database (docs/market-data.md): `tokens.feed_sequence`
 * rises by one with every committed write that changes the book's levels (its engine sequence,
 * `book_sequence`, moves), in the same statement, so any node that loads or follows the book
 * reads the `seq` the owner published, and a new owner after a failover goes on from it. It
 * starts at the engine sequence, which the feed's own count never passed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tokens')
    .addColumn('feed_sequence', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update tokens set feed_sequence = book_sequence`.execute(db);
  await sql`
    create function tokens_feed_sequence() returns trigger language plpgsql as $$
    begin
      new.feed_sequence := old.feed_sequence + 1;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger tokens_feed_sequence before update of book_sequence on tokens
    for each row when (new.book_sequence <> old.book_sequence)
    execute function tokens_feed_sequence()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger tokens_feed_sequence on tokens`.execute(db);
  await sql`drop function tokens_feed_sequence()`.execute(db);
  await db.schema.alterTable('tokens').dropColumn('feed_sequence').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The rows a trading batch reads before it plans (its traders, their wallets, its tokens) carry a
 * version that every change of what the batch reads raises, whoever makes it: the single-process
 * sequencer keeps what it read and wrote (src/trading/books/read-cache.ts) and its write checks,
 * in the same statement, that each version it planned on is still the one in the table; if not,
 * `trading_reads_stale()` refuses the write (SQLSTATE TB002) and the batch is planned again from
 * fresh reads.
 *
 * - users and wallets: every update raises it (the batch's own write raises it by one per row, as
 *   the sequencer expects);
 * - tokens: an update that changes anything but what the batch write itself sets each time (the
 *   book's sequence, last price) or the chain job's bookkeeping; a batch's write that sets a halt
 *   or an uncross raises it too (the sequencer then reads the token again);
 * - what a token's read joins (its NAVs, transfer rules, debt terms, trading session and the
 *   session's calendar) raises the token's; a business's change raises its owner's.
 */
const tokenBookkeeping = [
  'book_sequence',
  'feed_sequence',
  'last_price',
  'updated_at',
  'chain_sync_claim_id',
  'chain_sync_due_at',
  'chain_sync_attempts',
  'chain_sync_waits',
  'chain_sync_error',
  'trading_version',
];

/** What a token's read joins besides its row (batch.queries.ts `readTokens`, its session). */
const tokenReadTables = [
  'token_navs',
  'token_compliance_rules',
  'debt_terms',
  'token_trading_sessions',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'wallets', 'tokens']) {
    await db.schema
      .alterTable(table)
      .addColumn('trading_version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`create function trading_reads_stale() returns boolean language plpgsql as $$
    begin
      raise exception 'a row this batch was planned on changed since it was read'
        using errcode = 'TB002';
    end $$`.execute(db);
  await sql`create function trading_version_raise() returns trigger language plpgsql as $$
    begin
      new.trading_version := old.trading_version + 1;
      return new;
    end $$`.execute(db);
  for (const table of ['users', 'wallets']) {
    await sql`create trigger ${sql.raw(`${table}_trading_version`)} before update on ${sql.table(table)}
      for each row execute function trading_version_raise()`.execute(db);
  }
  const ignored = sql.raw(`array[${tokenBookkeeping.map((c) => `'${c}'`).join(', ')}]`);
  await sql`create function tokens_trading_version() returns trigger language plpgsql as $$
    begin
      if new.book_sequence is distinct from old.book_sequence
         or (to_jsonb(new) - ${ignored}) is distinct from (to_jsonb(old) - ${ignored}) then
        new.trading_version := old.trading_version + 1;
      end if;
      return new;
    end $$`.execute(db);
  // A write of a batch (the only writer of book_sequence, which it moves) sets nothing else the
  // batch reads but a halt or an uncross: only then does it call the function, which compares
  // whole rows (a tenth of a millisecond on each of a batch's tokens otherwise).
  await sql`create trigger tokens_trading_version before update on tokens for each row
    when (new.book_sequence is not distinct from old.book_sequence
      or new.halted_until is distinct from old.halted_until
      or new.last_uncross_at is distinct from old.last_uncross_at)
    execute function tokens_trading_version()`.execute(db);

  // what a token's read joins: a change raises the token's version (its row, so it also waits
  // for a batch writing the token to commit)
  await sql`create function token_read_changed() returns trigger language plpgsql as $$
    begin
      update tokens set trading_version = trading_version + 1
      where id in (old.token_id, new.token_id);
      return null;
    end $$`.execute(db);
  for (const table of tokenReadTables) {
    await sql`create trigger ${sql.raw(`${table}_trading_version`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function token_read_changed()`.execute(db);
  }
  await sql`create function trading_calendar_changed() returns trigger language plpgsql as $$
    begin
      update tokens set trading_version = trading_version + 1
      where id in (
        select token_id from token_trading_sessions where calendar_code in (old.code, new.code)
      );
      return null;
    end $$`.execute(db);
  await sql`create trigger trading_calendars_trading_version
    after update or delete on trading_calendars
    for each row execute function trading_calendar_changed()`.execute(db);
  await sql`create function business_changed() returns trigger language plpgsql as $$
    begin
      update users set trading_version = trading_version + 1
      where id in (old.owner_id, new.owner_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger businesses_trading_version
    after insert or update or delete on businesses
    for each row execute function business_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger businesses_trading_version on businesses`.execute(db);
  await sql`drop function business_changed()`.execute(db);
  await sql`drop trigger trading_calendars_trading_version on trading_calendars`.execute(db);
  await sql`drop function trading_calendar_changed()`.execute(db);
  for (const table of tokenReadTables) {
    await sql`drop trigger ${sql.raw(`${table}_trading_version`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function token_read_changed()`.execute(db);
  await sql`drop trigger tokens_trading_version on tokens`.execute(db);
  await sql`drop function tokens_trading_version()`.execute(db);
  for (const table of ['users', 'wallets']) {
    await sql`drop trigger ${sql.raw(`${table}_trading_version`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function trading_version_raise()`.execute(db);
  await sql`drop function trading_reads_stale()`.execute(db);
  for (const table of ['users', 'wallets', 'tokens']) {
    await db.schema.alterTable(table).dropColumn('trading_version').execute();
  }
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A token's trading session and market model (docs/auctions.md): its time zone, calendar, call
 * lengths and weekly hours. A token without a row trades continuously around the clock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('token_trading_sessions')
    .addColumn('token_id', 'uuid', (c) => c.primaryKey().references('tokens.id'))
    .addColumn('market_model', 'varchar(32)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('calendar_code', 'varchar(32)', (c) => c.references('trading_calendars.code'))
    .addColumn('opening_call_seconds', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('closing_call_seconds', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('call_seconds', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('random_end_seconds', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'token_trading_sessions_market_model',
      sql`market_model IN ('continuous', 'continuous_with_auctions', 'periodic_auction')`,
    )
    // a random end falls within every call
    .addCheckConstraint(
      'token_trading_sessions_calls',
      sql`random_end_seconds >= 0 AND opening_call_seconds > random_end_seconds
        AND closing_call_seconds > random_end_seconds AND call_seconds > random_end_seconds`,
    )
    .execute();
  await db.schema
    .createTable('token_session_hours')
    .addColumn('token_id', 'uuid', (c) =>
      c.notNull().references('token_trading_sessions.token_id').onDelete('cascade'),
    )
    // ISO weekday, 1 Monday ... 7 Sunday; times in minutes after local midnight
    .addColumn('weekday', 'smallint', (c) => c.notNull())
    .addColumn('opens', 'smallint', (c) => c.notNull())
    .addColumn('closes', 'smallint', (c) => c.notNull())
    .addPrimaryKeyConstraint('token_session_hours_pk', ['token_id', 'weekday'])
    .addCheckConstraint(
      'token_session_hours_times',
      sql`weekday BETWEEN 1 AND 7 AND opens >= 0 AND closes <= 1440 AND opens < closes`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('token_session_hours').execute();
  await db.schema.dropTable('token_trading_sessions').execute();
}

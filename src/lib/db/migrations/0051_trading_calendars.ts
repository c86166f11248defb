import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Trading calendars (docs/auctions.md, "Sessions"): named lists of local dates on which the
 * tokens that follow a calendar stay closed, edited by staff.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trading_calendars')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('trading_calendars_code', sql`code ~ '^[a-z0-9][a-z0-9_-]*$'`)
    .execute();
  await db.schema
    .createTable('trading_holidays')
    .addColumn('calendar_code', 'varchar(32)', (c) =>
      c.notNull().references('trading_calendars.code').onDelete('cascade'),
    )
    // a date in the time zone of each token that follows the calendar
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('trading_holidays_pk', ['calendar_code', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trading_holidays').execute();
  await db.schema.dropTable('trading_calendars').execute();
}

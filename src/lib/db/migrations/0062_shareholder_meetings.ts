import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Shareholder meetings (docs/corporate-actions.md "Shareholder votes"): the meeting with its
 * dates, quorum and four-eyes decision; its resolutions with their choices and majority; the
 * holders of record with their weight (the register at the record date); each holder's votes,
 * split across choices. The checks hold what the service promises: the window opens at or after
 * the record date, a decider is never the proposer, votes are whole tokens above 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meetings')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('record_date', 'timestamptz', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('quorum_pct', sql`numeric(5, 2)`, (c) =>
      c.notNull().check(sql`quorum_pct >= 0 and quorum_pct <= 100`),
    )
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('proposed', 'rejected', 'approved', 'closed')`),
    )
    .addColumn('proposed_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_note', 'text')
    .addColumn('snapshot_at', 'timestamptz')
    .addColumn('eligible_units', 'numeric', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`eligible_units >= 0 and eligible_units = trunc(eligible_units)`),
    )
    .addColumn('holder_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('represented_units', 'numeric')
    .addColumn('quorum_met', 'boolean')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('meetings_dates', sql`record_date <= opens_at and opens_at < closes_at`)
    .addCheckConstraint('meetings_four_eyes', sql`decided_by is null or decided_by <> proposed_by`)
    .addCheckConstraint(
      'meetings_closed',
      sql`(status = 'closed') = (closed_at is not null and quorum_met is not null)`,
    )
    .execute();
  await db.schema.createIndex('meetings_token').on('meetings').columns(['token_id']).execute();
  // the clerk's two sweeps: holders to count, windows to close
  await db.schema
    .createIndex('meetings_due')
    .on('meetings')
    .columns(['status', 'closes_at'])
    .where(sql<boolean>`status = 'approved'`)
    .execute();

  await db.schema
    .createTable('meeting_resolutions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('meeting_id', 'uuid', (c) => c.notNull().references('meetings.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('majority', 'varchar(20)', (c) =>
      c.notNull().check(sql`majority in ('simple', 'two_thirds', 'three_quarters')`),
    )
    .addColumn('choices', 'jsonb', (c) => c.notNull())
    .addColumn('totals', 'jsonb')
    .addColumn('passed', 'boolean')
    .addUniqueConstraint('meeting_resolutions_position', ['meeting_id', 'position'])
    .execute();

  await db.schema
    .createTable('meeting_voters')
    .addColumn('meeting_id', 'uuid', (c) => c.notNull().references('meetings.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('weight', 'numeric', (c) =>
      c.notNull().check(sql`weight > 0 and weight = trunc(weight)`),
    )
    .addColumn('voted_at', 'timestamptz')
    .addPrimaryKeyConstraint('meeting_voters_pkey', ['meeting_id', 'user_id'])
    .execute();
  // a holder's meetings, for their portfolio
  await db.schema
    .createIndex('meeting_voters_user')
    .on('meeting_voters')
    .columns(['user_id'])
    .execute();

  await db.schema
    .createTable('meeting_votes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('meeting_id', 'uuid', (c) => c.notNull())
    .addColumn('resolution_id', 'uuid', (c) => c.notNull().references('meeting_resolutions.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('choice', 'integer', (c) => c.notNull().check(sql`choice >= 0`))
    .addColumn('units', 'numeric', (c) =>
      c.notNull().check(sql`units > 0 and units = trunc(units)`),
    )
    .addForeignKeyConstraint('meeting_votes_voter', ['meeting_id', 'user_id'], 'meeting_voters', [
      'meeting_id',
      'user_id',
    ])
    .addUniqueConstraint('meeting_votes_one_per_choice', ['resolution_id', 'user_id', 'choice'])
    .execute();
  await db.schema
    .createIndex('meeting_votes_voter')
    .on('meeting_votes')
    .columns(['meeting_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meeting_votes').execute();
  await db.schema.dropTable('meeting_voters').execute();
  await db.schema.dropTable('meeting_resolutions').execute();
  await db.schema.dropTable('meetings').execute();
}

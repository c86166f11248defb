import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const money = sql`numeric(20, 2)`;
const now = sql`now()`;

/**
 * Share splits and consolidations (docs/corporate-actions.md): the action, one row per holder
 * scaled (so a worker stopped at any point resumes without doing a holder twice) and one per chain
 * batch (its idempotency key). Past prices are adjusted on read from the done splits' ratios.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_splits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('issuer_id', 'uuid', (c) => c.notNull().references('users.id'))
    // the issuer, or staff on its behalf
    .addColumn('proposed_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('ratio_new', 'integer', (c) => c.notNull().check(sql`ratio_new between 1 and 1000`))
    .addColumn('ratio_old', 'integer', (c) => c.notNull().check(sql`ratio_old between 1 and 1000`))
    .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('proposed', 'rejected', 'approved', 'halting', 'scaling', 'done', 'failed')`,
        ),
    )
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reference_price', sql`numeric(20, 8)`, (c) => c.check(sql`reference_price > 0`))
    .addColumn('reference_source', 'varchar(20)', (c) =>
      c.check(sql`reference_source in ('last_trade', 'nav', 'offering')`),
    )
    .addColumn('holder_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holders_scaled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cash_total', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cash_total >= 0`),
    )
    .addColumn('cash_paid', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cash_paid >= 0`),
    )
    // why a split failed (it could not start)
    .addColumn('error', 'text')
    // the job's last failed attempt
    .addColumn('job_error', 'text')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('job_state', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('idle')
        .check(sql`job_state in ('idle', 'ready', 'running', 'failed')`),
    )
    .addColumn('claim_id', 'uuid')
    .addColumn('due_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // ratios in lowest terms, and not 1:1
    .addCheckConstraint(
      'share_splits_ratio',
      sql`ratio_new <> ratio_old and gcd(ratio_new, ratio_old) = 1`,
    )
    // staff other than the proposer decide (four eyes)
    .addCheckConstraint(
      'share_splits_four_eyes',
      sql`decided_by is null or decided_by <> proposed_by`,
    )
    .addCheckConstraint('share_splits_cash', sql`cash_paid <= cash_total`)
    .execute();
  // one action in flight per token
  await sql`create unique index share_splits_one_open on share_splits (token_id)
    where status in ('proposed', 'approved', 'halting', 'scaling')`.execute(db);
  await sql`create index share_splits_jobs on share_splits (due_at) where job_state in ('ready', 'running')`.execute(
    db,
  );

  await db.schema
    .createTable('share_split_holders')
    .addColumn('split_id', 'uuid', (c) => c.notNull().references('share_splits.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('old_balance', 'bigint', (c) => c.notNull().check(sql`old_balance > 0`))
    .addColumn('new_balance', 'bigint', (c) => c.notNull().check(sql`new_balance >= 0`))
    .addColumn('old_locked', 'bigint', (c) => c.notNull())
    .addColumn('new_locked', 'bigint', (c) => c.notNull())
    .addColumn('old_frozen', 'bigint', (c) => c.notNull())
    .addColumn('new_frozen', 'bigint', (c) => c.notNull())
    .addColumn('cash_in_lieu', money, (c) => c.notNull().check(sql`cash_in_lieu >= 0`))
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('pending', 'scaled')`),
    )
    .addColumn('batch_no', 'integer')
    .addPrimaryKeyConstraint('share_split_holders_pk', ['split_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('share_split_batches')
    .addColumn('split_id', 'uuid', (c) => c.notNull().references('share_splits.id'))
    .addColumn('batch_no', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('pending', 'sent')`),
    )
    .addColumn('tx_hash', 'varchar(66)')
    .addPrimaryKeyConstraint('share_split_batches_pk', ['split_id', 'batch_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_split_batches').execute();
  await db.schema.dropTable('share_split_holders').execute();
  await db.schema.dropTable('share_splits').execute();
}

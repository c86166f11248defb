import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const now = sql`now()`;

/**
 * Debt tokens (docs/corporate-actions.md, "Debt tokens"): a token's debt terms, its payments (each
 * coupon, and the redemption at maturity or at a call, paid through a dividend declaration), the
 * issuer's calls awaiting staff, the burns of the redeemed units, and the accrued interest a trade
 * of a debt token carries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('debt_terms')
    .addColumn('token_id', 'uuid', (c) => c.primaryKey().references('tokens.id'))
    .addColumn('face_value', sql`numeric(20, 2)`, (c) => c.notNull().check(sql`face_value > 0`))
    .addColumn('coupon_rate_pct', sql`numeric(9, 4)`, (c) =>
      c.notNull().check(sql`coupon_rate_pct between 0 and 100`),
    )
    .addColumn('frequency', 'varchar(12)', (c) =>
      c.notNull().check(sql`frequency in ('annual', 'semi_annual', 'quarterly', 'monthly')`),
    )
    .addColumn('day_count', 'varchar(8)', (c) =>
      c.notNull().check(sql`day_count in ('30_360', 'act_365', 'act_act')`),
    )
    .addColumn('first_coupon_date', 'date', (c) => c.notNull())
    .addColumn('maturity_date', 'date', (c) => c.notNull())
    .addColumn('record_days', 'integer', (c) =>
      c.notNull().check(sql`record_days between 1 and 20`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('debt_terms_dates', sql`first_coupon_date <= maturity_date`)
    .execute();

  // An approved call replaces the payments after it; the issuer asks, staff decide (four eyes).
  await db.schema
    .createTable('debt_calls')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('debt_terms.token_id'))
    .addColumn('call_date', 'date', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('pending_approval', 'approved', 'rejected')`),
    )
    .addColumn('requested_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'debt_calls_four_eyes',
      sql`decided_by is null or decided_by <> requested_by`,
    )
    .execute();
  // one call open or approved per token
  await sql`create unique index debt_calls_one_live on debt_calls (token_id)
            where status in ('pending_approval', 'approved')`.execute(db);

  await db.schema
    .createTable('debt_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('debt_terms.token_id'))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    .addColumn('kind', 'varchar(12)', (c) =>
      c.notNull().check(sql`kind in ('coupon', 'redemption')`),
    )
    .addColumn('accrual_start', 'date', (c) => c.notNull())
    .addColumn('payment_date', 'date', (c) => c.notNull())
    .addColumn('record_date', 'date', (c) => c.notNull())
    .addColumn('coupon_per_unit', sql`numeric(20, 8)`, (c) =>
      c.notNull().check(sql`coupon_per_unit >= 0`),
    )
    .addColumn('principal_per_unit', sql`numeric(20, 2)`, (c) =>
      c.notNull().check(sql`principal_per_unit >= 0`),
    )
    .addColumn('call_id', 'uuid', (c) => c.references('debt_calls.id'))
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .check(sql`status in ('scheduled', 'declared', 'paying', 'burning', 'paid', 'cancelled')`),
    )
    .addColumn('dividend_id', 'uuid', (c) => c.references('dividend_declarations.id'))
    // the issuer was told (and staff alerted) that its balance would not cover this payment
    .addColumn('funding_warned_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'debt_payments_principal',
      sql`(kind = 'redemption') = (principal_per_unit > 0)`,
    )
    .addCheckConstraint('debt_payments_dates', sql`record_date < payment_date`)
    // declared from its period's start on; a cancelled one keeps the declaration it had
    .addCheckConstraint(
      'debt_payments_declared',
      sql`(status <> 'scheduled' or dividend_id is null)
          and (status not in ('declared', 'paying', 'burning') or dividend_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('debt_payments_token')
    .on('debt_payments')
    .columns(['token_id', 'payment_date'])
    .execute();
  // the worker's queue: payments not yet paid or cancelled
  await sql`create index debt_payments_open on debt_payments (payment_date)
            where status not in ('paid', 'cancelled')`.execute(db);
  await sql`create unique index debt_payments_dividend on debt_payments (dividend_id)
            where dividend_id is not null`.execute(db);

  // The redeemed units leave every wallet in the database with the redemption's payment, then on
  // chain in batches of one batchBurn each; the batch row is the job (idempotency key = its id).
  await db.schema
    .createTable('debt_burn_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('debt_payments.id'))
    .addColumn('holders', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('claim_id', 'uuid')
    .addColumn('due_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('debt_burn_batches_payment')
    .on('debt_burn_batches')
    .columns(['payment_id', 'id'])
    .execute();

  // Accrued interest: charged to the buyer and credited to the seller with the trade.
  await db.schema
    .alterTable('trades')
    .addColumn('accrued_interest', sql`numeric(20, 2)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`accrued_interest >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trades').dropColumn('accrued_interest').execute();
  for (const table of ['debt_burn_batches', 'debt_payments', 'debt_calls', 'debt_terms']) {
    await db.schema.dropTable(table).execute();
  }
}

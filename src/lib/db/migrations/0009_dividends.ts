import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const money = sql`numeric(20, 2)`;
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dividend_declarations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    // the business owner at declaration: who pays, and the one issuer who may see it
    .addColumn('issuer_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('dividend_type', 'varchar(20)', (c) =>
      c.notNull().check(sql`dividend_type in ('fiat', 'token', 'stablecoin')`),
    )
    .addColumn('per_token_usd', sql`numeric(20, 8)`, (c) => c.check(sql`per_token_usd > 0`))
    .addColumn('per_token_qty', 'bigint', (c) => c.check(sql`per_token_qty > 0`))
    .addColumn('fee_pct', sql`numeric(5, 2)`, (c) =>
      c.notNull().check(sql`fee_pct between 0 and 100`),
    )
    .addColumn('total_held', 'bigint', (c) => c.notNull().check(sql`total_held > 0`))
    .addColumn('total_gross_usd', money, (c) => c.notNull().check(sql`total_gross_usd >= 0`))
    .addColumn('total_fee_usd', money, (c) => c.notNull().check(sql`total_fee_usd >= 0`))
    .addColumn('total_net_usd', money, (c) => c.notNull().check(sql`total_net_usd >= 0`))
    // what per-holder rounding down leaves with the issuer: never paid, never debited
    .addColumn('remainder_usd', money, (c) => c.notNull().check(sql`remainder_usd >= 0`))
    .addColumn('total_quantity', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_quantity >= 0`),
    )
    // taken from the issuer when distribution starts and not yet paid out (failed payments wait here)
    .addColumn('held_usd', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`held_usd >= 0`),
    )
    .addColumn('held_quantity', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`held_quantity >= 0`),
    )
    .addColumn('holder_count', 'integer', (c) => c.notNull().check(sql`holder_count >= 0`))
    .addColumn('record_date', 'timestamptz', (c) => c.notNull())
    .addColumn('payment_date', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('draft', 'pending_approval', 'approved', 'distributing', 'distributed', 'cancelled')`,
        ),
    )
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('approved_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('distribution_started_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('distribution_started_at', 'timestamptz')
    .addColumn('distributed_at', 'timestamptz')
    .addColumn('cancelled_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'dividend_declarations_amount_of_type',
      sql`(dividend_type = 'token' and per_token_qty is not null and per_token_usd is null)
          or (dividend_type <> 'token' and per_token_usd is not null and per_token_qty is null)`,
    )
    .addCheckConstraint('dividend_declarations_dates', sql`record_date <= payment_date`)
    .addCheckConstraint(
      'dividend_declarations_conserved',
      sql`total_net_usd + total_fee_usd + remainder_usd = total_gross_usd`,
    )
    .execute();
  await db.schema
    .createIndex('dividend_declarations_token')
    .on('dividend_declarations')
    .columns(['token_id', 'id'])
    .execute();
  await db.schema
    .createIndex('dividend_declarations_issuer')
    .on('dividend_declarations')
    .columns(['issuer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('dividend_declarations_status')
    .on('dividend_declarations')
    .columns(['status', 'id'])
    .execute();

  // Token dividends go on chain in batches of one batchForcedTransfer each; the batch is the job.
  await db.schema
    .createTable('dividend_chain_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('dividend_id', 'uuid', (c) => c.notNull().references('dividend_declarations.id'))
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dividend_chain_batches_dividend')
    .on('dividend_chain_batches')
    .columns(['dividend_id', 'id'])
    .execute();
  await sql`create index dividend_chain_batches_queue on dividend_chain_batches (id)
            where status in ('pending', 'sending')`.execute(db);

  await db.schema
    .createTable('dividend_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('dividend_id', 'uuid', (c) => c.notNull().references('dividend_declarations.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('token_balance', 'bigint', (c) => c.notNull().check(sql`token_balance > 0`))
    .addColumn('gross_amount', money, (c) => c.notNull().check(sql`gross_amount >= 0`))
    .addColumn('fee_amount', money, (c) => c.notNull().check(sql`fee_amount >= 0`))
    .addColumn('net_amount', money, (c) => c.notNull().check(sql`net_amount >= 0`))
    .addColumn('quantity', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`quantity >= 0`),
    )
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'cancelled')`),
    )
    .addColumn('failure_reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('chain_batch_id', 'uuid', (c) => c.references('dividend_chain_batches.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // one payment per holder and declaration: nobody is paid twice
    .addUniqueConstraint('dividend_payments_holder', ['dividend_id', 'user_id'])
    .addCheckConstraint('dividend_payments_split', sql`fee_amount + net_amount = gross_amount`)
    .addCheckConstraint('dividend_payments_paid_at', sql`(status = 'paid') = (paid_at is not null)`)
    .execute();
  await db.schema
    .createIndex('dividend_payments_user')
    .on('dividend_payments')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('dividend_payments_batch')
    .on('dividend_payments')
    .column('chain_batch_id')
    .execute();
  await sql`create index dividend_payments_queue on dividend_payments (id)
            where status = 'pending'`.execute(db);

  // Balances in currencies other than the fiat balance (USDC from stablecoin dividends), each
  // change recorded in a ledger of its own, like users.fiat_balance and fiat_ledger.
  await db.schema
    .createTable('user_balances')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('balance', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_balances_pk', ['user_id', 'currency'])
    .execute();
  await db.schema
    .createTable('balance_ledger')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', money, (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('reference_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('reference_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('balance_ledger_user')
    .on('balance_ledger')
    .columns(['user_id', 'currency', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'balance_ledger',
    'user_balances',
    'dividend_payments',
    'dividend_chain_batches',
    'dividend_declarations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

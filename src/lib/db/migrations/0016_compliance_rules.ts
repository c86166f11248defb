import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // One row per token that has rules (docs/compliance.md). The row is also the job that puts the
  // chain-enforced rules on the token's compliance: chain_sync and its claim columns.
  await db.schema
    .createTable('token_compliance_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().unique().references('tokens.id'))
    // ISO 3166-1 numeric; null: any country
    .addColumn('allowed_countries', sql`integer[]`)
    .addColumn('blocked_countries', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('max_balance_units', 'bigint', (c) => c.check(sql`max_balance_units > 0`))
    .addColumn('max_balance_pct', sql`numeric(7, 4)`, (c) =>
      c.check(sql`max_balance_pct > 0 and max_balance_pct <= 100`),
    )
    .addColumn('max_holders', 'integer', (c) => c.check(sql`max_holders > 0`))
    .addColumn('max_holders_per_country', 'integer', (c) =>
      c.check(sql`max_holders_per_country > 0`),
    )
    .addColumn('lock_up_until', 'timestamptz')
    .addColumn('lock_up_days', 'integer', (c) => c.check(sql`lock_up_days > 0`))
    .addColumn('supply_cap', 'bigint', (c) => c.check(sql`supply_cap > 0`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('chain_sync', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`chain_sync in ('synced', 'pending', 'failed')`),
    )
    .addColumn('chain_sync_claim_id', 'uuid')
    .addColumn('chain_sync_due_at', 'timestamptz')
    .addColumn('chain_sync_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chain_sync_waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chain_sync_error', 'text')
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'token_compliance_rules_one_max_balance',
      sql`max_balance_units is null or max_balance_pct is null`,
    )
    .addCheckConstraint(
      'token_compliance_rules_one_lock_up',
      sql`lock_up_until is null or lock_up_days is null`,
    )
    .execute();
  await db.schema
    .createIndex('token_compliance_rules_chain_sync_due')
    .on('token_compliance_rules')
    .columns(['chain_sync_due_at'])
    .where(sql.ref('chain_sync'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('token_compliance_rules').execute();
}

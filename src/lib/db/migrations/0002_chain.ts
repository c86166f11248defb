import { sql, type Kysely } from 'kysely';

// Migrations are typed Kysely<any>: they describe the database at their point in time, not today's types.
/* eslint-disable @typescript-eslint/no-explicit-any */

const address = 'varchar(42)';
const wei = sql`numeric(78, 0)`;

export async function up(db: Kysely<any>): Promise<void> {
  // The one-time contracts of a chain (src/chain/infrastructure): deployed at the first start
  // against a chain, reused by later starts.
  await db.schema
    .createTable('chain_infrastructure')
    .addColumn('chain_id', 'bigint', (c) => c.primaryKey())
    .addColumn('deployer', address, (c) => c.notNull())
    .addColumn('claim_signer', address, (c) => c.notNull())
    .addColumn('trex_factory', address, (c) => c.notNull())
    .addColumn('trex_implementation_authority', address, (c) => c.notNull())
    .addColumn('id_factory', address, (c) => c.notNull())
    .addColumn('claim_issuer', address, (c) => c.notNull())
    .addColumn('identity_registry_storage', address, (c) => c.notNull())
    .addColumn('implementations', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One T-REX suite per token, the token id as salt (spec rule 9: addresses never change).
  await db.schema
    .createTable('token_suites')
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('salt', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_address', address, (c) => c.notNull().unique())
    .addColumn('identity_registry', address, (c) => c.notNull())
    .addColumn('identity_registry_storage', address, (c) => c.notNull())
    .addColumn('trusted_issuers_registry', address, (c) => c.notNull())
    .addColumn('claim_topics_registry', address, (c) => c.notNull())
    .addColumn('compliance', address, (c) => c.notNull())
    .addColumn('deploy_tx_hash', 'varchar(66)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('token_suites_pkey', ['chain_id', 'salt'])
    .execute();

  // Every transaction the chain service sends, with its lifecycle and its gas. The hash (and the
  // signed transaction) is stored before the broadcast, so a retry can always ask the chain.
  await db.schema
    .createTable('gas_transactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .addColumn('operation', 'varchar(40)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_address', address)
    .addColumn('payer_type', 'varchar(10)', (c) =>
      c.notNull().check(sql`payer_type in ('platform', 'issuer')`),
    )
    .addColumn('payer_ref', 'varchar(100)')
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'mined', 'reverted', 'failed')`),
    )
    .addColumn('from_address', address, (c) => c.notNull())
    .addColumn('nonce', 'bigint')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('raw_transaction', 'text')
    .addColumn('block_number', 'bigint')
    .addColumn('gas_used', wei)
    .addColumn('effective_gas_price', wei)
    .addColumn('cost_wei', wei)
    .addColumn('result', 'jsonb')
    .addColumn('error_code', 'varchar(64)')
    .addColumn('error_detail', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('gas_transactions_operation_key', ['operation', 'idempotency_key'])
    .addCheckConstraint(
      'gas_transactions_sent_has_hash',
      sql`status not in ('sent', 'mined', 'reverted')
        or (tx_hash is not null and nonce is not null and raw_transaction is not null and sent_at is not null)`,
    )
    .addCheckConstraint(
      'gas_transactions_finished_has_gas',
      sql`status not in ('mined', 'reverted')
        or (gas_used is not null and effective_gas_price is not null and cost_wei is not null
            and block_number is not null and finished_at is not null)`,
    )
    .addCheckConstraint(
      'gas_transactions_unsent_has_no_hash',
      sql`status not in ('queued', 'failed') or tx_hash is null`,
    )
    .addCheckConstraint(
      'gas_transactions_failed_has_reason',
      sql`status <> 'failed' or error_code is not null`,
    )
    .execute();
  await sql`create unique index gas_transactions_tx_hash on gas_transactions (tx_hash) where tx_hash is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('gas_transactions_token')
    .on('gas_transactions')
    .columns(['token_address', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gas_transactions').execute();
  await db.schema.dropTable('token_suites').execute();
  await db.schema.dropTable('chain_infrastructure').execute();
}

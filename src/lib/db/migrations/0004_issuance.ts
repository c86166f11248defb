import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const money = sql`numeric(20, 2)`;
const pct = sql`numeric(5, 2)`;
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fiat_ledger')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', money, (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('reference_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('reference_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('fiat_ledger_user')
    .on('fiat_ledger')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('fiat_ledger_reference')
    .on('fiat_ledger')
    .columns(['reference_type', 'reference_id'])
    .execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('business_id', 'uuid', (c) => c.notNull().references('businesses.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('decimals', 'integer', (c) => c.notNull().check(sql`decimals between 0 and 18`))
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'primary', 'secondary', 'paused', 'matured', 'delisted')`),
    )
    .addColumn('trading_mode', 'varchar(30)', (c) =>
      c
        .notNull()
        .defaultTo('primary_subscription')
        .check(sql`trading_mode in ('primary_subscription', 'full_orderbook', 'fixed_price_otc')`),
    )
    .addColumn('total_supply', 'bigint', (c) => c.notNull().check(sql`total_supply > 0`))
    .addColumn('primary_offering_pct', pct, (c) =>
      c.notNull().check(sql`primary_offering_pct between 0 and 100`),
    )
    .addColumn('team_pct', pct, (c) => c.notNull().check(sql`team_pct between 0 and 100`))
    .addColumn('reserve_pct', pct, (c) => c.notNull().check(sql`reserve_pct between 0 and 100`))
    .addColumn('price_per_token', money, (c) => c.notNull().check(sql`price_per_token > 0`))
    .addColumn('min_investment', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`min_investment >= 0`),
    )
    .addColumn('raise_currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('tick_size', sql`numeric(20, 2)`, (c) =>
      c
        .notNull()
        .defaultTo('0.01')
        .check(sql`tick_size > 0`),
    )
    .addColumn('tokens_reserved', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tokens_reserved >= 0`),
    )
    .addColumn('tokens_sold', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tokens_sold >= 0`),
    )
    .addColumn('total_raised', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_raised >= 0`),
    )
    .addColumn('primary_start', 'timestamptz')
    .addColumn('primary_end', 'timestamptz')
    .addColumn('maturity_date', 'timestamptz')
    .addColumn('contract_address', 'varchar(42)')
    .addColumn('identity_registry_addr', 'varchar(42)')
    .addColumn('deploy_tx_hash', 'varchar(66)')
    .addColumn('chain_sync', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('synced')
        .check(sql`chain_sync in ('synced', 'pending', 'failed')`),
    )
    .addColumn('chain_sync_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chain_sync_error', 'text')
    .addColumn('chain_sync_claimed_at', 'timestamptz')
    .addColumn('success_fee', money)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('tokens_pct_sum', sql`primary_offering_pct + team_pct + reserve_pct = 100`)
    .addCheckConstraint('tokens_sold_within_reserved', sql`tokens_sold <= tokens_reserved`)
    .addCheckConstraint('tokens_window', sql`primary_end is null or primary_start < primary_end`)
    .execute();
  await db.schema.createIndex('tokens_business').on('tokens').column('business_id').execute();
  // Spec rule 9: once set, the token's addresses never change (deployment is irreversible).
  await sql`
    create function tokens_addresses_immutable() returns trigger language plpgsql as $$
    begin
      if (old.contract_address is not null and new.contract_address is distinct from old.contract_address)
         or (old.identity_registry_addr is not null and new.identity_registry_addr is distinct from old.identity_registry_addr) then
        raise exception 'token % is deployed: contract_address and identity_registry_addr are immutable', old.id
          using errcode = 'check_violation', constraint = 'tokens_addresses_immutable';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger tokens_addresses_immutable before update on tokens
            for each row execute function tokens_addresses_immutable()`.execute(db);

  await db.schema
    .createTable('offering_rounds')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('price_per_token', money, (c) => c.check(sql`price_per_token > 0`))
    .addColumn('max_quantity', 'bigint', (c) => c.notNull().check(sql`max_quantity > 0`))
    .addColumn('quantity_reserved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('offering_rounds_window', sql`starts_at < ends_at`)
    .addCheckConstraint('offering_rounds_cap', sql`quantity_reserved between 0 and max_quantity`)
    .execute();

  await db.schema
    .createTable('token_allocations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('round_id', 'uuid', (c) => c.references('offering_rounds.id'))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('price_per_token', money, (c) => c.notNull())
    .addColumn('allocation_type', 'varchar(20)', (c) =>
      c.notNull().check(sql`allocation_type in ('primary', 'secondary', 'airdrop', 'go_live')`),
    )
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('pending_payment', 'confirmed', 'rejected')`),
    )
    .addColumn('on_chain_status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`on_chain_status in ('pending', 'minting', 'minted', 'failed')`),
    )
    .addColumn('on_chain_tx_hash', 'varchar(66)')
    .addColumn('on_chain_error', 'text')
    .addColumn('on_chain_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('wallet_transaction_id', 'uuid')
    .addColumn('confirmed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('rejected_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'allocations_mint_only_confirmed',
      sql`status = 'confirmed' or on_chain_status = 'pending'`,
    )
    .execute();
  await db.schema
    .createIndex('token_allocations_token')
    .on('token_allocations')
    .columns(['token_id', 'status'])
    .execute();
  await db.schema
    .createIndex('token_allocations_user')
    .on('token_allocations')
    .column('user_id')
    .execute();
  await sql`create index token_allocations_mint_queue on token_allocations (id)
            where status = 'confirmed' and on_chain_status in ('pending', 'minting')`.execute(db);

  await db.schema
    .createTable('wallets')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('locked_balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`locked_balance >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('wallets_user_token', ['user_id', 'token_id'])
    .addCheckConstraint('wallets_locked_within_balance', sql`locked_balance <= balance`)
    .execute();

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('pending', 'completed', 'cancelled')`),
    )
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('reference_type', 'varchar(40)')
    .addColumn('reference_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('wallet_transactions_user')
    .on('wallet_transactions')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['wallet_transactions', 'wallets', 'token_allocations', 'offering_rounds']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop trigger tokens_addresses_immutable on tokens`.execute(db);
  await sql`drop function tokens_addresses_immutable()`.execute(db);
  await db.schema.dropTable('tokens').execute();
  await db.schema.dropTable('fiat_ledger').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const money = sql`numeric(20, 2)`;
const pct = sql`numeric(5, 2)`;
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  // The engine compares owners by an integer (docs/engine.md "Order keys"); every user gets one.
  await sql`alter table users add column trading_key bigint generated always as identity`.execute(
    db,
  );
  await db.schema
    .createIndex('users_trading_key')
    .on('users')
    .column('trading_key')
    .unique()
    .execute();

  // Per-token trading settings (staff change them), the halt, and what a book restarts from.
  await db.schema
    .alterTable('tokens')
    .addColumn('fee_bps', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(50)
        .check(sql`fee_bps between 0 and 10000`),
    )
    .addColumn('fat_finger_mode', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('block')
        .check(sql`fat_finger_mode in ('block', 'confirm')`),
    )
    .addColumn('fat_finger_factor', pct, (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`fat_finger_factor > 1`),
    )
    .addColumn('circuit_breaker_pct', pct, (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`circuit_breaker_pct > 0`),
    )
    .addColumn('circuit_breaker_window_seconds', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(300)
        .check(sql`circuit_breaker_window_seconds > 0`),
    )
    .addColumn('halt_seconds', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(300)
        .check(sql`halt_seconds > 0`),
    )
    .addColumn('nav_deviation_pct', pct, (c) =>
      c
        .notNull()
        .defaultTo(20)
        .check(sql`nav_deviation_pct > 0`),
    )
    .addColumn('halted_until', 'timestamptz')
    .addColumn('last_price', money, (c) => c.check(sql`last_price > 0`))
    .addColumn('book_sequence', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`book_sequence >= 0`),
    )
    .execute();

  await db.schema
    .createTable('token_navs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('nav', money, (c) => c.notNull().check(sql`nav > 0`))
    .addColumn('recorded_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('token_navs_latest')
    .on('token_navs')
    .columns(['token_id', 'id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('side', 'varchar(4)', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('order_type', 'varchar(15)', (c) =>
      c.notNull().check(sql`order_type in ('limit', 'market', 'stop_loss', 'stop_limit')`),
    )
    .addColumn('time_in_force', 'varchar(10)', (c) =>
      c.notNull().check(sql`time_in_force in ('GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTD')`),
    )
    .addColumn('price', money, (c) => c.check(sql`price > 0`))
    .addColumn('stop_price', money, (c) => c.check(sql`stop_price > 0`))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('filled_quantity', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`filled_quantity >= 0`),
    )
    .addColumn('remaining_quantity', 'bigint', (c) =>
      c.notNull().check(sql`remaining_quantity >= 0`),
    )
    .addColumn('locked_fiat', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`locked_fiat >= 0`),
    )
    // sum of price * quantity over the order's fills: the average price is filled_value / filled
    .addColumn('filled_value', money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`filled_value >= 0`),
    )
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('open', 'partially_filled', 'filled', 'cancelled', 'pending_stop', 'expired')`,
        ),
    )
    .addColumn('cancel_reason', 'varchar(40)')
    // the engine's integer handle of the order, unique per token
    .addColumn('engine_key', 'bigint', (c) => c.notNull().check(sql`engine_key >= 0`))
    // the book's time priority; a cancel-replace amend takes a new one
    .addColumn('priority', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('client_order_id', 'varchar(64)')
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('orders_token_engine_key', ['token_id', 'engine_key'])
    .addCheckConstraint(
      'orders_quantities_add_up',
      sql`filled_quantity + remaining_quantity = quantity`,
    )
    .addCheckConstraint(
      'orders_gtd_expires',
      sql`(time_in_force = 'GTD') = (expires_at is not null)`,
    )
    .addCheckConstraint(
      'orders_client_id_hashed',
      sql`(client_order_id is null) = (request_hash is null)`,
    )
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('orders_live')
    .on('orders')
    .columns(['token_id', 'priority'])
    .where(sql<boolean>`status in ('open', 'partially_filled', 'pending_stop')`)
    .execute();
  await db.schema
    .createIndex('orders_gtd_expiry')
    .on('orders')
    .columns(['expires_at'])
    .where(
      sql<boolean>`expires_at is not null and status in ('open', 'partially_filled', 'pending_stop')`,
    )
    .execute();
  await db.schema
    .createIndex('orders_client_order_id')
    .on('orders')
    .columns(['user_id', 'client_order_id', 'created_at'])
    .where(sql<boolean>`client_order_id is not null`)
    .execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('filled_quantity', 'bigint', (c) => c.notNull())
    .addColumn('remaining_quantity', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(40)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('order_status_history_order')
    .on('order_status_history')
    .columns(['order_id', 'id'])
    .execute();

  await db.schema
    .createTable('trades')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('buy_order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('sell_order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('buyer_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('taker_side', 'varchar(4)', (c) =>
      c.notNull().check(sql`taker_side in ('buy', 'sell')`),
    )
    .addColumn('price', money, (c) => c.notNull().check(sql`price > 0`))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('total', money, (c) => c.notNull().check(sql`total > 0`))
    .addColumn('platform_fee', money, (c) =>
      c.notNull().check(sql`platform_fee >= 0 and platform_fee <= total`),
    )
    .addColumn('effective_fee_bps', 'integer', (c) =>
      c.notNull().check(sql`effective_fee_bps between 0 and 10000`),
    )
    .addColumn('settlement_status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`settlement_status in ('pending', 'processing', 'settled', 'failed')`),
    )
    .addColumn('settlement_type', 'varchar(20)', (c) =>
      c.check(sql`settlement_type in ('on_chain', 'off_chain')`),
    )
    .addColumn('settlement_attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`settlement_attempts >= 0`),
    )
    .addColumn('settlement_error', 'text')
    // the settlement worker's lease: who claimed the trade and until when the claim holds
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('claimed_by', 'varchar(100)')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('trades_settlement_queue')
    .on('trades')
    .columns(['settlement_status', 'id'])
    .execute();
  await db.schema.createIndex('trades_buyer').on('trades').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('trades_seller').on('trades').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('trades_token').on('trades').columns(['token_id', 'id']).execute();
  await db.schema.createIndex('trades_buy_order').on('trades').columns(['buy_order_id']).execute();
  await db.schema
    .createIndex('trades_sell_order')
    .on('trades')
    .columns(['sell_order_id'])
    .execute();

  await db.schema
    .createTable('trade_settlement_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('trade_id', 'uuid', (c) => c.notNull().references('trades.id'))
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('pending', 'processing', 'settled', 'failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('trade_settlement_history_trade')
    .on('trade_settlement_history')
    .columns(['trade_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trade_settlement_history').execute();
  await db.schema.dropTable('trades').execute();
  await db.schema.dropTable('order_status_history').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('token_navs').execute();
  for (const column of [
    'fee_bps',
    'fat_finger_mode',
    'fat_finger_factor',
    'circuit_breaker_pct',
    'circuit_breaker_window_seconds',
    'halt_seconds',
    'nav_deviation_pct',
    'halted_until',
    'last_price',
    'book_sequence',
  ]) {
    await db.schema.alterTable('tokens').dropColumn(column).execute();
  }
  await db.schema.dropIndex('users_trading_key').execute();
  await db.schema.alterTable('users').dropColumn('trading_key').execute();
}

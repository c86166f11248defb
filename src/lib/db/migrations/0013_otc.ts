import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const money = sql`numeric(20, 2)`;
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  // OTC requests of fixed_price_otc tokens (DECISIONS "Trading"): each holds its lock from the
  // request on; approved ones are crossed in approval order (approval_seq).
  await sql`create sequence otc_approval_seq`.execute(db);
  await db.schema
    .createTable('otc_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('side', 'varchar(4)', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('price', money, (c) => c.notNull().check(sql`price > 0`))
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
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending', 'approved', 'partially_filled', 'filled', 'rejected', 'cancelled')`,
        ),
    )
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('approval_seq', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('otc_orders_fill', sql`filled_quantity + remaining_quantity = quantity`)
    .execute();
  await db.schema
    .createIndex('otc_orders_user')
    .on('otc_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('otc_orders_status')
    .on('otc_orders')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('otc_orders_crossing')
    .on('otc_orders')
    .columns(['token_id', 'side', 'approval_seq'])
    .where(sql.ref('status'), 'in', ['approved', 'partially_filled'])
    .execute();

  // An OTC trade names the two requests instead of two book orders: each side names exactly one.
  await sql`alter table trades alter column buy_order_id drop not null`.execute(db);
  await sql`alter table trades alter column sell_order_id drop not null`.execute(db);
  await db.schema
    .alterTable('trades')
    .addColumn('buy_otc_order_id', 'uuid', (c) => c.references('otc_orders.id'))
    .addColumn('sell_otc_order_id', 'uuid', (c) => c.references('otc_orders.id'))
    .execute();
  await sql`alter table trades add constraint trades_buy_side
    check ((buy_order_id is null) <> (buy_otc_order_id is null))`.execute(db);
  await sql`alter table trades add constraint trades_sell_side
    check ((sell_order_id is null) <> (sell_otc_order_id is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from trade_settlement_history where trade_id in
    (select id from trades where buy_otc_order_id is not null or sell_otc_order_id is not null)`.execute(
    db,
  );
  await sql`delete from trades where buy_otc_order_id is not null or sell_otc_order_id is not null`.execute(
    db,
  );
  await sql`alter table trades drop constraint trades_buy_side, drop constraint trades_sell_side,
    drop column buy_otc_order_id, drop column sell_otc_order_id`.execute(db);
  await sql`alter table trades alter column buy_order_id set not null,
    alter column sell_order_id set not null`.execute(db);
  await db.schema.dropTable('otc_orders').execute();
  await sql`drop sequence otc_approval_seq`.execute(db);
}

import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What an order and a trade write that no reader needs (docs/decisions/trading.md, "Trading service", the
 * rows an order writes; bench/trading/write-costs.ts measures each): the two status histories are
 * appended in the same statement as the order or trade they describe, by its only writer, and
 * read by no query of the services, so they lose their lookup index and their foreign key (a
 * probe of orders' or trades' primary key per history row). The fiat ledger's index by reference
 * serves no query either (the ledger is read by user).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_status_history')
    .dropConstraint('order_status_history_order_id_fkey')
    .execute();
  await db.schema.dropIndex('order_status_history_order').execute();
  await db.schema
    .alterTable('trade_settlement_history')
    .dropConstraint('trade_settlement_history_trade_id_fkey')
    .execute();
  await db.schema.dropIndex('trade_settlement_history_trade').execute();
  await db.schema.dropIndex('fiat_ledger_reference').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('fiat_ledger_reference')
    .on('fiat_ledger')
    .columns(['reference_type', 'reference_id'])
    .execute();
  await db.schema
    .createIndex('trade_settlement_history_trade')
    .on('trade_settlement_history')
    .columns(['trade_id', 'id'])
    .execute();
  await db.schema
    .alterTable('trade_settlement_history')
    .addForeignKeyConstraint('trade_settlement_history_trade_id_fkey', ['trade_id'], 'trades', [
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('order_status_history_order')
    .on('order_status_history')
    .columns(['order_id', 'id'])
    .execute();
  await db.schema
    .alterTable('order_status_history')
    .addForeignKeyConstraint('order_status_history_order_id_fkey', ['order_id'], 'orders', ['id'])
    .execute();
}

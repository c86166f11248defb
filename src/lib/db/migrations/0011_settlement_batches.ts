import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The settlement batch a trade was sent in: the chain call's idempotency key. A trade sent once
 * is sent again only in the same batch under the same key, so a retry after a lost answer finds
 * the first transaction instead of transferring twice (docs/settlement.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trades').addColumn('settlement_batch_key', 'varchar(100)').execute();
  await db.schema
    .createIndex('trades_settlement_batch')
    .on('trades')
    .column('settlement_batch_key')
    .where('settlement_batch_key', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trades_settlement_batch').execute();
  await db.schema.alterTable('trades').dropColumn('settlement_batch_key').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The settlement queue's indexes hold only the rows each reader looks for. The index on every
 * trade's (settlement_status, id) kept an entry for each version of a trade: a trade is written
 * four times on its way to settled, and the claim (oldest first, by created_at) read every entry
 * still marked pending or processing, dead versions included, then sorted them. In bench:trading's
 * open loop at 1,000 orders/s the claim read 48,000 entries to find none and cost PostgreSQL 8.4 ms
 * a call, more of its CPU than the order path's writes (docs/performance.md). The claim now reads
 * only unsettled entries, in its own order, and with a backlog stops at its limit (20,000 pending:
 * 0.13 ms against 5.3); a settled trade's dead versions stay in it until a vacuum, so it still
 * reads those (why the claim loop waits between partial batches). Failed trades, which staff list
 * and retry, have an index of their own, and so do trades in their last attempt, which every tick
 * looks through for an abandoned one (failAbandoned: 2 to 10 ms a call through the queue's index
 * under load, about nothing through its own). A settled trade's new version enters none of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('trades_settlement_claim')
    .on('trades')
    .columns(['created_at', 'id'])
    .where(sql.ref('settlement_status'), 'in', ['pending', 'processing'])
    .execute();
  await db.schema
    .createIndex('trades_settlement_failed')
    .on('trades')
    .column('id')
    .where(sql.ref('settlement_status'), '=', 'failed')
    .execute();
  await db.schema
    .createIndex('trades_settlement_last_attempt')
    .on('trades')
    .column('lease_expires_at')
    .where(sql<boolean>`settlement_status = 'processing' and settlement_attempts >= 5`)
    .execute();
  await db.schema.dropIndex('trades_settlement_queue').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('trades_settlement_queue')
    .on('trades')
    .columns(['settlement_status', 'id'])
    .execute();
  await db.schema.dropIndex('trades_settlement_last_attempt').execute();
  await db.schema.dropIndex('trades_settlement_failed').execute();
  await db.schema.dropIndex('trades_settlement_claim').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A trade's settlement batch key indexed in its queue row, not on trades: the index of trades
 * that named the key made the one write of a trade's row by settlement that was not heap-only,
 * the key's record before the chain call, a new entry in each of the trade's 8 indexes. The
 * trade keeps the key as its record (and the processor's resend reads it there); the queue row
 * holds it for the claim, which finds a batch's siblings through it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table settlement_queue add column batch_key varchar(100)`.execute(db);
  await sql`
    update settlement_queue q set batch_key = t.settlement_batch_key
    from trades t where t.id = q.trade_id and t.settlement_batch_key is not null`.execute(db);
  await sql`create index settlement_queue_batch on settlement_queue (batch_key)
    where batch_key is not null`.execute(db);
  await db.schema.dropIndex('trades_settlement_batch').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index trades_settlement_batch on trades (settlement_batch_key)
    where settlement_batch_key is not null`.execute(db);
  await sql`alter table settlement_queue drop column batch_key`.execute(db);
}

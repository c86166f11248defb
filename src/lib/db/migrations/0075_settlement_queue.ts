import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The settlement queue in a narrow table of its own, so that settlement's writes of a trade's row
 * are heap-only (HOT): no new entry in any of the trade's indexes. The claim, the last attempt and
 * the failed list were partial indexes on trades whose predicates name settlement_status, which a
 * claim and its outcome both change: each such update wrote a new entry into each index of the
 * trade whose predicate held (up to 9), 22 to 31 buffers a trade, and the claim and its record
 * took a quarter of PostgreSQL's time in bench:trading. Now no index of trades names a column
 * settlement writes but the batch key, and its pages keep half their room (fillfactor 50) for the
 * claim's new versions and then the outcome's, a page pruning the versions before.
 *
 * A trade has a queue row while it is not settled: written with the trade (batch.queries.ts),
 * deleted with its settlement; `state` is `open`, `last` (claimed for its last attempt, so that
 * an abandoned one is found without reading the queue) or `failed` (for staff's list and retry).
 * No foreign key: the statement that writes a trade writes its entry, and the key's check, at the
 * end of that statement on the order path, would lock the new trade's row (a WAL record a trade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table settlement_queue (
      trade_id uuid primary key,
      created_at timestamptz not null,
      state varchar(10) not null default 'open' check (state in ('open', 'last', 'failed'))
    )`.execute(db);
  await sql`
    insert into settlement_queue (trade_id, created_at, state)
    select id, created_at, case
        when settlement_status = 'failed' then 'failed'
        when settlement_status = 'processing' and settlement_attempts >= 5 then 'last'
        else 'open' end
    from trades where settlement_status <> 'settled'`.execute(db);
  await sql`create index settlement_queue_claim on settlement_queue (created_at, trade_id)
    where state <> 'failed'`.execute(db);
  await sql`create index settlement_queue_failed on settlement_queue (trade_id)
    where state = 'failed'`.execute(db);
  await sql`create index settlement_queue_last on settlement_queue (trade_id)
    where state = 'last'`.execute(db);
  await db.schema.dropIndex('trades_settlement_claim').execute();
  await db.schema.dropIndex('trades_settlement_failed').execute();
  await db.schema.dropIndex('trades_settlement_last_attempt').execute();
  await sql`alter table trades set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table trades reset (fillfactor)`.execute(db);
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
  await db.schema.dropTable('settlement_queue').execute();
}

/**
 * The settlement processor's SQL. The trade row is the job (as in src/lib/worker/job-queue.ts):
 * a claim writes a claim id (the fencing token) into claimed_by, a lease into lease_expires_at
 * and counts the attempt, all in one statement with FOR UPDATE SKIP LOCKED; every outcome is
 * written only where claimed_by still holds that id, with a trade_settlement_history row per
 * trade moved. Unlike the shared queue this claims a whole batch in one statement: a batch is
 * sent as one chain call, so its trades share one claim.
 *
 * The trades to look at are found through settlement_queue (migrations 0075, 0076), a row per
 * trade not settled: the trade's own indexes name no column settlement writes, so its updates of
 * the trade's row are heap-only. A trade's queue row is deleted with its settlement, marked `last`
 * by the claim of its last attempt and `failed` with the trade, and holds the batch key with the
 * trade (the claim finds a batch's siblings through it).
 */
import { sql, type RawBuilder } from 'kysely';
import type { CountrySources } from '../../lib/compliance/holder-country.js';
import { countrySourcesSql } from '../../lib/compliance/holder-country.queries.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { TokenStatus } from '../../lib/db/schema-issuance.js';
import type { Trade } from '../../lib/db/schema-trading.js';

/** The spec's limit: a trade is claimed while it has fewer attempts; the fifth failure fails it. */
export const maxSettlementAttempts = 5;

/** The advisory lock that serialises the processors' claims (claimTrades). */
const claimLockKey = 724_057;

const claimable = (now: Date) => sql`
  settlement_status in ('pending', 'processing')
  and settlement_attempts < ${maxSettlementAttempts}
  and (lease_expires_at is null or lease_expires_at <= ${now})`;

/**
 * `column = any(array(<ids>))`: the rows of the ids a CTE returned, looked up by key. Written as a
 * join or `in (select ...)`, the planner hashed the few ids and read the whole table: a claim of 13
 * trades read all 5,733 (14.6 of its 20 ms), every claim reading more as trades accumulate.
 */
const keyIn = (column: string, ids: RawBuilder<unknown>) =>
  sql`${sql.ref(column)} = any(array(${ids}))`;

/**
 * The claimable trades sharing a batch key (or an auction) with `oldest`, through the key's
 * index: `rowsOfKey` names them as `t` for the key `k.key`.
 */
const siblingsBy = (
  column: 'settlement_batch_key' | 'auction_id',
  rowsOfKey: RawBuilder<unknown>,
  now: Date,
) => sql`
  select s.id
  from (
    select distinct ${sql.ref(column)} as key from oldest where ${sql.ref(column)} is not null
  ) k
  cross join lateral (
    select t.id from ${rowsOfKey}
      and t.id not in (select id from oldest) and ${claimable(now)}
    for update of t skip locked
  ) s`;

export interface ClaimOptions {
  claimId: string;
  limit: number;
  now: Date;
  leaseSeconds: number;
}

/**
 * Claims up to `limit` trades, oldest first, and with them every other claimable trade of the
 * batches they were sent in before (a batch is only ever sent again whole, under its key) and of
 * the call auctions they came from (an auction's trades settle as one batch).
 *
 * The queue is read in its order and each trade looked at in turn, and the siblings through the
 * index of each batch key and auction the oldest have (lateral subqueries, each locking its rows):
 * a claim reads only what it takes. As joins and `in` lists the planner chose to read every trade,
 * once for the oldest, once for each kind of sibling (2,389 buffers each with 26,000 trades, two
 * thirds of a claim's, at any backlog) and once more for the update (keyIn).
 *
 * Claims are serialised (a transaction's advisory lock): SKIP LOCKED alone lets two processors
 * (one per trading node) each take part of an auction or a batch, the second's oldest rows
 * locked before the first's siblings are, which would send one auction in two transactions.
 */
export async function claimTrades(db: Db, options: ClaimOptions): Promise<Trade[]> {
  return transaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${claimLockKey})`.execute(trx);
    return (await claimStatement(options).execute(trx)).rows;
  });
}

/** The claim's one statement (claimTrades), to be run under the claims' lock. */
export function claimStatement(options: ClaimOptions): RawBuilder<Trade> {
  const { claimId, limit, now } = options;
  const leaseEnd = new Date(now.getTime() + options.leaseSeconds * 1000);
  return sql<Trade>`
    with oldest as (
      select t.id, t.settlement_batch_key, t.auction_id
      from settlement_queue q cross join lateral (
        select id, settlement_batch_key, auction_id from trades
        where id = q.trade_id and ${claimable(now)}
        for update skip locked
      ) t
      where q.state <> 'failed'
      order by q.created_at, q.trade_id
      limit ${limit}
    ), batch_siblings as (${siblingsBy(
      'settlement_batch_key',
      // the key is indexed in the queue (migration 0076), so that its write on trades is heap-only
      sql`settlement_queue q join trades t on t.id = q.trade_id where q.batch_key = k.key`,
      now,
    )}
    ), auction_siblings as (${siblingsBy('auction_id', sql`trades t where t.auction_id = k.key`, now)}
    ), picked as (
      select id from oldest union select id from batch_siblings
      union select id from auction_siblings
    ), claimed as (
      update trades t set
        settlement_status = 'processing',
        claimed_by = ${claimId},
        claimed_at = ${now},
        lease_expires_at = ${leaseEnd},
        settlement_attempts = t.settlement_attempts + 1,
        updated_at = ${now}
      where ${keyIn('t.id', sql`select id from picked`)}
      returning t.*
    ), last_attempts as (
      update settlement_queue set state = 'last'
      where ${keyIn('trade_id', sql`select id from claimed where settlement_attempts >= ${maxSettlementAttempts}`)}
        and state = 'open'
    ), history as (
      insert into trade_settlement_history (trade_id, status, created_at)
      select id, 'processing', ${now}::timestamptz from claimed
    )
    select * from claimed order by created_at, id`;
}

/**
 * A trade whose worker vanished during its last allowed attempt is never claimed again (it has
 * no attempts left): once its lease is over it is failed, as any fifth failure. Such a trade's
 * queue row was marked `last` by that claim (a trade given its attempt back keeps the mark, and
 * the trade's own columns decide).
 */
export async function failAbandoned(db: Db, now: Date): Promise<number> {
  const result = await sql`
    with failed as (
      update trades t set
        settlement_status = 'failed',
        settlement_error = coalesce(
          t.settlement_error, 'the settlement worker stopped during the last attempt'),
        claimed_by = null,
        lease_expires_at = null,
        updated_at = ${now}
      from settlement_queue q
      where q.state = 'last' and t.id = q.trade_id
        and t.settlement_status = 'processing'
        and t.settlement_attempts >= ${maxSettlementAttempts}
        and t.lease_expires_at <= ${now}
      returning t.id, t.settlement_error
    ), queue as (
      update settlement_queue set state = 'failed' where ${keyIn('trade_id', sql`select id from failed`)}
    )
    insert into trade_settlement_history (trade_id, status, error, created_at)
    select id, 'failed', settlement_error, ${now}::timestamptz from failed`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface SettlementParty extends CountrySources {
  id: string;
  wallet_address: string | null;
}

/** The parties' wallets and what their countries are decided from (holder-country.ts). */
export async function loadParties(db: Db, userIds: string[]): Promise<SettlementParty[]> {
  if (userIds.length === 0) return [];
  const result = await sql<SettlementParty>`
    with sources as (${countrySourcesSql(sql`${userIds}::uuid[]`)})
    select u.id, u.wallet_address, c.role, c.account_type, c.business_country, c.residence,
      c.nationality
    from users u join sources c on c.user_id = u.id`.execute(db);
  return result.rows;
}

export interface SettlementToken {
  id: string;
  /** a `secondary` token's paused contract is waiting for the go-live's unpause */
  status: TokenStatus;
  contract_address: string | null;
  decimals: number;
  business_id: string;
}

export async function loadTokens(db: Db, tokenIds: string[]): Promise<SettlementToken[]> {
  if (tokenIds.length === 0) return [];
  return db
    .selectFrom('tokens')
    .select(['id', 'status', 'contract_address', 'decimals', 'business_id'])
    .where('id', 'in', tokenIds)
    .execute();
}

/**
 * Records the batch's key on its trades before the chain call; false when a trade is no longer
 * this claim's (another worker took it after the lease ended): then nothing may be sent.
 */
export async function recordBatchKey(
  db: Db,
  claimId: string,
  ids: string[],
  key: string,
): Promise<boolean> {
  const result = await sql<{ keyed: number }>`
    with keyed as (
      update trades set settlement_batch_key = ${key}
      where id = any(${ids}::uuid[]) and claimed_by = ${claimId}
      returning id
    ), queue as (
      update settlement_queue set batch_key = ${key}
      where ${keyIn('trade_id', sql`select id from keyed`)}
    )
    select count(*)::int as keyed from keyed`.execute(db);
  return result.rows[0]!.keyed === ids.length;
}

export interface Settled {
  type: 'on_chain' | 'off_chain';
  txHash: string | null;
}

export async function recordSettled(
  db: Db,
  claimId: string,
  ids: string[],
  settled: Settled,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    with settled as (
      update trades set
        settlement_status = 'settled',
        settlement_type = ${settled.type},
        tx_hash = ${settled.txHash},
        settled_at = ${now},
        settlement_error = null,
        settlement_waits = 0,
        claimed_by = null,
        lease_expires_at = null,
        updated_at = ${now}
      where id = any(${ids}::uuid[]) and claimed_by = ${claimId}
      returning id, tx_hash
    ), dequeued as (
      delete from settlement_queue where ${keyIn('trade_id', sql`select id from settled`)}
    )
    insert into trade_settlement_history (trade_id, status, tx_hash, created_at)
    select id, 'settled', tx_hash, ${now}::timestamptz from settled`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A refusal before anything was sent (a pre-check): failed at once, with the reason. */
export async function recordRefused(
  db: Db,
  claimId: string,
  refusals: { id: string; error: string }[],
  now: Date,
): Promise<number> {
  if (refusals.length === 0) return 0;
  const result = await sql`
    with refused as (
      update trades t set
        settlement_status = 'failed',
        settlement_error = r.error,
        settlement_batch_key = null,
        settlement_waits = 0,
        claimed_by = null,
        lease_expires_at = null,
        updated_at = ${now}
      from unnest(${refusals.map((r) => r.id)}::uuid[], ${refusals.map((r) => r.error)}::text[])
        as r(id, error)
      where t.id = r.id and t.claimed_by = ${claimId}
      returning t.id, t.settlement_error
    ), queue as (
      update settlement_queue set state = 'failed', batch_key = null
      where ${keyIn('trade_id', sql`select id from refused`)}
    )
    insert into trade_settlement_history (trade_id, status, error, created_at)
    select id, 'failed', settlement_error, ${now}::timestamptz from refused`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A failed attempt: back to pending for the next tick, or failed once the attempts reach the
 * limit, the error kept. `unsent` says nothing reached the chain, so the batch key is dropped and
 * the trades may be regrouped; otherwise the key stays and a retry resends the same batch.
 */
export async function recordAttemptFailed(
  db: Db,
  claimId: string,
  ids: string[],
  error: string,
  unsent: boolean,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const failedForGood = sql`select id from failed where settlement_status = 'failed'`;
  const result = await sql`
    with failed as (
      update trades set
        settlement_status = case when settlement_attempts >= ${maxSettlementAttempts}
          then 'failed' else 'pending' end,
        settlement_error = ${error},
        settlement_batch_key = case when ${unsent} then null else settlement_batch_key end,
        settlement_waits = 0,
        claimed_by = null,
        lease_expires_at = null,
        updated_at = ${now}
      where id = any(${ids}::uuid[]) and claimed_by = ${claimId}
      returning id, settlement_status, settlement_error
    ), queue as (
      update settlement_queue set
        state = case when ${keyIn('trade_id', failedForGood)} then 'failed' else state end,
        batch_key = case when ${unsent} then null else batch_key end
      where ${keyIn('trade_id', unsent ? sql`select id from failed` : failedForGood)}
    )
    insert into trade_settlement_history (trade_id, status, error, created_at)
    select id, settlement_status, settlement_error, ${now}::timestamptz from failed`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A transient failure (src/lib/worker/chain-retry.ts): the attempt given back, pending again and
 * not claimable before `until` (the lease column holds the wait's end), `waits` in a row recorded.
 * The trades of one call share one wait, so a batch sent before is claimed again whole. `unsent`
 * as for recordAttemptFailed.
 */
export async function recordWaiting(
  db: Db,
  claimId: string,
  ids: string[],
  wait: { error: string; waits: number; until: Date; unsent: boolean },
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    with waiting as (
      update trades set
        settlement_status = 'pending',
        settlement_attempts = settlement_attempts - 1,
        settlement_error = ${wait.error},
        settlement_batch_key = case when ${wait.unsent} then null else settlement_batch_key end,
        settlement_waits = ${wait.waits},
        claimed_by = null,
        lease_expires_at = ${wait.until},
        updated_at = ${now}
      where id = any(${ids}::uuid[]) and claimed_by = ${claimId}
      returning id, settlement_error
    )${
      wait.unsent
        ? sql`, queue as (
      update settlement_queue set batch_key = null
      where ${keyIn('trade_id', sql`select id from waiting`)}
    )`
        : sql``
    }
    insert into trade_settlement_history (trade_id, status, error, created_at)
    select id, 'pending', settlement_error, ${now}::timestamptz from waiting`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface FailedTrade {
  id: string;
  token_id: string;
  buyer_id: string;
  seller_id: string;
  quantity: number;
  price: string;
  settlement_attempts: number;
  settlement_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Failed trades, oldest trade first (ids are UUID v7), keyset-paged by id. */
export function listFailed(db: Db, limit: number, cursor?: string): Promise<FailedTrade[]> {
  let query = db
    .selectFrom('settlement_queue as q')
    .innerJoin('trades as t', 't.id', 'q.trade_id')
    .select([
      't.id',
      't.token_id',
      't.buyer_id',
      't.seller_id',
      't.quantity',
      't.price',
      't.settlement_attempts',
      't.settlement_error',
      't.created_at',
      't.updated_at',
    ])
    .where('q.state', '=', 'failed')
    .orderBy('q.trade_id')
    .limit(limit + 1);
  if (cursor) query = query.where('q.trade_id', '>', cursor);
  return query.execute();
}

export function lockTrade(trx: Trx, id: string) {
  return trx
    .selectFrom('trades')
    .select(['id', 'settlement_status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Which failed trades a bulk retry takes; each absent member matches every trade. */
export interface FailedFilter {
  tokenId?: string;
  /** the code the trade's last error starts with ("CHAIN_UNAVAILABLE: ...") */
  errorCode?: string;
  /** when the trade failed (its last change), from inclusive, to exclusive */
  failedFrom?: Date;
  failedTo?: Date;
}

/**
 * The admin retry: the matching failed trades (one by `ids`, or all by `filter`) back to
 * processing with fresh attempts, claimable on the next tick, each with a history row; returns
 * their ids, oldest first. Locks the rows it moves.
 */
export async function reopenFailed(
  trx: Trx,
  match: { ids: string[] } | { filter: FailedFilter },
  now: Date,
): Promise<string[]> {
  const where =
    'ids' in match
      ? sql`t.id = any(${match.ids}::uuid[])`
      : sql.join(
          [
            sql`true`,
            ...(match.filter.tokenId ? [sql`t.token_id = ${match.filter.tokenId}`] : []),
            ...(match.filter.errorCode
              ? [sql`starts_with(t.settlement_error, ${`${match.filter.errorCode}:`})`]
              : []),
            ...(match.filter.failedFrom ? [sql`t.updated_at >= ${match.filter.failedFrom}`] : []),
            ...(match.filter.failedTo ? [sql`t.updated_at < ${match.filter.failedTo}`] : []),
          ],
          sql` and `,
        );
  const result = await sql<{ id: string }>`
    with reopened as (
      update trades t set
        settlement_status = 'processing',
        settlement_attempts = 0,
        claimed_by = null,
        lease_expires_at = null,
        updated_at = ${now}
      from settlement_queue q
      where q.state = 'failed' and q.trade_id = t.id and t.settlement_status = 'failed' and ${where}
      returning t.id
    ), queue as (
      update settlement_queue set state = 'open' where ${keyIn('trade_id', sql`select id from reopened`)}
    ), history as (
      insert into trade_settlement_history (trade_id, status, error, created_at)
      select id, 'processing', 'admin retry', ${now}::timestamptz from reopened
    )
    select id from reopened order by id`.execute(trx);
  return result.rows.map((row) => row.id);
}

/** SQL of splits and consolidations: the actions, their holders and chain batches. */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  ShareSplit,
  ShareSplitHoldersTable,
  ShareSplitsTable,
  SplitStatus,
} from '../../lib/db/schema-splits.js';

/** The token with its issuer (its business's owner), as a split needs it. */
export function splitToken(db: Db | Trx, tokenId: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .select([
      'tokens.id',
      'tokens.symbol',
      'tokens.decimals',
      'tokens.status',
      'tokens.contract_address',
      'tokens.business_id',
      'tokens.total_supply',
      'tokens.last_price',
      'tokens.price_per_token',
      'tokens.created_at',
      'businesses.owner_id as issuer_id',
    ])
    .where('tokens.id', '=', tokenId)
    .executeTakeFirst();
}

export function insertSplit(trx: Trx, row: Insertable<ShareSplitsTable>): Promise<ShareSplit> {
  return trx.insertInto('share_splits').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findSplit(db: Db | Trx, id: string): Promise<ShareSplit | undefined> {
  return db.selectFrom('share_splits').selectAll().where('id', '=', id).executeTakeFirst();
}

export function splitForUpdate(trx: Trx, id: string): Promise<ShareSplit | undefined> {
  return trx
    .selectFrom('share_splits')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Changes a split the runner holds: only while the row still carries the runner's claim (a
 * runner whose lease ran out writes nothing); false when it does not.
 */
export async function updateClaimedSplit(
  trx: Trx,
  id: string,
  claimId: string,
  changes: Updateable<ShareSplitsTable>,
): Promise<boolean> {
  const row = await trx
    .updateTable('share_splits')
    .set(changes)
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function updateSplit(
  trx: Trx,
  id: string,
  changes: Updateable<ShareSplitsTable>,
): Promise<ShareSplit | undefined> {
  return trx
    .updateTable('share_splits')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface SplitFilter {
  tokenId?: string | undefined;
  /** an issuer sees its own tokens' actions */
  issuerId?: string | undefined;
  status?: SplitStatus | undefined;
}

export function listSplits(db: Db, filter: SplitFilter, limit: number, cursor?: string) {
  return db
    .selectFrom('share_splits')
    .innerJoin('tokens', 'tokens.id', 'share_splits.token_id')
    .selectAll('share_splits')
    .select('tokens.symbol')
    .$if(filter.tokenId !== undefined, (q) =>
      q.where('share_splits.token_id', '=', filter.tokenId!),
    )
    .$if(filter.issuerId !== undefined, (q) =>
      q.where('share_splits.issuer_id', '=', filter.issuerId!),
    )
    .$if(filter.status !== undefined, (q) => q.where('share_splits.status', '=', filter.status!))
    .$if(cursor !== undefined, (q) => q.where('share_splits.id', '<', cursor!))
    .orderBy('share_splits.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/**
 * Orders the token's book still holds, trades not yet settled, and the trading journal's rows of
 * the token not yet projected (TRADING_WRITE=journal: orders and trades acknowledged, not yet in
 * their tables): the runner waits for all.
 */
export async function unfinishedTrading(db: Db, tokenId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from orders where token_id = ${tokenId}
              and status in ('open', 'partially_filled', 'pending_stop'))::int
         + (select count(*) from trades where token_id = ${tokenId}
              and settlement_status in ('pending', 'processing'))::int
         + (select count(*) from trading_journal where token_id = ${tokenId})::int as n`.execute(
    db,
  );
  return rows[0]!.n;
}

/** Every wallet holding the token, locked in user id order. */
export function holdingsForUpdate(trx: Trx, tokenId: string) {
  return trx
    .selectFrom('wallets')
    .select(['user_id', 'balance', 'locked_balance', 'frozen_quantity'])
    .where('token_id', '=', tokenId)
    .where('balance', '>', 0)
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** The token's latest NAV, if any was recorded. */
export function latestNav(db: Db | Trx, tokenId: string) {
  return db
    .selectFrom('token_navs')
    .select(['nav', 'created_at'])
    .where('token_id', '=', tokenId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertSplitHolders(
  trx: Trx,
  rows: Insertable<ShareSplitHoldersTable>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 2000) {
    await trx
      .insertInto('share_split_holders')
      .values(rows.slice(start, start + 2000))
      .execute();
  }
}

/** The next holders not scaled yet, in user id order. */
export function pendingHolders(trx: Trx, splitId: string, limit: number) {
  return trx
    .selectFrom('share_split_holders')
    .selectAll()
    .where('split_id', '=', splitId)
    .where('status', '=', 'pending')
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/**
 * Sets a wallet to its scaled quantities, only from the quantities the snapshot took (nothing
 * moves during the halt); false when the wallet changed since.
 */
export async function scaleWallet(
  trx: Trx,
  tokenId: string,
  holder: {
    user_id: string;
    old_balance: number;
    new_balance: number;
    old_locked: number;
    new_locked: number;
    old_frozen: number;
    new_frozen: number;
  },
): Promise<boolean> {
  const row = await trx
    .updateTable('wallets')
    .set({
      balance: holder.new_balance,
      locked_balance: holder.new_locked,
      frozen_quantity: holder.new_frozen,
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', holder.user_id)
    .where('token_id', '=', tokenId)
    .where('balance', '=', holder.old_balance)
    .where('locked_balance', '=', holder.old_locked)
    .where('frozen_quantity', '=', holder.old_frozen)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markScaled(
  trx: Trx,
  splitId: string,
  userIds: string[],
  batchNo: number,
): Promise<void> {
  await trx
    .updateTable('share_split_holders')
    .set({ status: 'scaled', batch_no: batchNo })
    .where('split_id', '=', splitId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function nextBatchNo(trx: Trx, splitId: string): Promise<number> {
  const row = await trx
    .selectFrom('share_split_batches')
    .select(sql<number>`coalesce(max(batch_no), 0) + 1`.as('next'))
    .where('split_id', '=', splitId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export async function insertBatch(trx: Trx, splitId: string, batchNo: number): Promise<void> {
  await trx
    .insertInto('share_split_batches')
    .values({ split_id: splitId, batch_no: batchNo, status: 'pending', tx_hash: null })
    .execute();
}

/** The first batch fixed in the database and not yet sent to the chain. */
export function unsentBatch(db: Db, splitId: string) {
  return db
    .selectFrom('share_split_batches')
    .select('batch_no')
    .where('split_id', '=', splitId)
    .where('status', '=', 'pending')
    .orderBy('batch_no')
    .executeTakeFirst();
}

/** A batch's holders with their wallet addresses. */
export function batchHolders(db: Db, splitId: string, batchNo: number) {
  return db
    .selectFrom('share_split_holders')
    .innerJoin('users', 'users.id', 'share_split_holders.user_id')
    .select([
      'share_split_holders.user_id',
      'share_split_holders.old_balance',
      'share_split_holders.new_balance',
      'share_split_holders.new_frozen',
      'users.wallet_address',
    ])
    .where('share_split_holders.split_id', '=', splitId)
    .where('share_split_holders.batch_no', '=', batchNo)
    .orderBy('share_split_holders.user_id')
    .execute();
}

export async function markBatchSent(
  db: Db,
  splitId: string,
  batchNo: number,
  txHash: string,
): Promise<void> {
  await db
    .updateTable('share_split_batches')
    .set({ status: 'sent', tx_hash: txHash })
    .where('split_id', '=', splitId)
    .where('batch_no', '=', batchNo)
    .execute();
}

/** How many of a split's chain batches there are, and how many were sent. */
export async function batchProgress(db: Db, splitId: string) {
  const row = await db
    .selectFrom('share_split_batches')
    .select([
      sql<number>`count(*)::int`.as('batches'),
      sql<number>`(count(*) filter (where status = 'sent'))::int`.as('batches_sent'),
    ])
    .where('split_id', '=', splitId)
    .executeTakeFirstOrThrow();
  return row;
}

/** A split's holders, for its page and the reconciliation. */
export function splitHolders(db: Db, splitId: string) {
  return db
    .selectFrom('share_split_holders')
    .selectAll()
    .where('split_id', '=', splitId)
    .orderBy('user_id')
    .execute();
}

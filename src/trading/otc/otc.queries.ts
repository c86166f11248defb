/** SQL of OTC requests. Functions that take `trx` run inside the caller's transaction. */
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import { liveOtcStatuses, type OtcOrder, type OtcStatus } from '../../lib/db/schema-otc.js';
import type { OrderSide } from '../../lib/db/schema-trading.js';

export function findOtcOrder(db: Db | Trx, id: string): Promise<OtcOrder | undefined> {
  return db.selectFrom('otc_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Serialises the OTC changes of one token (approve, reject, cancel). NO KEY UPDATE, so requests
 * being inserted (a foreign key's KEY SHARE on the token) do not wait for it.
 */
export async function lockTokenForOtc(trx: Trx, tokenId: string): Promise<void> {
  await sql`select id from tokens where id = ${tokenId}::uuid for no key update`.execute(trx);
}

export function lockOtcOrder(trx: Trx, id: string): Promise<OtcOrder | undefined> {
  return trx
    .selectFrom('otc_orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Approved requests of the other side at the same price, in approval order, locked. */
export function crossableOtcOrders(
  trx: Trx,
  tokenId: string,
  side: OrderSide,
  price: string,
): Promise<OtcOrder[]> {
  return trx
    .selectFrom('otc_orders')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('side', '=', side)
    .where('status', 'in', ['approved', 'partially_filled'])
    .where('price', '=', price)
    .orderBy('approval_seq')
    .forUpdate()
    .execute();
}

/** A token's requests that still hold a lock, locked, oldest first. */
export function liveOtcOrdersOf(trx: Trx, tokenId: string): Promise<OtcOrder[]> {
  return trx
    .selectFrom('otc_orders')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('status', 'in', [...liveOtcStatuses])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function nextApprovalSeq(trx: Trx): Promise<number> {
  const { rows } = await sql<{ seq: number }>`select nextval('otc_approval_seq') as seq`.execute(
    trx,
  );
  return Number(rows[0]!.seq);
}

export async function insertOtcOrder(trx: Trx, row: OtcOrder): Promise<void> {
  await trx.insertInto('otc_orders').values(row).execute();
}

export async function updateOtcOrder(trx: Trx, row: OtcOrder): Promise<void> {
  await trx
    .updateTable('otc_orders')
    .set({
      status: row.status,
      filled_quantity: row.filled_quantity,
      remaining_quantity: row.remaining_quantity,
      locked_fiat: row.locked_fiat,
      reason: row.reason,
      reviewed_by: row.reviewed_by,
      reviewed_at: row.reviewed_at,
      approval_seq: row.approval_seq,
      updated_at: row.updated_at,
    })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Moves `quantity` of the user's tokens into (positive) or out of (negative) the lock; units the
 * token's agent froze, and every unit of a frozen address, cannot be locked.
 */
export async function lockTokens(
  trx: Trx,
  userId: string,
  tokenId: string,
  quantity: number,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('wallets')
    .set({ locked_balance: sql`locked_balance + ${quantity}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .where(
      quantity > 0
        ? sql<boolean>`not address_frozen and balance - locked_balance - frozen_quantity >= ${quantity}`
        : sql<boolean>`balance - locked_balance >= ${quantity}`,
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function listOtcOrders(
  db: Db,
  filter: {
    userId?: string;
    tokenId?: string;
    status?: OtcStatus;
    cursor?: string;
    limit: number;
  },
): Promise<OtcOrder[]> {
  let query = db.selectFrom('otc_orders').selectAll();
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.tokenId) query = query.where('token_id', '=', filter.tokenId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.cursor) query = query.where('id', '<', filter.cursor);
  return query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

/** Why the token's agent no longer allows a holder's requests (as for book orders). */
export type OtcRestriction = 'KYC_REVOKED' | 'ADDRESS_FROZEN' | 'TOKEN_UNITS_FROZEN';

const restriction = sql<OtcRestriction>`case when u.kyc_status = 'rejected' then 'KYC_REVOKED'
  when w.address_frozen then 'ADDRESS_FROZEN' else 'TOKEN_UNITS_FROZEN' end`;

/**
 * Live requests the token's agent no longer allows: every request of a holder whose verification
 * was revoked or whose address on the token is frozen, and the sells of a holder whose sells lock
 * more units than are left unfrozen.
 */
const restricted = sql<boolean>`(u.kyc_status = 'rejected' or w.address_frozen
  or (o.side = 'sell' and w.locked_balance > w.balance - w.frozen_quantity))`;

/** The tokens with such requests (a few rows: live OTC requests). */
export async function tokensWithRestrictedOtc(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('otc_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('wallets as w', (join) =>
      join.onRef('w.user_id', '=', 'o.user_id').onRef('w.token_id', '=', 'o.token_id'),
    )
    .select('o.token_id')
    .distinct()
    .where('o.status', 'in', [...liveOtcStatuses])
    .where(restricted)
    .execute();
  return rows.map((row) => row.token_id);
}

export interface RestrictedOtcOrder extends OtcOrder {
  restriction: OtcRestriction;
  /** the holder's units not locked by sells, less what is frozen (negative: over-locked) */
  unlocked_unfrozen: number;
}

/** A token's restricted requests, locked, newest first (the caller holds the token's lock). */
export async function restrictedOtcOrdersOf(
  trx: Trx,
  tokenId: string,
): Promise<RestrictedOtcOrder[]> {
  return trx
    .selectFrom('otc_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('wallets as w', (join) =>
      join.onRef('w.user_id', '=', 'o.user_id').onRef('w.token_id', '=', 'o.token_id'),
    )
    .selectAll('o')
    .select([
      restriction.as('restriction'),
      sql<number>`coalesce(w.balance - w.frozen_quantity - w.locked_balance, 0)`.as(
        'unlocked_unfrozen',
      ),
    ])
    .where('o.token_id', '=', tokenId)
    .where('o.status', 'in', [...liveOtcStatuses])
    .where(restricted)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .forUpdate('o')
    .execute();
}

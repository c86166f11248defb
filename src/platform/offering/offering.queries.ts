/** Offering rows: rounds, allocations (subscriptions) and the reservations they hold on a token. */
import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  AllocationStatus,
  OfferingRound,
  OnChainStatus,
  OfferingRoundsTable,
  TokenAllocation,
  TokenAllocationsTable,
  WalletTransactionsTable,
} from '../../lib/db/schema-issuance.js';

export function roundForUpdate(
  trx: Trx,
  tokenId: string,
  roundId: string,
): Promise<OfferingRound | undefined> {
  return trx
    .selectFrom('offering_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertRound(
  trx: Trx,
  row: Insertable<OfferingRoundsTable>,
): Promise<OfferingRound> {
  return trx.insertInto('offering_rounds').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes what the token (and its round, when the allocation has one) holds reserved by `delta`. */
export async function changeReserved(
  trx: Trx,
  reservation: { tokenId: string; roundId: string | null; delta: number },
): Promise<void> {
  const { tokenId, roundId, delta } = reservation;
  await trx
    .updateTable('tokens')
    .set((eb) => ({
      tokens_reserved: eb('tokens_reserved', '+', delta),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', tokenId)
    .execute();
  if (roundId) {
    await trx
      .updateTable('offering_rounds')
      .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '+', delta) }))
      .where('id', '=', roundId)
      .execute();
  }
}

/** A sale confirmed: tokens sold and money raised grow. */
export async function recordSale(
  trx: Trx,
  tokenId: string,
  sale: { quantity: number; raised: string },
): Promise<void> {
  await trx
    .updateTable('tokens')
    .set((eb) => ({
      tokens_sold: eb('tokens_sold', '+', sale.quantity),
      total_raised: eb('total_raised', '+', sale.raised),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', tokenId)
    .execute();
}

/** The subscriber's pending purchase, completed at confirmation or cancelled at release. */
export async function insertPendingPurchase(
  trx: Trx,
  purchase: {
    id: string;
    userId: string;
    tokenId: string;
    quantity: number;
    amount: string;
    allocationId: string;
  },
): Promise<void> {
  await trx
    .insertInto('wallet_transactions')
    .values({
      id: purchase.id,
      user_id: purchase.userId,
      token_id: purchase.tokenId,
      type: 'token_buy',
      status: 'pending',
      quantity: purchase.quantity,
      amount: purchase.amount,
      reference_type: 'token_allocation',
      reference_id: purchase.allocationId,
    })
    .execute();
}

export async function setWalletTransactionStatus(
  trx: Trx,
  id: string,
  status: WalletTransactionsTable['status'],
): Promise<void> {
  await trx
    .updateTable('wallet_transactions')
    .set({ status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export function insertAllocation(
  trx: Trx,
  row: Insertable<TokenAllocationsTable>,
): Promise<TokenAllocation> {
  return trx.insertInto('token_allocations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Who owns the token's business (undefined when there is no such token). */
export async function tokenOwnerId(db: Db | Trx, tokenId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .select('businesses.owner_id')
    .where('tokens.id', '=', tokenId)
    .executeTakeFirst();
  return row?.owner_id;
}

/** The user and token of an allocation, unlocked (to lock them first, in order). */
export function allocationParties(db: Db | Trx, id: string) {
  return db
    .selectFrom('token_allocations')
    .select(['user_id', 'token_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function allocationForUpdate(trx: Trx, id: string): Promise<TokenAllocation | undefined> {
  return trx
    .selectFrom('token_allocations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The token's allocations among `ids`, locked in id order. */
export function tokenAllocationsForUpdate(
  trx: Trx,
  tokenId: string,
  ids: string[],
): Promise<TokenAllocation[]> {
  return trx
    .selectFrom('token_allocations')
    .selectAll()
    .where('id', 'in', ids)
    .where('token_id', '=', tokenId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function confirmAllocation(
  trx: Trx,
  id: string,
  confirmation: { adminId: string; at: Date },
): Promise<TokenAllocation> {
  return trx
    .updateTable('token_allocations')
    .set({
      status: 'confirmed',
      on_chain_status: 'pending',
      confirmed_by: confirmation.adminId,
      confirmed_at: confirmation.at,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function rejectAllocation(
  trx: Trx,
  id: string,
  rejection: { actorId: string | null; at: Date },
): Promise<TokenAllocation> {
  return trx
    .updateTable('token_allocations')
    .set({
      status: 'rejected',
      rejected_by: rejection.actorId,
      rejected_at: rejection.at,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A failed mint back to the minting queue with a fresh count of attempts. */
export function requeueMint(trx: Trx, id: string): Promise<TokenAllocation> {
  return trx
    .updateTable('token_allocations')
    .set({
      on_chain_status: 'pending',
      on_chain_attempts: 0,
      on_chain_due_at: null,
      on_chain_claim_id: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The users with subscriptions of the token awaiting payment, in id order. */
export async function pendingSubscribers(trx: Trx, tokenId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('token_allocations')
    .select('user_id')
    .distinct()
    .where('token_id', '=', tokenId)
    .where('status', '=', 'pending_payment')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** The token's subscriptions awaiting payment, locked in id order. */
export function pendingAllocationsForUpdate(trx: Trx, tokenId: string): Promise<TokenAllocation[]> {
  return trx
    .selectFrom('token_allocations')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('status', '=', 'pending_payment')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function roundsOf(db: Db, tokenId: string): Promise<OfferingRound[]> {
  return db
    .selectFrom('offering_rounds')
    .selectAll()
    .where('token_id', '=', tokenId)
    .orderBy('starts_at')
    .execute();
}

/** A page of allocations, newest first (one more row than `limit` tells a next page). */
export function listAllocations(
  db: Db,
  options: {
    limit: number;
    cursor?: string;
    userId?: string;
    tokenId?: string;
    status?: AllocationStatus;
    onChainStatus?: OnChainStatus;
  },
): Promise<TokenAllocation[]> {
  let select = db
    .selectFrom('token_allocations')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.userId) select = select.where('user_id', '=', options.userId);
  if (options.cursor) select = select.where('id', '<', options.cursor);
  if (options.tokenId) select = select.where('token_id', '=', options.tokenId);
  if (options.status) select = select.where('status', '=', options.status);
  if (options.onChainStatus) select = select.where('on_chain_status', '=', options.onChainStatus);
  return select.execute();
}

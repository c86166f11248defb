/**
 * Releasing subscriptions that will never be paid for: an admin's rejection, and every allocation
 * still awaiting payment when its token is delisted or matures. The held fiat goes back to the
 * subscriber through the ledger, the reservation is released (token and round), the pending
 * wallet transaction is cancelled and the allocation is rejected, in the caller's transaction.
 */
import type { Trx } from '../../lib/db/database.js';
import type { Token, TokenAllocation } from '../../lib/db/schema-issuance.js';
import { Exact, toMoney } from '../../lib/money.js';
import { moveFiat } from '../../lib/ledger/fiat-ledger.js';
import { tokenForUpdate } from '../tokens/tokens.queries.js';
import { lockUser } from '../verification/kyc.queries.js';

/**
 * Locks, in the order of every offering transaction, the users holding allocations of the token
 * that await payment, then the token. Resolves to the token (undefined when there is none) and
 * its pending allocations, locked.
 */
export async function lockTokenAndPendingSubscribers(
  trx: Trx,
  tokenId: string,
): Promise<{ token: Token | undefined; pending: TokenAllocation[] }> {
  const subscribers = await trx
    .selectFrom('token_allocations')
    .select('user_id')
    .distinct()
    .where('token_id', '=', tokenId)
    .where('status', '=', 'pending_payment')
    .orderBy('user_id')
    .execute();
  const locked = new Set<string>();
  for (const { user_id } of subscribers) {
    await lockUser(trx, user_id);
    locked.add(user_id);
  }
  const token = await tokenForUpdate(trx, tokenId);
  const pending = await trx
    .selectFrom('token_allocations')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('status', '=', 'pending_payment')
    .orderBy('id')
    .forUpdate()
    .execute();
  // A subscription committed between the first read and the token's lock: its user is locked
  // now, out of order; the database breaks the rare deadlock this can make by failing one side.
  for (const allocation of pending) {
    if (!locked.has(allocation.user_id)) {
      await lockUser(trx, allocation.user_id);
      locked.add(allocation.user_id);
    }
  }
  return { token, pending };
}

/**
 * Refunds and rejects one pending_payment allocation whose user, token and row the caller has
 * locked. `actorId` is the admin who decided, or null for the platform (maturity).
 */
export async function releaseAllocation(
  trx: Trx,
  allocation: TokenAllocation,
  actorId: string | null,
): Promise<TokenAllocation> {
  if (new Exact(allocation.amount).greaterThan(0)) {
    await moveFiat(trx, {
      userId: allocation.user_id,
      amount: allocation.amount,
      kind: 'subscription_refund',
      referenceType: 'token_allocation',
      referenceId: allocation.id,
    });
  }
  await trx
    .updateTable('tokens')
    .set((eb) => ({
      tokens_reserved: eb('tokens_reserved', '-', allocation.quantity),
      updated_at: new Date(),
    }))
    .where('id', '=', allocation.token_id)
    .execute();
  if (allocation.round_id) {
    await trx
      .updateTable('offering_rounds')
      .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '-', allocation.quantity) }))
      .where('id', '=', allocation.round_id)
      .execute();
  }
  if (allocation.wallet_transaction_id) {
    await trx
      .updateTable('wallet_transactions')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('id', '=', allocation.wallet_transaction_id)
      .execute();
  }
  return trx
    .updateTable('token_allocations')
    .set({
      status: 'rejected',
      rejected_by: actorId,
      rejected_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', allocation.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Releases every allocation in `pending` (from lockTokenAndPendingSubscribers); the sum refunded. */
export async function releaseAll(
  trx: Trx,
  pending: TokenAllocation[],
  actorId: string | null,
): Promise<{ released: number; refunded: string }> {
  let refunded = new Exact(0);
  for (const allocation of pending) {
    await releaseAllocation(trx, allocation, actorId);
    refunded = refunded.plus(allocation.amount);
  }
  return { released: pending.length, refunded: toMoney(refunded) };
}

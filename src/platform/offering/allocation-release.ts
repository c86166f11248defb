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
import { lockUser } from '../../lib/db/user-rows.queries.js';
import {
  changeReserved,
  pendingAllocationsForUpdate,
  pendingSubscribers,
  rejectAllocation,
  setWalletTransactionStatus,
} from './offering.queries.js';

/**
 * Locks, in the order of every offering transaction, the users holding allocations of the token
 * that await payment, then the token. Resolves to the token (undefined when there is none) and
 * its pending allocations, locked.
 */
export async function lockTokenAndPendingSubscribers(
  trx: Trx,
  tokenId: string,
): Promise<{ token: Token | undefined; pending: TokenAllocation[] }> {
  const locked = new Set<string>();
  for (const user_id of await pendingSubscribers(trx, tokenId)) {
    await lockUser(trx, user_id);
    locked.add(user_id);
  }
  const token = await tokenForUpdate(trx, tokenId);
  const pending = await pendingAllocationsForUpdate(trx, tokenId);
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
 * locked. `actorId` is the admin who decided, or null for the platform (maturity), at `at`.
 */
export async function releaseAllocation(
  trx: Trx,
  allocation: TokenAllocation,
  rejection: { actorId: string | null; at: Date },
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
  await changeReserved(trx, {
    tokenId: allocation.token_id,
    roundId: allocation.round_id,
    delta: -allocation.quantity,
  });
  if (allocation.wallet_transaction_id) {
    await setWalletTransactionStatus(trx, allocation.wallet_transaction_id, 'cancelled');
  }
  return rejectAllocation(trx, allocation.id, rejection);
}

/** Releases every allocation in `pending` (from lockTokenAndPendingSubscribers); the sum refunded. */
export async function releaseAll(
  trx: Trx,
  pending: TokenAllocation[],
  rejection: { actorId: string | null; at: Date },
): Promise<{ released: number; refunded: string }> {
  let refunded = new Exact(0);
  for (const allocation of pending) {
    await releaseAllocation(trx, allocation, rejection);
    refunded = refunded.plus(allocation.amount);
  }
  return { released: pending.length, refunded: toMoney(refunded) };
}

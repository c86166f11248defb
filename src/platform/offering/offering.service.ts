/**
 * The primary offering (spec C rules 4-5): subscriptions hold the investor's fiat under the
 * token's lock; an admin confirms payment (the allocation is sold: tokens_sold, total_raised, the
 * wallet, the issuer's proceeds) or rejects it (refund). Confirmed allocations are then minted by
 * the allocation worker. Payments are confirmed only while the token is in its primary offering:
 * after go-live the success fee has been taken on total_raised, and a delisted or matured token
 * has released every held subscription (allocation-release.ts). Lock order everywhere: users,
 * then the token (and its round), then allocations, then wallets.
 */
import type { AccessClaims } from '../../lib/auth/access-token.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type {
  AllocationStatus,
  OfferingRound,
  OnChainStatus,
  TokenAllocation,
} from '../../lib/db/schema-issuance.js';
import { toPage } from '../../lib/http/pagination.js';
import { withUsers } from '../users/user-refs.js';
import { evaluateSubscription } from '../../lib/compliance/compliance-checks.js';
import {
  findComplianceRules,
  readComplianceState,
} from '../../lib/compliance/compliance-state.queries.js';
import { complianceError } from '../../lib/compliance/evaluate-transfer.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { Exact, toMoney } from '../../lib/money.js';
import { recordAudit } from '../audit/audit.queries.js';
import { moveFiat } from '../../lib/ledger/fiat-ledger.js';
import {
  creditWallet,
  findVisibleToken,
  issuerOf,
  tokenForUpdate,
  type Viewer,
} from '../tokens/tokens.queries.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import { primarySupplyOf } from '../tokens/tokens.service.js';
import { lockUser, userForUpdate } from '../../lib/db/user-rows.queries.js';
import {
  toAllocationView,
  type AllocationQuery,
  type CreateRoundBody,
  type SubscribeBody,
} from './offering.schemas.js';
import { releaseAllocation } from './allocation-release.js';
import {
  allocationForUpdate,
  allocationParties,
  changeReserved,
  confirmAllocation,
  insertAllocation,
  insertPendingPurchase,
  insertRound,
  listAllocations,
  recordSale,
  requeueMint,
  roundForUpdate,
  roundsOf,
  setWalletTransactionStatus,
  tokenAllocationsForUpdate,
  tokenOwnerId,
} from './offering.queries.js';
import { notify } from '../notifications/notify.js';
import { paymentConfirmed } from '../notifications/notices.js';
import { subscriptionRefusal } from './offering.rules.js';

async function lockRound(trx: Trx, tokenId: string, roundId: string): Promise<OfferingRound> {
  const round = await roundForUpdate(trx, tokenId, roundId);
  if (!round) throw new AppError('NOT_FOUND', 'No such offering round for this token');
  return round;
}

/**
 * The token's transfer rules on the subscription, a mint to the subscriber once confirmed
 * (docs/compliance.md). The token's row lock, taken first, holds subscriptions one at a time.
 */
async function checkRules(
  trx: Trx,
  tokenId: string,
  investorId: string,
  quantity: number,
  options: { platformCountry: string; at: Date },
): Promise<void> {
  const rules = await findComplianceRules(trx, tokenId);
  if (!rules) return;
  const state = await readComplianceState(trx, tokenId, [investorId], {
    count: 'committed',
    platformCountry: options.platformCountry,
  });
  const holder = state.holders.get(investorId)!;
  const verdict = evaluateSubscription(rules, state.token, holder, quantity, options.at);
  if (!verdict.allowed) throw complianceError(verdict);
}

export function offeringService(db: Db, options: { platformCountry: string; clock?: Clock }) {
  const { platformCountry, clock = systemClock } = options;
  return {
    async subscribe(
      investorId: string,
      tokenId: string,
      body: SubscribeBody,
      ip: string,
    ): Promise<TokenAllocation> {
      return transaction(db, async (trx) => {
        const investor = await userForUpdate(trx, investorId);
        if (investor.kyc_status !== 'approved') throw new AppError('KYC_REQUIRED');
        const token = await tokenForUpdate(trx, tokenId);
        if (!token) throw new AppError('NOT_FOUND', 'No such token');
        if (token.status !== 'primary' || token.trading_mode !== 'primary_subscription') {
          throw new AppError('OFFERING_NOT_OPEN', `The token is ${token.status}`);
        }
        const round = body.round_id ? await lockRound(trx, tokenId, body.round_id) : undefined;
        const price = round?.price_per_token ?? token.price_per_token;
        const amount = toMoney(new Exact(price).times(body.quantity));
        const tokenAvailable = primarySupplyOf(token) - token.tokens_reserved;
        const at = clock.now();
        const refusal = subscriptionRefusal({
          now: at,
          quantity: body.quantity,
          amount,
          window: round
            ? { start: round.starts_at, end: round.ends_at }
            : { start: token.primary_start, end: token.primary_end },
          minInvestment: token.min_investment,
          available: round
            ? Math.min(tokenAvailable, round.max_quantity - round.quantity_reserved)
            : tokenAvailable,
          investor: { accreditation: investor.accreditation_status, fatca: investor.fatca_status },
        });
        if (refusal) throw new AppError(refusal.code, refusal.detail);
        await checkRules(trx, tokenId, investorId, body.quantity, { platformCountry, at });

        const allocationId = newId();
        await moveFiat(trx, {
          userId: investorId,
          amount: new Exact(amount).negated().toString(),
          kind: 'subscription_hold',
          referenceType: 'token_allocation',
          referenceId: allocationId,
        });
        await changeReserved(trx, {
          tokenId,
          roundId: round?.id ?? null,
          delta: body.quantity,
        });
        const walletTransactionId = newId();
        await insertPendingPurchase(trx, {
          id: walletTransactionId,
          userId: investorId,
          tokenId,
          quantity: body.quantity,
          amount,
          allocationId,
        });
        const allocation = await insertAllocation(trx, {
          id: allocationId,
          token_id: tokenId,
          user_id: investorId,
          round_id: round?.id ?? null,
          quantity: body.quantity,
          amount,
          price_per_token: price,
          allocation_type: 'primary',
          status: 'pending_payment',
          wallet_transaction_id: walletTransactionId,
        });
        await recordAudit(trx, {
          actorId: investorId,
          action: 'offering.subscribed',
          targetType: 'token_allocation',
          targetId: allocationId,
          ip,
          details: { token_id: tokenId, quantity: body.quantity, amount },
        });
        return allocation;
      });
    },

    /** All or nothing: every id must be a pending_payment allocation of this token. */
    async confirmPayment(
      adminId: string,
      tokenId: string,
      allocationIds: string[],
      ip: string,
    ): Promise<TokenAllocation[]> {
      return transaction(db, async (trx) => {
        const ownerId = await tokenOwnerId(trx, tokenId);
        if (!ownerId) throw new AppError('NOT_FOUND', 'No such token');
        await lockUser(trx, ownerId);
        const token = (await tokenForUpdate(trx, tokenId))!;
        if (token.status !== 'primary')
          throw new AppError(
            'TOKEN_STATE_CONFLICT',
            `Payments are confirmed during the primary offering; the token is ${token.status}`,
            { status: token.status },
          );
        const allocations = await tokenAllocationsForUpdate(trx, tokenId, allocationIds);
        if (allocations.length !== allocationIds.length)
          throw new AppError('NOT_FOUND', 'Some allocations do not exist for this token');
        const notPending = allocations.filter((a) => a.status !== 'pending_payment');
        if (notPending.length > 0) {
          throw new AppError(
            'ALLOCATION_NOT_PENDING',
            `${notPending.length} allocation(s) are not pending payment`,
            { allocation_ids: notPending.map((a) => a.id) },
          );
        }
        const confirmed: TokenAllocation[] = [];
        const at = clock.now();
        for (const allocation of allocations) {
          confirmed.push(await confirmAllocation(trx, allocation.id, { adminId, at }));
          await notify(
            trx,
            paymentConfirmed(
              allocation.user_id,
              allocation.amount,
              `${allocation.quantity} ${token.symbol}`,
            ),
          );
          await creditWallet(trx, allocation.user_id, tokenId, allocation.quantity, newId());
          await recordTokenMovements(trx, [
            {
              tokenId,
              kind: 'primary_allocation',
              fromUserId: null,
              toUserId: allocation.user_id,
              quantity: allocation.quantity,
              sourceType: 'token_allocation',
              sourceId: allocation.id,
            },
          ]);
          if (allocation.wallet_transaction_id) {
            await setWalletTransactionStatus(trx, allocation.wallet_transaction_id, 'completed');
          }
          if (new Exact(allocation.amount).greaterThan(0)) {
            await moveFiat(trx, {
              userId: ownerId,
              amount: allocation.amount,
              kind: 'subscription_proceeds',
              referenceType: 'token_allocation',
              referenceId: allocation.id,
            });
          }
        }
        const quantity = allocations.reduce((sum, a) => sum + a.quantity, 0);
        const raised = toMoney(allocations.reduce((sum, a) => sum.plus(a.amount), new Exact(0)));
        await recordSale(trx, tokenId, { quantity, raised });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'offering.payment_confirmed',
          targetType: 'token',
          targetId: tokenId,
          ip,
          details: { allocation_ids: allocationIds, quantity, amount: raised },
        });
        return confirmed;
      });
    },

    /** Rejects a pending_payment allocation and refunds the held fiat in the same transaction. */
    async reject(adminId: string, allocationId: string, ip: string): Promise<TokenAllocation> {
      return transaction(db, async (trx) => {
        const found = await allocationParties(trx, allocationId);
        if (!found) throw new AppError('NOT_FOUND', 'No such allocation');
        await lockUser(trx, found.user_id);
        await tokenForUpdate(trx, found.token_id);
        const allocation = (await allocationForUpdate(trx, allocationId))!;
        if (allocation.status !== 'pending_payment')
          throw new AppError('ALLOCATION_NOT_PENDING', `The allocation is ${allocation.status}`);
        const rejected = await releaseAllocation(trx, allocation, {
          actorId: adminId,
          at: clock.now(),
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'offering.allocation_rejected',
          targetType: 'token_allocation',
          targetId: allocationId,
          ip,
          details: { refunded: allocation.amount },
        });
        return rejected;
      });
    },

    /**
     * An admin sends a failed on-chain allocation back to the minting queue, with a fresh count
     * of attempts; the change and its audit row in one transaction.
     */
    async retry(adminId: string, allocationId: string, ip: string): Promise<TokenAllocation> {
      return transaction(db, async (trx) => {
        const allocation = await allocationForUpdate(trx, allocationId);
        if (!allocation) throw new AppError('NOT_FOUND', 'No such allocation');
        if (allocation.on_chain_status !== 'failed')
          throw new AppError(
            'ALLOCATION_NOT_FAILED',
            `The allocation is ${allocation.on_chain_status}`,
          );
        const retried = await requeueMint(trx, allocationId);
        await recordAudit(trx, {
          actorId: adminId,
          action: 'offering.allocation_retried',
          targetType: 'token_allocation',
          targetId: allocationId,
          ip,
          details: { previous_error: allocation.on_chain_error },
        });
        return retried;
      });
    },

    async createRound(
      issuer: AccessClaims,
      tokenId: string,
      body: CreateRoundBody,
      ip: string,
    ): Promise<OfferingRound> {
      const starts = new Date(body.starts_at);
      const ends = new Date(body.ends_at);
      if (!(starts < ends) || ends <= clock.now()) throw new AppError('INVALID_WINDOW');
      return transaction(db, async (trx) => {
        const token = await tokenForUpdate(trx, tokenId);
        if (!token || (await issuerOf(trx, token.business_id)) !== issuer.userId)
          throw new AppError('NOT_FOUND', 'No such token');
        if (token.status !== 'primary')
          throw new AppError(
            'TOKEN_STATE_CONFLICT',
            'Rounds belong to a deployed token in its primary offering',
          );
        if (body.max_quantity > primarySupplyOf(token))
          throw new AppError('SUPPLY_EXHAUSTED', 'The round is larger than the primary supply');
        const round = await insertRound(trx, {
          id: newId(),
          token_id: tokenId,
          name: body.name.trim(),
          starts_at: starts,
          ends_at: ends,
          max_quantity: body.max_quantity,
          price_per_token: body.price_per_token ?? null,
          created_by: issuer.userId,
        });
        await recordAudit(trx, {
          actorId: issuer.userId,
          action: 'offering.round_created',
          targetType: 'offering_round',
          targetId: round.id,
          ip,
        });
        return round;
      });
    },

    /** The token's rounds; a draft's are as private as the draft itself. */
    async rounds(viewer: Viewer, tokenId: string): Promise<OfferingRound[]> {
      if (!(await findVisibleToken(db, tokenId, viewer)))
        throw new AppError('NOT_FOUND', 'No such token');
      return roundsOf(db, tokenId);
    },

    /** A page of allocations (the user's own when `userId` is given). */
    async allocations(query: AllocationQuery, userId?: string) {
      const limit = query.limit ?? 50;
      const rows = await listAllocations(db, {
        limit,
        ...(userId ? { userId } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.token_id ? { tokenId: query.token_id } : {}),
        ...(query.status ? { status: query.status as AllocationStatus } : {}),
        ...(query.on_chain_status ? { onChainStatus: query.on_chain_status as OnChainStatus } : {}),
      });
      return toPage(rows, limit, toAllocationView);
    },

    /** Allocations' views with their subscriber named, for staff. */
    withSubscribers<V extends { user_id: string }>(views: V[]) {
      return withUsers(db, views, 'user_id');
    },
  };
}

export type OfferingService = ReturnType<typeof offeringService>;

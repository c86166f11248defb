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
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { OfferingRound, TokenAllocation } from '../../lib/db/schema-issuance.js';
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
import { creditWallet, tokenForUpdate } from '../tokens/tokens.queries.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import { primarySupplyOf } from '../tokens/tokens.service.js';
import { lockUser } from '../verification/kyc.queries.js';
import type { CreateRoundBody, SubscribeBody } from './offering.schemas.js';
import { releaseAllocation } from './allocation-release.js';
import { subscriptionRefusal } from './offering.rules.js';

async function roundForUpdate(trx: Trx, tokenId: string, roundId: string): Promise<OfferingRound> {
  const round = await trx
    .selectFrom('offering_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
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
  platformCountry: string,
): Promise<void> {
  const rules = await findComplianceRules(trx, tokenId);
  if (!rules) return;
  const state = await readComplianceState(trx, tokenId, [investorId], {
    count: 'committed',
    platformCountry,
  });
  const holder = state.holders.get(investorId)!;
  const verdict = evaluateSubscription(rules, state.token, holder, quantity, new Date());
  if (!verdict.allowed) throw complianceError(verdict);
}

export function offeringService(db: Db, options: { platformCountry: string }) {
  return {
    async subscribe(
      investorId: string,
      tokenId: string,
      body: SubscribeBody,
      ip: string,
    ): Promise<TokenAllocation> {
      return transaction(db, async (trx) => {
        const investor = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', investorId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (investor.kyc_status !== 'approved') throw new AppError('KYC_REQUIRED');
        const token = await tokenForUpdate(trx, tokenId);
        if (!token) throw new AppError('NOT_FOUND', 'No such token');
        if (token.status !== 'primary' || token.trading_mode !== 'primary_subscription') {
          throw new AppError('OFFERING_NOT_OPEN', `The token is ${token.status}`);
        }
        const round = body.round_id ? await roundForUpdate(trx, tokenId, body.round_id) : undefined;
        const price = round?.price_per_token ?? token.price_per_token;
        const amount = toMoney(new Exact(price).times(body.quantity));
        const tokenAvailable = primarySupplyOf(token) - token.tokens_reserved;
        const refusal = subscriptionRefusal({
          now: new Date(),
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
        await checkRules(trx, tokenId, investorId, body.quantity, options.platformCountry);

        const allocationId = newId();
        await moveFiat(trx, {
          userId: investorId,
          amount: new Exact(amount).negated().toString(),
          kind: 'subscription_hold',
          referenceType: 'token_allocation',
          referenceId: allocationId,
        });
        await trx
          .updateTable('tokens')
          .set((eb) => ({
            tokens_reserved: eb('tokens_reserved', '+', body.quantity),
            updated_at: new Date(),
          }))
          .where('id', '=', tokenId)
          .execute();
        if (round) {
          await trx
            .updateTable('offering_rounds')
            .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '+', body.quantity) }))
            .where('id', '=', round.id)
            .execute();
        }
        const walletTransactionId = newId();
        await trx
          .insertInto('wallet_transactions')
          .values({
            id: walletTransactionId,
            user_id: investorId,
            token_id: tokenId,
            type: 'token_buy',
            status: 'pending',
            quantity: body.quantity,
            amount,
            reference_type: 'token_allocation',
            reference_id: allocationId,
          })
          .execute();
        const allocation = await trx
          .insertInto('token_allocations')
          .values({
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
          })
          .returningAll()
          .executeTakeFirstOrThrow();
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
        const owner = await trx
          .selectFrom('tokens')
          .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
          .select('businesses.owner_id')
          .where('tokens.id', '=', tokenId)
          .executeTakeFirst();
        if (!owner) throw new AppError('NOT_FOUND', 'No such token');
        await lockUser(trx, owner.owner_id);
        const token = (await tokenForUpdate(trx, tokenId))!;
        if (token.status !== 'primary')
          throw new AppError(
            'TOKEN_STATE_CONFLICT',
            `Payments are confirmed during the primary offering; the token is ${token.status}`,
            { status: token.status },
          );
        const allocations = await trx
          .selectFrom('token_allocations')
          .selectAll()
          .where('id', 'in', allocationIds)
          .where('token_id', '=', tokenId)
          .orderBy('id')
          .forUpdate()
          .execute();
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
        for (const allocation of allocations) {
          confirmed.push(
            await trx
              .updateTable('token_allocations')
              .set({
                status: 'confirmed',
                on_chain_status: 'pending',
                confirmed_by: adminId,
                confirmed_at: new Date(),
                updated_at: new Date(),
              })
              .where('id', '=', allocation.id)
              .returningAll()
              .executeTakeFirstOrThrow(),
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
            await trx
              .updateTable('wallet_transactions')
              .set({ status: 'completed', updated_at: new Date() })
              .where('id', '=', allocation.wallet_transaction_id)
              .execute();
          }
          if (new Exact(allocation.amount).greaterThan(0)) {
            await moveFiat(trx, {
              userId: owner.owner_id,
              amount: allocation.amount,
              kind: 'subscription_proceeds',
              referenceType: 'token_allocation',
              referenceId: allocation.id,
            });
          }
        }
        const quantity = allocations.reduce((sum, a) => sum + a.quantity, 0);
        const raised = toMoney(allocations.reduce((sum, a) => sum.plus(a.amount), new Exact(0)));
        await trx
          .updateTable('tokens')
          .set((eb) => ({
            tokens_sold: eb('tokens_sold', '+', quantity),
            total_raised: eb('total_raised', '+', raised),
            updated_at: new Date(),
          }))
          .where('id', '=', tokenId)
          .execute();
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
        const found = await trx
          .selectFrom('token_allocations')
          .select(['user_id', 'token_id'])
          .where('id', '=', allocationId)
          .executeTakeFirst();
        if (!found) throw new AppError('NOT_FOUND', 'No such allocation');
        await lockUser(trx, found.user_id);
        await tokenForUpdate(trx, found.token_id);
        const allocation = await trx
          .selectFrom('token_allocations')
          .selectAll()
          .where('id', '=', allocationId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (allocation.status !== 'pending_payment')
          throw new AppError('ALLOCATION_NOT_PENDING', `The allocation is ${allocation.status}`);
        const rejected = await releaseAllocation(trx, allocation, adminId);
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
        const allocation = await trx
          .selectFrom('token_allocations')
          .selectAll()
          .where('id', '=', allocationId)
          .forUpdate()
          .executeTakeFirst();
        if (!allocation) throw new AppError('NOT_FOUND', 'No such allocation');
        if (allocation.on_chain_status !== 'failed')
          throw new AppError(
            'ALLOCATION_NOT_FAILED',
            `The allocation is ${allocation.on_chain_status}`,
          );
        const retried = await trx
          .updateTable('token_allocations')
          .set({
            on_chain_status: 'pending',
            on_chain_attempts: 0,
            on_chain_due_at: null,
            on_chain_claim_id: null,
            updated_at: new Date(),
          })
          .where('id', '=', allocationId)
          .returningAll()
          .executeTakeFirstOrThrow();
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
      if (!(starts < ends) || ends <= new Date()) throw new AppError('INVALID_WINDOW');
      return transaction(db, async (trx) => {
        const token = await tokenForUpdate(trx, tokenId);
        const business =
          token &&
          (await trx
            .selectFrom('businesses')
            .select('owner_id')
            .where('id', '=', token.business_id)
            .executeTakeFirst());
        if (!token || business?.owner_id !== issuer.userId)
          throw new AppError('NOT_FOUND', 'No such token');
        if (token.status !== 'primary')
          throw new AppError(
            'TOKEN_STATE_CONFLICT',
            'Rounds belong to a deployed token in its primary offering',
          );
        if (body.max_quantity > primarySupplyOf(token))
          throw new AppError('SUPPLY_EXHAUSTED', 'The round is larger than the primary supply');
        const round = await trx
          .insertInto('offering_rounds')
          .values({
            id: newId(),
            token_id: tokenId,
            name: body.name.trim(),
            starts_at: starts,
            ends_at: ends,
            max_quantity: body.max_quantity,
            price_per_token: body.price_per_token ?? null,
            created_by: issuer.userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
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
  };
}

export type OfferingService = ReturnType<typeof offeringService>;

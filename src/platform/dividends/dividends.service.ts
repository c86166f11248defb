/**
 * Dividends (spec F, DECISIONS.md "Dividends"): an issuer declares a dividend of their own token
 * (a draft holding the holder snapshot as payment rows, or, for a record date still to come, a
 * draft whose holders are counted when it passes), submits it, an admin approves it and
 * starts the distribution, which the dividend distributor then pays row by row. Starting the
 * distribution takes the whole payable amount from the issuer at once (held on the declaration),
 * so what the issuer does afterwards can never leave a holder unpaid. Lock order: users, then the
 * declaration, then its payments, then wallets.
 */
import { withUsers } from '../users/user-refs.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { DividendDeclaration } from '../../lib/db/schema-dividends.js';
import type { Role } from '../../lib/db/schema.js';
import { evaluatePayout } from '../../lib/compliance/compliance-checks.js';
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
import { lockUser } from '../../lib/db/user-rows.queries.js';
import type { DividendAmount } from './dividend.math.js';
import { dividendDates, words } from './dividend-dates.rules.js';
import { planSnapshot, planTotals } from './dividend-snapshot.js';
import {
  changeIssuerTokens,
  dividendForUpdate,
  fiatBalanceOf,
  findDividend,
  holderPayments,
  insertDividend,
  insertPayments,
  issuerWallet,
  listDividends,
  listPayments,
  paymentForUpdate,
  paymentQuantities,
  retryFailedChainBatches,
  retryPayment,
  setPaymentsStatus,
  tokenWithOwner,
  updateDividend,
} from './dividends.queries.js';
import type { CreateDividendBody, DividendQuery, PaymentQuery } from './dividends.schemas.js';

export interface DividendsDeps {
  db: Db;
  /** the country of a holder without an approved KYC (config.issuance.platformCountry) */
  platformCountry: string;
  /** record dates are checked against it; defaults to the system clock */
  clock?: Clock;
}

export interface Caller {
  userId: string;
  role: Role;
}

/** fee_pct as an exact decimal string of at most 2 decimals, or a refusal. */
function feePctOf(value: number | string): string {
  const fee = new Exact(String(value));
  if (fee.decimalPlaces() > 2 || fee.isNegative() || fee.greaterThan(100)) {
    throw new AppError('VALIDATION_FAILED', 'fee_pct is 0 to 100 with at most 2 decimals');
  }
  return fee.toFixed(2);
}

function amountOf(body: CreateDividendBody, feePct: string): DividendAmount {
  const usd = body.per_token_usd;
  const qty = body.per_token_qty;
  if (body.dividend_type === 'token') {
    if (qty === undefined || usd !== undefined) {
      throw new AppError('DIVIDEND_AMOUNT_INVALID', 'A token dividend takes per_token_qty only');
    }
    if (!new Exact(feePct).isZero()) throw new AppError('DIVIDEND_FEE_NOT_APPLICABLE');
    return { perTokenQty: qty };
  }
  if (usd === undefined || qty !== undefined || new Exact(usd).lte(0)) {
    throw new AppError(
      'DIVIDEND_AMOUNT_INVALID',
      `A ${body.dividend_type} dividend takes per_token_usd only, above 0`,
    );
  }
  return { perTokenUsd: new Exact(usd).toString(), feePct };
}

/** Totals of a declaration whose holders are counted at a record date still to come. */
export const notCounted = {
  total_held: 0,
  total_gross_usd: '0.00',
  total_fee_usd: '0.00',
  total_net_usd: '0.00',
  remainder_usd: '0.00',
  total_quantity: 0,
  holder_count: 0,
};

/** Approval and distribution need the holders counted: what to pay is not known before. */
function assertCounted(dividend: DividendDeclaration): void {
  if (!dividend.snapshot_at) {
    throw new AppError(
      'DIVIDEND_RECORD_DATE_PENDING',
      `The holders are counted at the record date, ${words(dividend.record_date)}; approve and distribute after it.`,
    );
  }
}

/**
 * Takes a fiat or stablecoin declaration's payable amount (gross less the remainder) from the
 * issuer's balance and answers it, to be held on the declaration until paid.
 */
export async function holdFiat(trx: Trx, dividend: DividendDeclaration): Promise<string> {
  const held = toMoney(new Exact(dividend.total_gross_usd).minus(dividend.remainder_usd));
  if (new Exact(held).greaterThan(0)) {
    await moveFiat(trx, {
      userId: dividend.issuer_id,
      amount: new Exact(held).negated().toString(),
      kind: 'dividend',
      referenceType: 'dividend_declaration',
      referenceId: dividend.id,
    });
  }
  return held;
}

/** The issuer can pay the declaration now (checked at approval and when distribution starts). */
export async function assertIssuerCovers(trx: Trx, dividend: DividendDeclaration): Promise<void> {
  if (dividend.dividend_type === 'token') {
    const wallet = await issuerWallet(trx, dividend.issuer_id, dividend.token_id);
    const available = wallet ? wallet.balance - wallet.locked_balance : 0;
    if (available < dividend.total_quantity) {
      throw new AppError(
        'INSUFFICIENT_TOKEN_BALANCE',
        `The issuer holds ${available} tokens available of the ${dividend.total_quantity} to pay`,
      );
    }
    return;
  }
  const balance = await fiatBalanceOf(trx, dividend.issuer_id);
  if (new Exact(balance).lessThan(dividend.total_gross_usd)) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `The issuer's balance ${balance} does not cover ${dividend.total_gross_usd}`,
    );
  }
}

export function dividendsService({ db, platformCountry, clock = systemClock }: DividendsDeps) {
  /** A token payout must pass the token's transfer rules, from the issuer to each holder. */
  async function checkPayoutRules(trx: Trx, dividend: DividendDeclaration): Promise<void> {
    const rules = await findComplianceRules(trx, dividend.token_id);
    if (!rules) return;
    const payments = await paymentQuantities(trx, dividend.id);
    const state = await readComplianceState(
      trx,
      dividend.token_id,
      [dividend.issuer_id, ...payments.map((p) => p.user_id)],
      { count: 'committed', platformCountry },
    );
    const verdict = evaluatePayout(
      rules,
      state.token,
      state.holders.get(dividend.issuer_id)!,
      payments.map((p) => ({ holder: state.holders.get(p.user_id)!, quantity: p.quantity })),
      clock.now(),
    );
    if (!verdict.allowed) throw complianceError(verdict);
  }

  /** The declaration as its issuer or staff may see it; anyone else gets 404. */
  async function visible(caller: Caller, id: string): Promise<DividendDeclaration> {
    const dividend = await findDividend(db, id);
    const mayRead =
      caller.role === 'admin' || caller.role === 'staff' || dividend?.issuer_id === caller.userId;
    if (!dividend || !mayRead) throw new AppError('NOT_FOUND', 'No such dividend');
    return dividend;
  }

  return {
    async declare(issuerId: string, body: CreateDividendBody, ip: string) {
      const feePct = feePctOf(body.fee_pct);
      const amount = amountOf(body, feePct);
      const at = clock.now();
      const dates = dividendDates(at, body);
      if ('refusal' in dates) throw new AppError('DIVIDEND_DATES_INVALID', dates.refusal);
      const { recordDate, paymentDate } = dates;
      return transaction(db, async (trx) => {
        const token = await tokenWithOwner(trx, body.token_id);
        if (!token || token.owner_id !== issuerId) throw new AppError('NOT_FOUND', 'No such token');
        if (token.status === 'draft' || token.status === 'delisted') {
          throw new AppError('TOKEN_STATE_CONFLICT', `The token is ${token.status}`);
        }
        if (body.dividend_type === 'token' && !token.contract_address) {
          throw new AppError('TOKEN_NOT_DEPLOYED');
        }
        // A record date still to come: the holders are counted when it passes (dividend-snapshot.ts).
        const counted = recordDate <= at;
        const plan = counted
          ? await planSnapshot(
              trx,
              { token_id: token.id, issuer_id: issuerId, record_date: recordDate },
              amount,
            )
          : undefined;
        const id = newId();
        const dividend = await insertDividend(trx, {
          id,
          token_id: token.id,
          issuer_id: issuerId,
          dividend_type: body.dividend_type,
          per_token_usd: 'perTokenUsd' in amount ? amount.perTokenUsd : null,
          per_token_qty: 'perTokenQty' in amount ? amount.perTokenQty : null,
          fee_pct: feePct,
          ...(plan ? planTotals(plan) : notCounted),
          record_date: recordDate,
          payment_date: paymentDate,
          snapshot_at: plan ? at : null,
          status: 'draft',
        });
        if (plan) await insertPayments(trx, id, plan.payments);
        await recordAudit(trx, {
          actorId: issuerId,
          action: 'dividend.declared',
          targetType: 'dividend_declaration',
          targetId: id,
          ip,
          details: {
            token_id: token.id,
            dividend_type: body.dividend_type,
            record_date: recordDate.toISOString(),
            payment_date: paymentDate.toISOString(),
            ...(plan
              ? {
                  total_gross_usd: plan.totalGrossUsd,
                  total_quantity: plan.totalQuantity,
                  holder_count: plan.payments.length,
                }
              : {}),
          },
        });
        return dividend;
      });
    },

    async submit(issuerId: string, id: string, ip: string) {
      return transaction(db, async (trx) => {
        const dividend = await dividendForUpdate(trx, id);
        if (!dividend || dividend.issuer_id !== issuerId) {
          throw new AppError('NOT_FOUND', 'No such dividend');
        }
        if (dividend.status !== 'draft') {
          throw new AppError('DIVIDEND_NOT_DRAFT', `The dividend is ${dividend.status}`);
        }
        return moveTo(trx, dividend, issuerId, ip, 'dividend.submitted', {
          status: 'pending_approval',
          submitted_at: clock.now(),
        });
      });
    },

    async approve(adminId: string, id: string, ip: string) {
      return transaction(db, async (trx) => {
        const dividend = await dividendForUpdate(trx, id);
        if (!dividend) throw new AppError('NOT_FOUND', 'No such dividend');
        if (dividend.status !== 'pending_approval') {
          throw new AppError('DIVIDEND_NOT_PENDING_APPROVAL', `The dividend is ${dividend.status}`);
        }
        assertCounted(dividend);
        await assertIssuerCovers(trx, dividend);
        return moveTo(trx, dividend, adminId, ip, 'dividend.approved', {
          status: 'approved',
          approved_by: adminId,
          approved_at: clock.now(),
        });
      });
    },

    /**
     * Starts the distribution: the declaration locked and approved, the issuer's payable amount
     * (or tokens) taken and held on it, status distributing. The payments follow as durable work.
     */
    async distribute(adminId: string, id: string, ip: string) {
      return transaction(db, async (trx) => {
        const found = await findDividend(trx, id);
        if (!found) throw new AppError('NOT_FOUND', 'No such dividend');
        await lockUser(trx, found.issuer_id);
        const dividend = (await dividendForUpdate(trx, id))!;
        if (dividend.status !== 'approved') {
          throw new AppError('DIVIDEND_NOT_APPROVED', `The dividend is ${dividend.status}`);
        }
        assertCounted(dividend);
        await assertIssuerCovers(trx, dividend);
        const held = { held_usd: '0.00', held_quantity: 0 };
        if (dividend.dividend_type === 'token') {
          await checkPayoutRules(trx, dividend);
          held.held_quantity = dividend.total_quantity;
          await changeIssuerTokens(
            trx,
            { issuerId: dividend.issuer_id, tokenId: dividend.token_id },
            { balance: 0, locked: dividend.total_quantity },
          );
        } else {
          held.held_usd = await holdFiat(trx, dividend);
        }
        return moveTo(trx, dividend, adminId, ip, 'dividend.distribution_started', {
          ...held,
          status: 'distributing',
          distribution_started_by: adminId,
          distribution_started_at: clock.now(),
        });
      });
    },

    /** The issuer while it is a draft or awaits approval; an admin until distribution starts. */
    async cancel(caller: Caller, id: string, ip: string) {
      return transaction(db, async (trx) => {
        const dividend = await dividendForUpdate(trx, id);
        const isAdmin = caller.role === 'admin';
        if (!dividend || (!isAdmin && dividend.issuer_id !== caller.userId)) {
          throw new AppError('NOT_FOUND', 'No such dividend');
        }
        const cancellable = isAdmin
          ? ['draft', 'pending_approval', 'approved']
          : ['draft', 'pending_approval'];
        if (!cancellable.includes(dividend.status)) {
          throw new AppError('DIVIDEND_NOT_CANCELLABLE', `The dividend is ${dividend.status}`);
        }
        await setPaymentsStatus(trx, id, 'pending', 'cancelled');
        return moveTo(trx, dividend, caller.userId, ip, 'dividend.cancelled', {
          status: 'cancelled',
          cancelled_by: caller.userId,
          cancelled_at: clock.now(),
        });
      });
    },

    /** A failed payment back to pending: the distributor checks the gate again and pays it. */
    async retryPayment(staffId: string, paymentId: string, ip: string) {
      return transaction(db, async (trx) => {
        const payment = await paymentForUpdate(trx, paymentId);
        if (!payment) throw new AppError('NOT_FOUND', 'No such dividend payment');
        if (payment.status !== 'failed') {
          throw new AppError('DIVIDEND_PAYMENT_NOT_FAILED', `The payment is ${payment.status}`);
        }
        const retried = await retryPayment(trx, paymentId);
        await recordAudit(trx, {
          actorId: staffId,
          action: 'dividend.payment_retried',
          targetType: 'dividend_payment',
          targetId: paymentId,
          ip,
          details: { dividend_id: payment.dividend_id, failure_reason: payment.failure_reason },
        });
        return retried;
      });
    },

    /** A token dividend's failed on-chain batches back to pending (same idempotency keys). */
    async retryChain(staffId: string, dividendId: string, ip: string) {
      return transaction(db, async (trx) => {
        const dividend = await dividendForUpdate(trx, dividendId);
        if (!dividend) throw new AppError('NOT_FOUND', 'No such dividend');
        const retried = await retryFailedChainBatches(trx, dividendId);
        if (retried.length === 0) throw new AppError('DIVIDEND_NO_FAILED_CHAIN_BATCH');
        await recordAudit(trx, {
          actorId: staffId,
          action: 'dividend.chain_retried',
          targetType: 'dividend_declaration',
          targetId: dividendId,
          ip,
          details: { batch_ids: retried.map((b) => b.id) },
        });
        return dividend;
      });
    },

    get: visible,

    list(caller: Caller, query: DividendQuery) {
      const limit = query.limit ?? 50;
      return listDividends(db, {
        limit,
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.token_id ? { tokenId: query.token_id } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(caller.role === 'issuer' ? { issuerId: caller.userId } : {}),
      });
    },

    /** Payments' views with their holder named, for staff. */
    withHolders<V extends { user_id: string }>(views: V[]) {
      return withUsers(db, views, 'user_id');
    },

    async payments(caller: Caller, id: string, query: PaymentQuery) {
      await visible(caller, id);
      return listPayments(db, id, pageOptions(query));
    },

    holderPayments(userId: string, query: PaymentQuery) {
      return holderPayments(db, userId, pageOptions(query));
    },
  };
}

function pageOptions(query: PaymentQuery) {
  return {
    limit: query.limit ?? 50,
    ...(query.cursor ? { cursor: query.cursor } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
}

async function moveTo(
  trx: Trx,
  dividend: DividendDeclaration,
  actorId: string,
  ip: string,
  action: string,
  changes: Partial<Omit<DividendDeclaration, 'id' | 'created_at'>>,
): Promise<DividendDeclaration> {
  const moved = await updateDividend(trx, dividend.id, changes);
  await recordAudit(trx, {
    actorId,
    action,
    targetType: 'dividend_declaration',
    targetId: dividend.id,
    ip,
    details: { from: dividend.status, to: moved.status },
  });
  return moved;
}

export type DividendsService = ReturnType<typeof dividendsService>;

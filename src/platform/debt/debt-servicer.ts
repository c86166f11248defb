/**
 * The debt servicer (a platform worker; docs/corporate-actions.md, "Debt tokens"): it carries each
 * scheduled payment of a debt token through the dividend machinery and, for a redemption, burns
 * the redeemed units.
 *
 * 1. From the start of its period, a payment is declared: a fiat dividend of coupon (+ principal)
 *    per unit, fee 0, approved by the terms themselves, its record date the end of the record
 *    day; the dividend distributor counts the holders when that passes.
 * 2. From `warnDays` before the payment date, while the issuer's balance does not cover it, the
 *    issuer and every staff member are told once (`funding_warned_at`, and staff's work queue).
 * 3. On the payment date, once counted and covered, the payable amount is taken from the issuer
 *    and held on the declaration (status distributing): the distributor pays the holders.
 * 4. A distributed coupon is paid. A distributed redemption empties every wallet of the token
 *    (once no order holds units: the book closed at maturity), records the burns in the register
 *    and queues them on chain (debt-burner.ts); the payment is paid when every batch is sent. A
 *    batch failed for good alerts every member of staff once (debt-burn-retries.ts: their retry).
 *
 * Each step is one transaction that re-reads the payment under lock and does nothing unless the
 * payment is still where the step expects it, so a crash at any point resumes at the next tick
 * and nothing is paid or burned twice (the distributor's own guarantees cover the holders).
 * Lock order: the issuer, the declaration, the payment, then wallets (as the dividends take them).
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { DebtPayment } from '../../lib/db/schema-debt.js';
import { dayOf, dayStart, recordInstant } from '../../lib/debt/debt-schedule.math.js';
import type { DividendDeclaration } from '../../lib/db/schema-dividends.js';
import { treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import type { Logger } from '../../lib/logger.js';
import { Exact, toMoney, toMoneyDown } from '../../lib/money.js';
import { newId } from '../../lib/ids.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { recordAudit } from '../audit/audit.queries.js';
import { holdFiat, notCounted } from '../dividends/dividends.service.js';
import {
  dividendForUpdate,
  fiatBalanceOf,
  findDividend,
  insertDividend,
  tokenWithOwner,
  updateDividend,
} from '../dividends/dividends.queries.js';
import { notifyMany } from '../notifications/notify.js';
import { debtBurnFailed, debtFundingShort, debtRedeemed } from '../notifications/notices.js';
import {
  debtPaymentForUpdate,
  emptyWallets,
  failedBurns,
  insertBurnBatch,
  openPayments,
  paymentsToDeclare,
  staffIds,
  tokenSymbol,
  unitsHeldExcept,
  unsentBurns,
  updateDebtPayment,
  walletsToBurn,
} from './debt.queries.js';

/** Units per batchBurn (the chain service takes up to 100). */
export const burnBatchSize = 100;

export interface DebtServicerDeps {
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** days before a payment date from which an uncovered payment is reported */
  warnDays: number;
}

const dayMs = 86_400_000;

/** USD per unit the payment pays: its coupon and, for a redemption, the face value. */
export function perUnit(payment: Pick<DebtPayment, 'coupon_per_unit' | 'principal_per_unit'>) {
  return new Exact(payment.coupon_per_unit).plus(payment.principal_per_unit).toFixed(8);
}

export function debtServicer(deps: DebtServicerDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  async function declare(trx: Trx, id: string, at: Date): Promise<void> {
    const payment = await debtPaymentForUpdate(trx, id);
    if (payment?.status !== 'scheduled') return;
    const amount = perUnit(payment);
    if (new Exact(amount).isZero()) {
      // a coupon of 0% owes nothing
      await updateDebtPayment(trx, id, { status: 'paid', paid_at: at });
      return;
    }
    const token = (await tokenWithOwner(trx, payment.token_id))!;
    const dividend = await insertDividend(trx, {
      id: newId(),
      token_id: payment.token_id,
      issuer_id: token.owner_id,
      dividend_type: 'fiat',
      per_token_usd: amount,
      per_token_qty: null,
      fee_pct: '0.00',
      ...notCounted,
      record_date: recordInstant(payment.record_date),
      payment_date: dayStart(payment.payment_date)!,
      snapshot_at: null,
      status: 'approved',
      approved_at: at,
    });
    await updateDebtPayment(trx, id, { status: 'declared', dividend_id: dividend.id });
    await audit(trx, payment, 'debt.payment_declared', {
      dividend_id: dividend.id,
      per_unit: amount,
    });
  }

  /** What the issuer must hold to pay: the counted payable, or an estimate from today's holders. */
  async function required(trx: Trx, dividend: DividendDeclaration): Promise<string> {
    if (dividend.snapshot_at) {
      return toMoney(new Exact(dividend.total_gross_usd).minus(dividend.remainder_usd));
    }
    const units = await unitsHeldExcept(trx, dividend.token_id, [
      dividend.issuer_id,
      await treasuryId(trx),
    ]);
    return toMoneyDown(new Exact(dividend.per_token_usd!).times(units));
  }

  async function warnShort(
    trx: Trx,
    payment: DebtPayment,
    dividend: DividendDeclaration,
    due: { amount: string; balance: string },
  ): Promise<void> {
    const { symbol } = (await tokenSymbol(trx, payment.token_id))!;
    const people = [dividend.issuer_id, ...(await staffIds(trx)).map((s) => s.id)];
    await notifyMany(
      trx,
      people.map((userId) =>
        debtFundingShort(userId, symbol, { ...due, paymentDate: payment.payment_date }),
      ),
    );
    await updateDebtPayment(trx, payment.id, { funding_warned_at: clock.now() });
    await audit(trx, payment, 'debt.funding_short', due);
  }

  /** Empties the token's wallets and queues their burns; false while an order still holds units. */
  async function burnAll(trx: Trx, payment: DebtPayment): Promise<boolean> {
    const wallets = await walletsToBurn(trx, payment.token_id);
    if (wallets.some((w) => w.locked_balance > 0)) return false;
    const token = (await tokenWithOwner(trx, payment.token_id))!;
    await emptyWallets(
      trx,
      payment.token_id,
      wallets.map((w) => w.user_id),
    );
    await recordTokenMovements(
      trx,
      wallets.map((w) => ({
        tokenId: payment.token_id,
        kind: 'redemption' as const,
        fromUserId: w.user_id,
        toUserId: null,
        quantity: w.balance,
        sourceType: 'debt_payment',
        sourceId: payment.id,
      })),
    );
    if (token.contract_address) {
      for (let start = 0; start < wallets.length; start += burnBatchSize) {
        await insertBurnBatch(
          trx,
          payment.id,
          wallets
            .slice(start, start + burnBatchSize)
            .map((w) => ({ user_id: w.user_id, quantity: w.balance })),
        );
      }
    }
    const { symbol } = (await tokenSymbol(trx, payment.token_id))!;
    await notifyMany(
      trx,
      wallets
        .filter((w) => w.user_id !== token.owner_id)
        .map((w) => debtRedeemed(w.user_id, symbol)),
    );
    await audit(trx, payment, 'debt.units_burned', {
      holders: wallets.length,
      units: wallets.reduce((sum, w) => sum + w.balance, 0),
    });
    return true;
  }

  /** Tells every member of staff, once per failure, that a burn waits for their retry. */
  async function alertBurnFailed(
    trx: Trx,
    payment: DebtPayment,
    failed: { id: string; error: string | null }[],
    at: Date,
  ): Promise<void> {
    const { symbol } = (await tokenSymbol(trx, payment.token_id))!;
    const failure = { paymentDate: payment.payment_date, error: failed[0]!.error };
    await notifyMany(
      trx,
      (await staffIds(trx)).map((s) => debtBurnFailed(s.id, symbol, failure)),
    );
    await updateDebtPayment(trx, payment.id, { burn_failed_at: at });
    await audit(trx, payment, 'debt.burn_failed', {
      batches: failed.map((b) => b.id),
      error: failure.error,
    });
  }

  /** Moves one payment on as far as it can go now. */
  async function advance(id: string, dividendId: string, at: Date): Promise<void> {
    await transaction(db, async (trx) => {
      const found = await findDividend(trx, dividendId);
      if (!found) return;
      await lockUser(trx, found.issuer_id);
      const dividend = (await dividendForUpdate(trx, dividendId))!;
      const payment = (await debtPaymentForUpdate(trx, id))!;
      const finished = dividend.status === 'distributed' || dividend.status === 'cancelled';
      if (payment.status === 'declared' && dividend.status === 'approved') {
        const dueAt = dayStart(payment.payment_date)!;
        const need = await required(trx, dividend);
        const balance = await fiatBalanceOf(trx, dividend.issuer_id);
        const covered = new Exact(balance).gte(need);
        if (
          !covered &&
          !payment.funding_warned_at &&
          at.getTime() >= dueAt.getTime() - deps.warnDays * dayMs
        ) {
          await warnShort(trx, payment, dividend, { amount: need, balance });
        }
        if (!dividend.snapshot_at || dueAt > at || !covered) return;
        const held = await holdFiat(trx, dividend);
        await updateDividend(trx, dividend.id, {
          status: 'distributing',
          held_usd: held,
          distribution_started_at: at,
        });
        await updateDebtPayment(trx, id, { status: 'paying' });
        await audit(trx, payment, 'debt.payment_started', { held_usd: held });
      } else if ((payment.status === 'declared' || payment.status === 'paying') && finished) {
        // a cancelled declaration found nobody to pay (only the issuer and the treasury held it)
        if (payment.kind === 'coupon') {
          await updateDebtPayment(trx, id, { status: 'paid', paid_at: at });
          await audit(trx, payment, 'debt.coupon_paid', { dividend_id: dividend.id });
        } else if (await burnAll(trx, payment)) {
          await updateDebtPayment(trx, id, { status: 'burning' });
        }
      } else if (payment.status === 'burning') {
        if ((await unsentBurns(trx, id)) === 0) {
          await updateDebtPayment(trx, id, { status: 'paid', paid_at: at });
          await audit(trx, payment, 'debt.redeemed', { dividend_id: dividend.id });
        } else if (!payment.burn_failed_at) {
          const failed = await failedBurns(trx, id);
          if (failed.length > 0) await alertBurnFailed(trx, payment, failed, at);
        }
      }
    });
  }

  return {
    /** Declares the payments whose period began, then moves every open one on; answers the work done. */
    async tick(): Promise<number> {
      const at = clock.now();
      const toDeclare = await paymentsToDeclare(db, dayOf(at));
      for (const { id } of toDeclare) await transaction(db, (trx) => declare(trx, id, at));
      const open = await openPayments(db);
      for (const payment of open) await advance(payment.id, payment.dividend_id!, at);
      return toDeclare.length + open.length;
    },
  };
}

async function audit(
  trx: Trx,
  payment: DebtPayment,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(trx, {
    actorId: null,
    action,
    targetType: 'debt_payment',
    targetId: payment.id,
    details: { token_id: payment.token_id, number: payment.number, kind: payment.kind, ...details },
  });
}

export type DebtServicer = ReturnType<typeof debtServicer>;

/**
 * Staff's retry of a redemption's burn that failed for good (docs/corporate-actions.md, "A burn
 * that fails"). The units left every wallet in the database when the redemption was paid; on chain
 * a batch may fail for good (a revert: the chain holds other balances than the register, the
 * platform's agent role lost...). Once the cause is mended, one member of staff asks for a retry
 * and another approves it (four eyes, as every agent action that moves securities): the failed
 * batches go back in the debt burner's queue, each under its key (debt-burner.ts retryKeyRound),
 * so nothing burns twice. Each step is one transaction on the payment's row, locked.
 */
import { transaction, type Db } from '../../lib/db/database.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { retryKeyRound } from './debt-burner.js';
import {
  burnFailures,
  debtPaymentForUpdate,
  failedBurns,
  requeueBurn,
  updateDebtPayment,
} from './debt.queries.js';
import type { Caller } from './debt.service.js';

export function debtBurnRetries({ db, clock = systemClock }: { db: Db; clock?: Clock }) {
  /** The redemption locked, with its failed batches: 409 unless a burn of it failed for good. */
  async function failedRedemption(trx: Parameters<typeof debtPaymentForUpdate>[0], id: string) {
    const payment = await debtPaymentForUpdate(trx, id);
    if (!payment) throw new AppError('NOT_FOUND', 'No such debt payment');
    const failed = payment.status === 'burning' ? await failedBurns(trx, id) : [];
    if (failed.length === 0) {
      throw new AppError(
        'DEBT_BURN_NOT_FAILED',
        `The payment is ${payment.status} with no burn batch failed for good`,
      );
    }
    return { payment, failed };
  }

  return {
    /** The redemptions whose burn failed for good, for staff's screen. */
    async failures() {
      return (await burnFailures(db)).map((f) => ({
        payment_id: f.id,
        token_id: f.token_id,
        symbol: f.symbol,
        payment_date: f.payment_date,
        failed_batches: Number(f.failed_batches),
        error: f.error,
        alerted_at: f.burn_failed_at?.toISOString() ?? null,
        retry_requested_by: f.burn_retry_requested_by,
        retry_requested_at: f.burn_retry_requested_at?.toISOString() ?? null,
      }));
    },

    /** A member of staff asks for the retry; asked already, the request stands as it was. */
    async request(staff: Caller, paymentId: string, ip: string) {
      return transaction(db, async (trx) => {
        const { payment, failed } = await failedRedemption(trx, paymentId);
        if (payment.burn_retry_requested_by) return { status: 'requested' as const };
        await updateDebtPayment(trx, paymentId, {
          burn_retry_requested_by: staff.userId,
          burn_retry_requested_at: clock.now(),
        });
        await recordAudit(trx, {
          actorId: staff.userId,
          action: 'debt.burn_retry_requested',
          targetType: 'debt_payment',
          targetId: paymentId,
          ip,
          details: { token_id: payment.token_id, batches: failed.map((b) => b.id) },
        });
        return { status: 'requested' as const };
      });
    },

    /** Another member of staff approves: the failed batches are queued again. */
    async approve(staff: Caller, paymentId: string, ip: string) {
      return transaction(db, async (trx) => {
        const { payment, failed } = await failedRedemption(trx, paymentId);
        if (!payment.burn_retry_requested_by) throw new AppError('DEBT_BURN_RETRY_NOT_REQUESTED');
        if (payment.burn_retry_requested_by === staff.userId) {
          throw new AppError(
            'FOUR_EYES_REQUIRED',
            'You asked for this retry: another member of staff must approve it',
          );
        }
        for (const batch of failed) await requeueBurn(trx, batch.id, retryKeyRound(batch));
        // a further failure alerts staff again
        await updateDebtPayment(trx, paymentId, {
          burn_failed_at: null,
          burn_retry_requested_by: null,
          burn_retry_requested_at: null,
        });
        await recordAudit(trx, {
          actorId: staff.userId,
          action: 'debt.burn_retried',
          targetType: 'debt_payment',
          targetId: paymentId,
          ip,
          details: {
            token_id: payment.token_id,
            requested_by: payment.burn_retry_requested_by,
            batches: failed.map((b) => ({ id: b.id, error: b.error, key_round: retryKeyRound(b) })),
          },
        });
        return { status: 'requeued' as const };
      });
    },
  };
}

export type DebtBurnRetries = ReturnType<typeof debtBurnRetries>;

/**
 * Debt tokens (docs/corporate-actions.md, "Debt tokens"): the terms given at issuance become the
 * token's payment schedule (each coupon, and the redemption at maturity); the issuer may ask to
 * call the debt early and staff decide (four eyes: the issuer asks, a staff member approves). The
 * payments themselves are the debt servicer's work (debt-servicer.ts).
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Role } from '../../lib/db/schema.js';
import type { DebtTermsRow } from '../../lib/db/schema-debt.js';
import {
  accruedInterest,
  accrualStart,
  businessDaysBefore,
  callCouponPerUnit,
  couponSchedule,
  dayOf,
  debtTermsProblem,
  recordInstant,
  type DebtTerms,
} from '../../lib/debt/debt-schedule.math.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import {
  findDividend,
  setPaymentsStatus,
  tokenWithOwner,
  updateDividend,
} from '../dividends/dividends.queries.js';
import {
  callForUpdate,
  callsOf,
  debtPaymentsOf,
  debtTermsOf,
  holderDebtPayments,
  insertCall,
  insertDebtPayments,
  insertDebtTerms,
  setTokenMaturity,
  updateCall,
  updateDebtPayment,
} from './debt.queries.js';
import {
  toCallView,
  toPaymentView,
  toTermsView,
  type CallBody,
  type DebtTermsBody,
} from './debt.schemas.js';

export interface Caller {
  userId: string;
  role: Role;
}

export function termsOfRow(row: DebtTermsRow): DebtTerms {
  return {
    faceValue: row.face_value,
    couponRatePct: row.coupon_rate_pct,
    frequency: row.frequency,
    dayCount: row.day_count,
    firstCouponDate: row.first_coupon_date,
    maturityDate: row.maturity_date,
    recordDays: row.record_days,
  };
}

function termsOfBody(body: DebtTermsBody): DebtTerms {
  return {
    faceValue: body.face_value,
    couponRatePct: body.coupon_rate_pct,
    frequency: body.frequency,
    dayCount: body.day_count,
    firstCouponDate: body.first_coupon_date,
    maturityDate: body.maturity_date,
    recordDays: body.record_days ?? 1,
  };
}

/** Checks debt terms before anything is written (422 with the code of what is wrong). */
export function checkDebtTerms(body: DebtTermsBody, now: Date): DebtTerms {
  const terms = termsOfBody(body);
  const problem = debtTermsProblem(terms, dayOf(now));
  if (problem) throw new AppError(problem.code, problem.detail);
  return terms;
}

/** Records a new token's debt terms and its schedule. */
export async function issueDebt(trx: Trx, tokenId: string, terms: DebtTerms): Promise<void> {
  const schedule = couponSchedule(terms);
  await insertDebtTerms(trx, {
    token_id: tokenId,
    face_value: terms.faceValue,
    coupon_rate_pct: terms.couponRatePct,
    frequency: terms.frequency,
    day_count: terms.dayCount,
    first_coupon_date: terms.firstCouponDate,
    maturity_date: terms.maturityDate,
    record_days: terms.recordDays,
  });
  await insertDebtPayments(
    trx,
    schedule.map((period) => ({
      id: newId(),
      token_id: tokenId,
      number: period.number,
      kind: period.final ? ('redemption' as const) : ('coupon' as const),
      accrual_start: period.accrualStart,
      payment_date: period.paymentDate,
      record_date: period.recordDate,
      coupon_per_unit: period.couponPerUnit,
      principal_per_unit: period.final ? terms.faceValue : '0',
      status: 'scheduled' as const,
    })),
  );
}

export function debtService({ db, clock = systemClock }: { db: Db; clock?: Clock }) {
  /** The token's owner or staff may act on it; anyone else, or a token without debt terms: 404. */
  async function ownedDebt(trx: Trx | Db, caller: Caller, tokenId: string) {
    const token = await tokenWithOwner(trx, tokenId);
    const staff = caller.role === 'staff' || caller.role === 'admin';
    const terms = token && (await debtTermsOf(trx, tokenId));
    if (!token || !terms || (!staff && token.owner_id !== caller.userId)) {
      throw new AppError('NOT_FOUND', 'No such debt token');
    }
    return { token, terms };
  }

  return {
    /** The terms, the schedule and the calls: anyone once the token is past draft. */
    async schedule(caller: Caller, tokenId: string) {
      const token = await tokenWithOwner(db, tokenId);
      const terms = token && (await debtTermsOf(db, tokenId));
      const hidden =
        token?.status === 'draft' &&
        caller.role !== 'staff' &&
        caller.role !== 'admin' &&
        token.owner_id !== caller.userId;
      if (!terms || hidden) throw new AppError('NOT_FOUND', 'No such debt token');
      const [payments, calls] = await Promise.all([
        debtPaymentsOf(db, tokenId),
        callsOf(db, { tokenId }),
      ]);
      return {
        token_id: tokenId,
        terms: toTermsView(terms),
        accrued_interest_per_unit: accruedInterest(termsOfRow(terms), dayOf(clock.now()), 1),
        payments: payments.map(toPaymentView),
        calls: calls.map(toCallView),
      };
    },

    /** The issuer asks to repay the debt early on `call_date`; staff decide. */
    async requestCall(caller: Caller, tokenId: string, body: CallBody, ip: string) {
      return transaction(db, async (trx) => {
        const { token, terms } = await ownedDebt(trx, caller, tokenId);
        if (caller.role !== 'issuer')
          throw new AppError('FORBIDDEN_ROLE', 'The issuer calls its debt');
        if (token.status === 'draft' || token.status === 'matured' || token.status === 'delisted') {
          throw new AppError('TOKEN_STATE_CONFLICT', `The token is ${token.status}`);
        }
        callProblem(termsOfRow(terms), body.call_date, clock.now());
        const call = await insertCall(trx, {
          id: newId(),
          token_id: tokenId,
          call_date: body.call_date,
          status: 'pending_approval',
          requested_by: caller.userId,
        }).catch((error: unknown) => {
          if ((error as { constraint?: string }).constraint === 'debt_calls_one_live') {
            throw new AppError('DEBT_CALL_EXISTS');
          }
          throw error;
        });
        await recordAudit(trx, {
          actorId: caller.userId,
          action: 'debt.call_requested',
          targetType: 'token',
          targetId: tokenId,
          ip,
          details: { call_id: call.id, call_date: body.call_date },
        });
        return toCallView(call);
      });
    },

    /**
     * Staff approve (or reject) a call. Approved: every payment from the call date on is
     * cancelled (a declared coupon's declaration with it), the call's redemption (face value and
     * the interest to the call date) is scheduled, and the token matures at the end of its record
     * day, which closes the book.
     */
    async decideCall(staff: Caller, callId: string, approve: boolean, ip: string) {
      return transaction(db, async (trx) => {
        const call = await callForUpdate(trx, callId);
        if (!call) throw new AppError('NOT_FOUND', 'No such call');
        if (call.status !== 'pending_approval') {
          throw new AppError('DEBT_CALL_NOT_PENDING', `The call is ${call.status}`);
        }
        if (call.requested_by === staff.userId) throw new AppError('FOUR_EYES_REQUIRED');
        const decided = { decided_by: staff.userId, decided_at: clock.now() };
        if (!approve) {
          const rejected = await updateCall(trx, call.id, { status: 'rejected', ...decided });
          await auditCall(trx, staff.userId, call.token_id, call.id, 'debt.call_rejected', ip);
          return toCallView(rejected);
        }
        const terms = termsOfRow((await debtTermsOf(trx, call.token_id))!);
        const { recordDate, period } = callProblem(terms, call.call_date, clock.now());
        for (const payment of await debtPaymentsOf(trx, call.token_id)) {
          if (payment.payment_date < call.call_date || payment.status === 'cancelled') continue;
          if (payment.dividend_id) {
            const dividend = (await findDividend(trx, payment.dividend_id))!;
            if (dividend.status !== 'approved') {
              throw new AppError('DEBT_CALL_INVALID', 'A payment after the call date is under way');
            }
            await setPaymentsStatus(trx, dividend.id, 'pending', 'cancelled');
            await updateDividend(trx, dividend.id, {
              status: 'cancelled',
              cancelled_at: clock.now(),
            });
          }
          await updateDebtPayment(trx, payment.id, { status: 'cancelled' });
        }
        await insertDebtPayments(trx, [
          {
            id: newId(),
            token_id: call.token_id,
            number: period,
            kind: 'redemption',
            accrual_start: periodStart(terms, call.call_date),
            payment_date: call.call_date,
            record_date: recordDate,
            coupon_per_unit: callCouponPerUnit(terms, call.call_date),
            principal_per_unit: terms.faceValue,
            call_id: call.id,
            status: 'scheduled',
          },
        ]);
        await setTokenMaturity(trx, call.token_id, recordInstant(recordDate));
        const approved = await updateCall(trx, call.id, { status: 'approved', ...decided });
        await auditCall(trx, staff.userId, call.token_id, call.id, 'debt.call_approved', ip);
        return toCallView(approved);
      });
    },

    async calls(status?: 'pending_approval' | 'approved' | 'rejected') {
      return (await callsOf(db, status ? { status } : {})).map(toCallView);
    },

    holderPayments(userId: string) {
      return holderDebtPayments(db, userId);
    },
  };
}

async function auditCall(
  trx: Trx,
  actorId: string,
  tokenId: string,
  callId: string,
  action: string,
  ip: string,
): Promise<void> {
  await recordAudit(trx, {
    actorId,
    action,
    targetType: 'token',
    targetId: tokenId,
    ip,
    details: { call_id: callId },
  });
}

/** The start of the coupon period a call on `callDate` ends. */
function periodStart(terms: DebtTerms, callDate: string): string {
  const period = couponSchedule(terms).find(
    (p) => p.accrualStart < callDate && callDate <= p.paymentDate,
  );
  return period?.accrualStart ?? accrualStart(terms);
}

/**
 * A call date must fall inside the schedule, before maturity, with its record day still to come;
 * answers the record day and the number of the period it ends.
 */
function callProblem(terms: DebtTerms, callDate: string, now: Date) {
  const schedule = couponSchedule(terms);
  const period = schedule.find((p) => p.accrualStart < callDate && callDate <= p.paymentDate);
  const recordDate = businessDaysBefore(callDate, terms.recordDays);
  if (!period || callDate >= terms.maturityDate) {
    throw new AppError('DEBT_CALL_INVALID', `The call date must fall before ${terms.maturityDate}`);
  }
  if (recordInstant(recordDate) <= now) {
    throw new AppError(
      'DEBT_CALL_INVALID',
      `The call's record day (${recordDate}) must be after today`,
    );
  }
  return { recordDate, period: period.number };
}

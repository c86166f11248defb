/**
 * Counting a declaration's holders (the snapshot): the investor register at the record date, less
 * the issuer and the treasury, becomes one pending payment per holder and the declaration's
 * totals. Taken when the dividend is declared, or, for a record date still to come, by the
 * dividend distributor's tick once it passes (`takeDueSnapshots`); a declaration whose snapshot
 * comes out unpayable then (nobody holds the token, less than a cent) is cancelled, with why in
 * the audit log.
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { DividendDeclaration } from '../../lib/db/schema-dividends.js';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';
import { treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { recordAudit } from '../audit/audit.queries.js';
import { planDividend, type DividendAmount, type DividendPlan } from './dividend.math.js';
import {
  dividendForUpdate,
  dueSnapshots,
  insertPayments,
  snapshotHolders,
  updateDividend,
} from './dividends.queries.js';

/** The holders at the record date and what each is paid, or an AppError saying why none can be. */
export async function planSnapshot(
  trx: Trx,
  declaration: { token_id: string; issuer_id: string; record_date: Date },
  amount: DividendAmount,
): Promise<DividendPlan> {
  // The issuer would pay itself, and the treasury's go-live share is the platform's own.
  const holders = await snapshotHolders(trx, declaration.token_id, declaration.record_date, [
    declaration.issuer_id,
    await treasuryId(trx),
  ]);
  if (holders.length === 0) throw new AppError('DIVIDEND_NO_HOLDERS');
  let plan;
  try {
    plan = planDividend(holders, amount);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError('DIVIDEND_AMOUNT_INVALID', 'The dividend is too large');
    }
    throw error;
  }
  if ('perTokenUsd' in amount && new Exact(plan.totalGrossUsd).isZero()) {
    throw new AppError('DIVIDEND_AMOUNT_INVALID', 'The dividend comes to less than a cent');
  }
  if (new Exact(plan.totalGrossUsd).greaterThanOrEqualTo('1e18')) {
    throw new AppError('DIVIDEND_AMOUNT_INVALID', 'The dividend is too large');
  }
  return plan;
}

/** The plan's totals as the declaration's columns. */
export function planTotals(plan: DividendPlan) {
  return {
    total_held: plan.totalHeld,
    total_gross_usd: plan.totalGrossUsd,
    total_fee_usd: plan.totalFeeUsd,
    total_net_usd: plan.totalNetUsd,
    remainder_usd: plan.remainderUsd,
    total_quantity: plan.totalQuantity,
    holder_count: plan.payments.length,
  };
}

function amountOf(d: DividendDeclaration): DividendAmount {
  return d.per_token_qty !== null
    ? { perTokenQty: d.per_token_qty }
    : { perTokenUsd: d.per_token_usd!, feePct: d.fee_pct };
}

/** One declaration whose record date passed: its holders counted, or it cancelled. */
async function snapshotOne(trx: Trx, id: string, at: Date): Promise<void> {
  const dividend = await dividendForUpdate(trx, id);
  if (!dividend || dividend.snapshot_at || dividend.status === 'cancelled') return;
  let plan;
  try {
    plan = await planSnapshot(trx, dividend, amountOf(dividend));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await updateDividend(trx, id, { status: 'cancelled', cancelled_at: at, snapshot_at: at });
    await recordAudit(trx, {
      actorId: null,
      action: 'dividend.cancelled',
      targetType: 'dividend_declaration',
      targetId: id,
      details: { from: dividend.status, to: 'cancelled', reason: error.code },
    });
    return;
  }
  await insertPayments(trx, id, plan.payments);
  await updateDividend(trx, id, { ...planTotals(plan), snapshot_at: at });
  await recordAudit(trx, {
    actorId: null,
    action: 'dividend.snapshot_taken',
    targetType: 'dividend_declaration',
    targetId: id,
    details: { holder_count: plan.payments.length, total_gross_usd: plan.totalGrossUsd },
  });
}

/** Takes the snapshot of every declaration whose record date has passed; resolves to how many. */
export async function takeDueSnapshots(db: Db, clock: Clock): Promise<number> {
  const at = clock.now();
  const due = await dueSnapshots(db, at);
  for (const { id } of due) await transaction(db, (trx) => snapshotOne(trx, id, at));
  return due.length;
}

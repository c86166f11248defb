/**
 * The dividend arithmetic, pure (DECISIONS.md "Dividends"). Every holder's gross is
 * per_token_usd * balance rounded down to the cent, the platform's fee is fee_pct of that gross
 * rounded down to the cent, and the holder's net is the gross less the fee, so fee + net is
 * exactly the holder's gross. The declared gross is per_token_usd * all tokens held, rounded down
 * to the cent; since a sum of rounded-down parts never exceeds the rounded-down whole, what the
 * holders and the fee take never exceeds it, and the difference (the remainder) stays with the
 * issuer. Token dividends move per_token_qty * balance whole tokens and carry no USD amounts.
 */
import { Exact, toMoney, toMoneyDown } from '../../lib/money.js';

export interface HolderAmounts {
  gross: string;
  fee: string;
  net: string;
}

export function holderAmounts(perTokenUsd: string, balance: number, feePct: string): HolderAmounts {
  const gross = toMoneyDown(new Exact(perTokenUsd).times(balance));
  const fee = toMoneyDown(new Exact(gross).times(feePct).dividedBy(100));
  return { gross, fee, net: toMoney(new Exact(gross).minus(fee)) };
}

export interface SnapshotHolder {
  userId: string;
  balance: number;
}

export interface PlannedPayment extends HolderAmounts {
  userId: string;
  balance: number;
  quantity: number;
}

export interface DividendPlan {
  totalHeld: number;
  totalGrossUsd: string;
  totalFeeUsd: string;
  totalNetUsd: string;
  remainderUsd: string;
  totalQuantity: number;
  payments: PlannedPayment[];
}

export type DividendAmount = { perTokenUsd: string; feePct: string } | { perTokenQty: number };

const zero = { gross: '0.00', fee: '0.00', net: '0.00' };

/**
 * The payments of a snapshot and the declaration's totals. Throws RangeError when a quantity
 * leaves the safe integer range (the caller refuses such a declaration).
 */
export function planDividend(
  holders: readonly SnapshotHolder[],
  amount: DividendAmount,
): DividendPlan {
  const totalHeld = holders.reduce((sum, h) => sum + h.balance, 0);
  if (!Number.isSafeInteger(totalHeld)) throw new RangeError('total held is out of range');
  if ('perTokenQty' in amount) {
    const totalQuantity = amount.perTokenQty * totalHeld;
    if (!Number.isSafeInteger(totalQuantity))
      throw new RangeError('token quantity is out of range');
    return {
      totalHeld,
      totalGrossUsd: '0.00',
      totalFeeUsd: '0.00',
      totalNetUsd: '0.00',
      remainderUsd: '0.00',
      totalQuantity,
      payments: holders.map((h) => ({
        userId: h.userId,
        balance: h.balance,
        quantity: amount.perTokenQty * h.balance,
        ...zero,
      })),
    };
  }
  const payments = holders.map((h) => ({
    userId: h.userId,
    balance: h.balance,
    quantity: 0,
    ...holderAmounts(amount.perTokenUsd, h.balance, amount.feePct),
  }));
  const sum = (pick: (p: PlannedPayment) => string) =>
    payments.reduce((total, p) => total.plus(pick(p)), new Exact(0));
  const totalGrossUsd = toMoneyDown(new Exact(amount.perTokenUsd).times(totalHeld));
  return {
    totalHeld,
    totalGrossUsd,
    totalFeeUsd: toMoney(sum((p) => p.fee)),
    totalNetUsd: toMoney(sum((p) => p.net)),
    remainderUsd: toMoney(new Exact(totalGrossUsd).minus(sum((p) => p.gross))),
    totalQuantity: 0,
    payments,
  };
}

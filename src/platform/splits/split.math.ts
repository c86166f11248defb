/**
 * The arithmetic of a split or consolidation (pure): ratio_new new tokens for every ratio_old old
 * ones. Whole tokens only: a holder keeps the whole new tokens their old ones make, and the
 * fraction left is paid in cash at the reference price (cash in lieu), rounded half-even to the
 * cent. Locked and frozen quantities scale down to whole tokens the same way, so they never
 * exceed the new balance.
 */
import { AppError } from '../../lib/errors.js';
import { Exact, toMoney } from '../../lib/money.js';

export interface Ratio {
  ratio_new: number;
  ratio_old: number;
}

/** The largest ratio term: beyond it a split is a mistake, not a corporate action. */
export const maxRatioTerm = 1000;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Whole terms from 1 to 1000, not 1:1, in lowest terms (4:2 is 2:1); else SPLIT_RATIO_INVALID. */
export function assertRatio({ ratio_new, ratio_old }: Ratio): void {
  const term = (n: number) => Number.isInteger(n) && n >= 1 && n <= maxRatioTerm;
  if (!term(ratio_new) || !term(ratio_old)) {
    throw new AppError(
      'SPLIT_RATIO_INVALID',
      `Both terms must be whole numbers from 1 to ${maxRatioTerm}`,
    );
  }
  if (ratio_new === ratio_old)
    throw new AppError('SPLIT_RATIO_INVALID', 'A 1:1 ratio changes nothing');
  const divisor = gcd(ratio_new, ratio_old);
  if (divisor !== 1) {
    throw new AppError(
      'SPLIT_RATIO_INVALID',
      `Give the ratio in lowest terms: ${ratio_new / divisor}:${ratio_old / divisor}`,
    );
  }
}

/** A quantity of old tokens as whole new tokens (rounded down). */
export function scaled(quantity: number, ratio: Ratio): number {
  return Number((BigInt(quantity) * BigInt(ratio.ratio_new)) / BigInt(ratio.ratio_old));
}

export interface Holding {
  balance: number;
  locked: number;
  frozen: number;
}

export interface ScaledHolding {
  new_balance: number;
  new_locked: number;
  new_frozen: number;
  /** cents, for the fraction of a new token the holder loses */
  cash_in_lieu: string;
}

/**
 * One holder after the action; `price` is the reference price of an old token, null for a holder
 * paid nothing for its fraction (the issuer, who would pay itself).
 */
export function scaleHolding(holding: Holding, ratio: Ratio, price: string | null): ScaledHolding {
  // the fraction of a new token, in old-token units: (q * n mod m) / n old tokens
  const leftover = (BigInt(holding.balance) * BigInt(ratio.ratio_new)) % BigInt(ratio.ratio_old);
  return {
    new_balance: scaled(holding.balance, ratio),
    new_locked: scaled(holding.locked, ratio),
    new_frozen: scaled(holding.frozen, ratio),
    cash_in_lieu:
      price === null
        ? '0.00'
        : toMoney(new Exact(leftover.toString()).times(price).dividedBy(ratio.ratio_new)),
  };
}

/**
 * Exact decimal arithmetic for money, prices and percentages (never a JavaScript float).
 * Values travel as decimal strings; `Decimal` does the arithmetic, `toMoney` is the one rounding
 * of an amount to cents (half-even, so rounding errors do not drift one way).
 */
import { Decimal } from 'decimal.js';
import { centsOrNull, formatCents } from './cents.js';

export const Exact = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
export type Exact = Decimal;

export function toMoney(value: Decimal.Value): string {
  // a string of whole cents (most amounts: NUMERIC(20,2) columns) needs no decimal arithmetic
  const cents = typeof value === 'string' ? centsOrNull(value) : null;
  if (cents !== null) return formatCents(cents);
  return new Exact(value).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
}

/** Rounds down (toward zero) to cents: for amounts that must never exceed what they are cut from. */
export function toMoneyDown(value: Decimal.Value): string {
  return new Exact(value).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

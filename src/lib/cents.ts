/**
 * Money as integer cents (bigint), for the trading batch's hot path: as exact as `Exact`, without
 * a decimal object per operation. Amounts travel as decimal strings of whole cents (NUMERIC(20,2)
 * columns, the API's money); `formatCents` prints them as `toMoney` does, and the one rounding of
 * a fraction of a cent, `divideHalfEven`, is `toMoney`'s half-even.
 */
import { plainDecimal } from './scaled-decimal.js';

const subCent = /[1-9]/;

/**
 * A decimal string's cents, or null when it is not a plain decimal (an exponent, say) or has
 * non-zero digits past the cent.
 */
export function centsOrNull(value: string): bigint | null {
  return value.length <= maxQuickLength ? quickCentsOrNull(value) : parsedCentsOrNull(value);
}

/** at most 13 digits, so at most 15 in cents: below 2^53, exact as a number */
const maxQuickLength = 13;

/** centsOrNull of a short string, read a character at a time (the batch reads every price so). */
function quickCentsOrNull(value: string): bigint | null {
  const negative = value.charCodeAt(0) === 45; // '-'
  let i = negative ? 1 : 0;
  let cents = 0;
  const wholeStart = i;
  for (; i < value.length; i += 1) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    cents = cents * 10 + digit;
  }
  if (i === wholeStart) return null;
  let places = 0;
  if (i < value.length) {
    if (value.charCodeAt(i) !== 46) return null; // '.'
    for (i += 1; i < value.length; i += 1) {
      const digit = value.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return null;
      if (places < 2) cents = cents * 10 + digit;
      else if (digit !== 0) return null;
      places += 1;
    }
  }
  for (; places < 2; places += 1) cents *= 10;
  return negative ? -BigInt(cents) : BigInt(cents);
}

function parsedCentsOrNull(value: string): bigint | null {
  const match = plainDecimal.exec(value);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (subCent.test(fraction.slice(2))) return null;
  const cents = BigInt(whole! + fraction.slice(0, 2).padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** A decimal string of whole cents as cents (anything finer is a caller's bug). */
export function centsOf(value: string): bigint {
  const cents = centsOrNull(value);
  if (cents === null) throw new Error(`${value} is not a decimal of whole cents`);
  return cents;
}

/** Cents as the decimal string of two places. */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** numerator / denominator (denominator > 0) rounded to an integer, half to even. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice < denominator || (twice === denominator && quotient % 2n === 0n)) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

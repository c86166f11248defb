/**
 * The pure risk rules of order entry (SPEC "Errors" 1-3 and 6, DECISIONS "Trading"): fat-finger,
 * NAV deviation, the investment limit, the market-order bound and the circuit breaker's trip.
 * Every threshold comes from the token's settings; decimals are exact (lib/money).
 */
import type { AccreditationStatus } from '../../lib/db/schema.js';
import type { FatFingerMode } from '../../lib/db/schema-trading.js';
import { centsOf } from '../../lib/cents.js';
import { investmentLimits } from '../../lib/investment-limits.js';
import { Exact } from '../../lib/money.js';
import { abs, compare, minus, scaledOrNull, times, whole } from '../../lib/scaled-decimal.js';

export interface RiskSettings {
  feeBps: number;
  fatFingerMode: FatFingerMode;
  /** a price above reference * factor or below reference / factor is a fat finger */
  fatFingerFactor: string;
  circuitBreakerPct: string;
  circuitBreakerWindowSeconds: number;
  haltSeconds: number;
  navDeviationPct: string;
}

export type FatFingerRefusal = 'FAT_FINGER_BLOCKED' | 'FAT_FINGER_CONFIRMATION_REQUIRED';

/**
 * A limit (or protection) price more than `factor` times the reference, or less than a
 * `factor`th of it. Without a reference price there is nothing to compare with.
 */
export function fatFingerRefusal(
  price: string,
  reference: string | null,
  settings: Pick<RiskSettings, 'fatFingerMode' | 'fatFingerFactor'>,
  confirmed: boolean,
): FatFingerRefusal | undefined {
  if (reference === null) return undefined;
  const far = priceFar(price, reference, settings.fatFingerFactor);
  if (!far) return undefined;
  if (settings.fatFingerMode === 'block') return 'FAT_FINGER_BLOCKED';
  return confirmed ? undefined : 'FAT_FINGER_CONFIRMATION_REQUIRED';
}

/** price > reference * factor or price < reference / factor (factor > 0) */
function priceFar(price: string, reference: string, factor: string): boolean {
  const [p, ref, f] = [scaledOrNull(price), scaledOrNull(reference), scaledOrNull(factor)];
  if (p && ref && f && f.n > 0n) {
    return compare(p, times(ref, f)) > 0 || compare(times(p, f), ref) < 0;
  }
  const exact = new Exact(price);
  return (
    exact.greaterThan(new Exact(reference).times(factor)) ||
    exact.lessThan(new Exact(reference).dividedBy(factor))
  );
}

/**
 * Whether |value - reference| / reference * 100 is at least `pct` (`orMore`) or above it, for a
 * positive reference: compared as |value - reference| * 100 against pct * reference.
 */
function movedBy(reference: string, value: string, pct: string, orMore: boolean): boolean {
  const [ref, v, limit] = [scaledOrNull(reference), scaledOrNull(value), scaledOrNull(pct)];
  if (ref && v && limit && ref.n > 0n) {
    const order = compare(times(abs(minus(v, ref)), whole(100)), times(limit, ref));
    return orMore ? order >= 0 : order > 0;
  }
  const moved = new Exact(value).minus(reference).abs().dividedBy(reference).times(100);
  return orMore ? moved.greaterThanOrEqualTo(pct) : moved.greaterThan(pct);
}

/** More than `pct` percent away from the latest NAV needs confirm_nav_deviation. */
export function navDeviationRefused(
  price: string,
  nav: string | null,
  pct: string,
  confirmed: boolean,
): boolean {
  if (nav === null || confirmed) return false;
  return movedBy(nav, price, pct, false);
}

/** The notional of a single buy order may not exceed the investor's tier limit. */
export function investmentLimitOf(accreditation: AccreditationStatus | null): string {
  return investmentLimits[accreditation ?? 'retail'];
}

export function overInvestmentLimit(
  notionalCents: bigint,
  accreditation: AccreditationStatus | null,
): boolean {
  return notionalCents > centsOf(investmentLimitOf(accreditation));
}

/**
 * The worst price a market order may trade at: the fat-finger bound around the reference, on the
 * tick (a buy's rounded down, a sell's up, never below one tick).
 */
export function marketBound(
  side: 'buy' | 'sell',
  reference: string,
  factor: string,
  tickSize: string,
): string {
  const tick = new Exact(tickSize);
  const raw =
    side === 'buy' ? new Exact(reference).times(factor) : new Exact(reference).dividedBy(factor);
  const ticks =
    side === 'buy' ? raw.dividedBy(tick).floor() : Exact.max(raw.dividedBy(tick).ceil(), 1);
  return ticks.times(tick).toFixed(2);
}

/** A move of `pct` percent or more against the reference price trips the breaker. */
export function breakerTrips(reference: string, last: string, pct: string): boolean {
  return movedBy(reference, last, pct, true);
}

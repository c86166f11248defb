/**
 * The pure risk rules of order entry (SPEC "Errors" 1-3 and 6, DECISIONS "Trading"): fat-finger,
 * NAV deviation, the investment limit, the market-order bound and the circuit breaker's trip.
 * Every threshold comes from the token's settings; decimals are exact (lib/money).
 */
import type { AccreditationStatus } from '../../lib/db/schema.js';
import type { FatFingerMode } from '../../lib/db/schema-trading.js';
import { investmentLimits } from '../../lib/investment-limits.js';
import { Exact } from '../../lib/money.js';

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
  const ref = new Exact(reference);
  const p = new Exact(price);
  const factor = new Exact(settings.fatFingerFactor);
  const far = p.greaterThan(ref.times(factor)) || p.lessThan(ref.dividedBy(factor));
  if (!far) return undefined;
  if (settings.fatFingerMode === 'block') return 'FAT_FINGER_BLOCKED';
  return confirmed ? undefined : 'FAT_FINGER_CONFIRMATION_REQUIRED';
}

/** More than `pct` percent away from the latest NAV needs confirm_nav_deviation. */
export function navDeviationRefused(
  price: string,
  nav: string | null,
  pct: string,
  confirmed: boolean,
): boolean {
  if (nav === null || confirmed) return false;
  const deviation = new Exact(price).minus(nav).abs().dividedBy(nav).times(100);
  return deviation.greaterThan(pct);
}

/** The notional of a single buy order may not exceed the investor's tier limit. */
export function investmentLimitOf(accreditation: AccreditationStatus | null): string {
  return investmentLimits[accreditation ?? 'retail'];
}

export function overInvestmentLimit(
  notional: Exact,
  accreditation: AccreditationStatus | null,
): boolean {
  return notional.greaterThan(investmentLimitOf(accreditation));
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
  const ref = new Exact(reference);
  return new Exact(last).minus(ref).abs().dividedBy(ref).times(100).greaterThanOrEqualTo(pct);
}

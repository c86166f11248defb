/**
 * Prices as the engine's integer ticks and back (pure). A tick size is a positive NUMERIC(20,2)
 * and an order's price a decimal string, so both are taken as integer cents and the conversion
 * is exact integer division.
 */
import { centsOf, centsOrNull, formatCents } from '../../lib/cents.js';
import { MAX_TICKS } from '../engine/index.js';

export interface TickRefusal {
  code: 'PRICE_NOT_ON_TICK' | 'PRICE_OUT_OF_RANGE';
  detail: string;
}

const maxTicks = BigInt(MAX_TICKS);

/**
 * A decimal price as integer ticks of `tickSize`, or a refusal when it is off the tick or beyond
 * what the engine takes.
 */
export function toTicks(price: string, tickSize: string): number | TickRefusal {
  const cents = centsOrNull(price);
  const tick = centsOf(tickSize);
  if (cents === null || cents % tick !== 0n) {
    return {
      code: 'PRICE_NOT_ON_TICK',
      detail: `${price} is not a multiple of the tick size ${tickSize}`,
    };
  }
  const ticks = cents / tick;
  if (ticks < 1n || ticks > maxTicks) {
    return { code: 'PRICE_OUT_OF_RANGE', detail: `${price} is out of range` };
  }
  return Number(ticks);
}

/** Ticks back to the decimal price. */
export function fromTicks(ticks: number, tickSize: string): string {
  return formatCents(priceCents(ticks, tickSize));
}

/** The price of `ticks` in cents. */
export function priceCents(ticks: number, tickSize: string): bigint {
  return BigInt(ticks) * centsOf(tickSize);
}

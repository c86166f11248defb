/**
 * Charts stay continuous across a split or consolidation: prices, candles and NAVs are stored as
 * they were, and read in today's units through the adjustments of the token's done splits (pure).
 * A price from before a split of ratio_new:ratio_old is multiplied by ratio_old / ratio_new, a
 * quantity by ratio_new / ratio_old; a split applies to what came before trading stopped for it.
 */
import { Exact } from './money.js';

export interface PriceAdjustment {
  ratioNew: number;
  ratioOld: number;
  /** trading stopped for the split then: what came before is adjusted */
  from: Date;
}

/** The factor on a price recorded at `at`: the product of every later split's ratio_old/ratio_new. */
export function priceFactor(adjustments: readonly PriceAdjustment[], at: Date): Exact {
  return adjustments
    .filter((a) => at.getTime() < a.from.getTime())
    .reduce((factor, a) => factor.times(a.ratioOld).dividedBy(a.ratioNew), new Exact(1));
}

/** A price recorded at `at` in today's units, to `places` decimals (half-even). */
export function adjustPrice(
  adjustments: readonly PriceAdjustment[],
  price: string,
  at: Date,
  places = 2,
): string {
  return new Exact(price).times(priceFactor(adjustments, at)).toFixed(places);
}

/** A quantity traded at `at` in today's units (a fraction where a consolidation made one). */
export function adjustQuantity(
  adjustments: readonly PriceAdjustment[],
  quantity: number | string,
  at: Date,
): string {
  return new Exact(quantity).dividedBy(priceFactor(adjustments, at)).toString();
}

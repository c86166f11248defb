/**
 * An offering's progress as people read it: one decimal, so 400 of 60,000 reads 0.7% and not 0%;
 * never 0% once something sold nor 100% before everything has.
 */
import Decimal from 'decimal.js';

export function soldPercent(sold: number, supply: number): string {
  if (supply <= 0) return '—';
  const exact = new Decimal(sold).times(100).dividedBy(supply);
  let shown = exact.toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
  if (sold > 0 && shown.isZero()) return '<0.1% sold';
  if (sold < supply && shown.gte(100)) shown = new Decimal('99.9');
  return `${shown.toFixed(1).replace(/\.0$/, '')}% sold`;
}

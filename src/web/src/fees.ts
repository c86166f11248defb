/**
 * The trading fee as the trading process charges it (docs/trading.md): the seller pays `bps` of
 * each trade's total, rounded half-even to the cent; the buyer pays none.
 */
import Decimal from 'decimal.js';

export function sellerFee(total: string, bps: number): string {
  return new Decimal(total)
    .times(bps)
    .dividedBy(10_000)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN)
    .toFixed(2);
}

/** What the trader's side of a trade paid in fees and got (seller) or paid in all (buyer). */
export function fillFigures(trade: { side: 'buy' | 'sell'; total: string; fee: string }): {
  gross: string;
  fee: string;
  net: string;
} {
  const gross = new Decimal(trade.total).toFixed(2);
  if (trade.side === 'buy') return { gross, fee: '0.00', net: gross };
  return { gross, fee: trade.fee, net: new Decimal(gross).minus(trade.fee).toFixed(2) };
}

/** "0.5%" for 50 bps. */
export const percentOf = (bps: number) => `${new Decimal(bps).dividedBy(100).toString()}%`;

/**
 * An offering's progress as people read it: one decimal, so 400 of 60,000 reads 0.7% and not 0%;
 * never 0% once something sold nor 100% before everything has. Once the offering is over (the
 * token trades, or stopped) it reads as over, not as a sale still running.
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

export interface OfferingShown {
  status: string;
  tokens_sold: number;
  primary_supply: number;
  primary_start: string | null;
  primary_end: string | null;
}

/** The marketplace's two columns for a token: how far its offering got, and its window. */
export function offeringState(
  token: OfferingShown,
  now: number,
  date: (iso: string) => string,
): { progress: string; window: string } {
  const { primary_start: start, primary_end: end } = token;
  if (token.status === 'draft') return { progress: 'not offered yet', window: '—' };
  if (token.status === 'primary') {
    const progress = soldPercent(token.tokens_sold, token.primary_supply);
    if (!start || !end) return { progress, window: 'dates not set yet' };
    if (now < Date.parse(start)) return { progress, window: `opens ${date(start)}` };
    if (now < Date.parse(end)) return { progress, window: `closes ${date(end)}` };
    return { progress, window: `closed ${date(end)}, awaiting go-live` };
  }
  const progress = `offering ended: ${token.tokens_sold} of ${token.primary_supply} sold`;
  const over: Record<string, string> = {
    secondary: 'trading',
    paused: 'trading paused',
    matured: 'matured',
    delisted: 'delisted',
  };
  return { progress, window: over[token.status] ?? token.status };
}

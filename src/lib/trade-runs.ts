/**
 * The trades of one window (a candle, a chart's bucket, the 24 h ticker) in today's units across
 * splits and consolidations (pure). The window's trades come as runs, each the trades between two
 * done actions, so every trade of a run takes the same factor (src/lib/price-adjustments.ts); each
 * run is adjusted by when it traded and the runs are merged: a window holding an action shows its
 * trades before it adjusted and the ones after it as traded, with no step at the action.
 */
import { Exact } from './money.js';
import { priceFactor, type PriceAdjustment } from './price-adjustments.js';

export interface TradeRun {
  /** the run's first trade: what decides its factor */
  first_at: Date;
  trades: number;
  volume: string;
  open: string;
  high: string;
  low: string;
  close: string;
}

export interface MergedRuns {
  trades: number;
  /** in today's tokens, unrounded (a consolidation makes fractions) */
  volume: Exact;
  open: Exact;
  high: Exact;
  low: Exact;
  close: Exact;
}

/** The runs of one window merged in today's units; undefined for a window without trades. */
export function mergeRuns(
  runs: readonly TradeRun[],
  adjustments: readonly PriceAdjustment[],
): MergedRuns | undefined {
  const adjusted = [...runs]
    .sort((a, b) => a.first_at.getTime() - b.first_at.getTime())
    .map((run) => {
      const factor = priceFactor(adjustments, run.first_at);
      return {
        trades: run.trades,
        volume: new Exact(run.volume).dividedBy(factor),
        open: new Exact(run.open).times(factor),
        high: new Exact(run.high).times(factor),
        low: new Exact(run.low).times(factor),
        close: new Exact(run.close).times(factor),
      };
    });
  const first = adjusted[0];
  if (!first) return undefined;
  return {
    trades: adjusted.reduce((n, r) => n + r.trades, 0),
    volume: adjusted.reduce((sum, r) => sum.plus(r.volume), new Exact(0)),
    open: first.open,
    high: Exact.max(...adjusted.map((r) => r.high)),
    low: Exact.min(...adjusted.map((r) => r.low)),
    close: adjusted.at(-1)!.close,
  };
}

/**
 * The issuer's price and volume chart in today's units across splits and consolidations (pure):
 * each bucket's runs of trades between two done splits merged by src/lib/trade-runs.ts, so a
 * bucket holding a split shows its later trades as they were traded and its earlier ones adjusted,
 * and the line has no step at the split. The value is what was paid, never adjusted.
 */
import { Exact } from '../../lib/money.js';
import type { PriceAdjustment } from '../../lib/price-adjustments.js';
import { mergeRuns } from '../../lib/trade-runs.js';
import type { TradingRunRow } from './charts.queries.js';

export interface TradingBucket {
  start: Date;
  trades: number;
  volume: string;
  value: string;
  open: string | null;
  high: string | null;
  low: string | null;
  close: string | null;
}

/** Merges the runs (ordered by bucket, then first trade) into one bucket each, adjusted. */
export function tradingBuckets(
  runs: readonly TradingRunRow[],
  adjustments: readonly PriceAdjustment[],
): TradingBucket[] {
  const byStart = new Map<number, TradingRunRow[]>();
  for (const run of runs) {
    const key = run.start.getTime();
    byStart.set(key, [...(byStart.get(key) ?? []), run]);
  }
  return [...byStart.values()].map((list) => {
    const traded = list.filter((run) => run.first_at !== null && run.trades > 0);
    const merged = mergeRuns(
      traded.map((run) => ({
        first_at: run.first_at!,
        trades: run.trades,
        volume: run.volume,
        open: run.open!,
        high: run.high!,
        low: run.low!,
        close: run.close!,
      })),
      adjustments,
    );
    const price = (value: Exact | undefined) => value?.toFixed(2) ?? null;
    return {
      start: list[0]!.start,
      trades: merged?.trades ?? 0,
      volume: merged?.volume.toString() ?? '0',
      value: traded.reduce((total, run) => total.plus(run.value), new Exact(0)).toFixed(2),
      open: price(merged?.open),
      high: price(merged?.high),
      low: price(merged?.low),
      close: price(merged?.close),
    };
  });
}

/**
 * The issuer's price and volume chart in today's units across splits and consolidations (pure):
 * each run of a bucket's trades between two done splits is adjusted by its own factor, then the
 * runs of a bucket are merged, so a bucket holding a split shows its later trades as they were
 * traded and its earlier ones adjusted, and the line has no step at the split.
 */
import { Exact } from '../../lib/money.js';
import { priceFactor, type PriceAdjustment } from '../../lib/price-adjustments.js';
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
    const start = list[0]!.start;
    const traded = list.filter((run) => run.first_at !== null && run.trades > 0);
    if (traded.length === 0) {
      return {
        start,
        trades: 0,
        volume: '0',
        value: '0.00',
        open: null,
        high: null,
        low: null,
        close: null,
      };
    }
    const adjusted = traded.map((run) => {
      const factor = priceFactor(adjustments, run.first_at!);
      const price = (value: string | null) => new Exact(value!).times(factor);
      return {
        trades: run.trades,
        volume: new Exact(run.volume).dividedBy(factor),
        value: new Exact(run.value),
        open: price(run.open),
        high: price(run.high),
        low: price(run.low),
        close: price(run.close),
      };
    });
    const sum = (pick: (r: (typeof adjusted)[number]) => Exact) =>
      adjusted.reduce((total, r) => total.plus(pick(r)), new Exact(0));
    return {
      start,
      trades: adjusted.reduce((n, r) => n + r.trades, 0),
      volume: sum((r) => r.volume).toString(),
      value: sum((r) => r.value).toFixed(2),
      open: adjusted[0]!.open.toFixed(2),
      high: Exact.max(...adjusted.map((r) => r.high)).toFixed(2),
      low: Exact.min(...adjusted.map((r) => r.low)).toFixed(2),
      close: adjusted.at(-1)!.close.toFixed(2),
    };
  });
}

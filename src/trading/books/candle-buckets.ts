/**
 * The candles one batch's trades make, per interval and UTC bucket (pure; trade prices are whole
 * cents). The writer upserts them in the batch's transaction: a bucket that already has a candle
 * keeps its open, takes the higher high and lower low, the batch's close, and adds volume and
 * count. Trades arrive in execution order and a token's batches commit in order, so the first
 * trade is the open.
 */
import type { CandlesTable } from '../../lib/db/schema-market-data.js';
import type { Trade } from '../../lib/db/schema-trading.js';
import { centsOf } from '../../lib/cents.js';
import { candleIntervals, type CandleInterval } from '../market-data/markets.schemas.js';

export type CandleRow = CandlesTable;

export function candleBuckets(
  trades: readonly Pick<Trade, 'token_id' | 'price' | 'quantity' | 'created_at'>[],
): CandleRow[] {
  const rows = new Map<string, CandleRow>();
  for (const interval of Object.keys(candleIntervals) as CandleInterval[]) {
    const ms = candleIntervals[interval] * 1000;
    for (const trade of trades) {
      const start = Math.floor(trade.created_at.getTime() / ms) * ms;
      const key = `${interval}:${start}`;
      const row = rows.get(key);
      if (!row) {
        rows.set(key, {
          token_id: trade.token_id,
          interval,
          start: new Date(start),
          open: trade.price,
          high: trade.price,
          low: trade.price,
          close: trade.price,
          volume: Number(trade.quantity),
          trades: 1,
        });
        continue;
      }
      const price = centsOf(trade.price);
      if (price > centsOf(row.high)) row.high = trade.price;
      if (price < centsOf(row.low)) row.low = trade.price;
      row.close = trade.price;
      row.volume += Number(trade.quantity);
      row.trades += 1;
    }
  }
  return [...rows.values()];
}

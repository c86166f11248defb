/**
 * The trading journal's rows and their projection (TRADING_WRITE=journal, docs/performance.md):
 * a batch's write commits the money and the register's balances with one journal row per book it
 * changed, holding the rest of what it decided (the deferred rows); the projector later writes
 * those into their tables, several journal rows at once when it lags. Pure: no IO.
 *
 * Several batches projected together are merged: an order they insert and then change is
 * inserted as the last of them leaves it, an order changed by several is updated once to its last
 * state (one statement cannot insert and update a row, nor update it twice), and the candles are
 * the buckets of all their trades (one upsert per bucket).
 */
import type { NewOrderRefusal, Order, Trade } from '../../lib/db/schema-trading.js';
import type { HistoryRow } from './batch.js';
import { candleBuckets, type CandleRow } from './candle-buckets.js';

/** One book's rows of one batch that its acknowledgement does not wait for. */
export interface DeferredRows {
  /** the batch's time (ISO 8601): every row's created_at or updated_at, as a direct write sets */
  at: string;
  inserted: Order[];
  /** changed orders the batch did not insert */
  updated: Order[];
  history: HistoryRow[];
  /** the batch's refusals (all of them, on its first book's row) */
  refusals: NewOrderRefusal[];
  trades: Trade[];
}

/** One journal row: a book's deferred rows of a batch. */
export interface JournalEntry {
  tokenId: string;
  batchId: string;
  /** the book's sequence after the batch */
  bookSequence: number;
  rows: DeferredRows;
}

type Stamped<R> = R & { at: string };

/** What one projection statement writes, and the journal rows it deletes. */
export interface Projection {
  keys: { token_id: string; batch_id: string }[];
  /** with the time of their insert (created_at) */
  inserted: (Order & { at: string; inserted_at: string })[];
  updated: Stamped<Order>[];
  history: Stamped<HistoryRow>[];
  refusals: NewOrderRefusal[];
  trades: Stamped<Trade>[];
  candles: CandleRow[];
}

/** The rows of `entries` (journal rows in append order) as one projection. */
export function projectionOf(entries: readonly JournalEntry[]): Projection {
  const orders = new Map<string, { row: Order; at: string; insertedAt: string | null }>();
  const history: Stamped<HistoryRow>[] = [];
  const refusals: NewOrderRefusal[] = [];
  const trades: Stamped<Trade>[] = [];
  const tradesByToken = new Map<string, Trade[]>();
  for (const { rows } of entries) {
    const { at } = rows;
    for (const row of rows.inserted) orders.set(row.id, { row, at, insertedAt: at });
    for (const row of rows.updated) {
      const insertedAt = orders.get(row.id)?.insertedAt ?? null;
      orders.set(row.id, { row, at, insertedAt });
    }
    for (const row of rows.history) history.push({ ...row, at });
    refusals.push(...rows.refusals);
    for (const trade of rows.trades) {
      trades.push({ ...trade, at });
      const ofToken = tradesByToken.get(trade.token_id) ?? [];
      tradesByToken.set(trade.token_id, ofToken);
      ofToken.push({ ...trade, created_at: new Date(at) });
    }
  }
  const inserted: Projection['inserted'] = [];
  const updated: Projection['updated'] = [];
  for (const { row, at, insertedAt } of orders.values()) {
    if (insertedAt === null) updated.push({ ...row, at });
    else inserted.push({ ...row, at, inserted_at: insertedAt });
  }
  return {
    keys: entries.map(({ tokenId, batchId }) => ({ token_id: tokenId, batch_id: batchId })),
    inserted,
    updated,
    history,
    refusals,
    trades,
    candles: [...tradesByToken.values()].flatMap((ofToken) => candleBuckets(ofToken)),
  };
}

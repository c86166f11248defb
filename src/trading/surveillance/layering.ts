/**
 * Layering: several orders of one owner on one side at distinct prices, placed and cancelled
 * unfilled within a short window, while the same owner traded on the other side. The layers make
 * depth that is not there; each order alone may be of ordinary size.
 */
import type { Finding } from './finding.js';
import { oppositeTrades } from './finding.js';
import type { MarketWindow, SeenOrder } from './market-window.js';
import type { Thresholds } from './thresholds.js';

export function detectLayering(
  window: MarketWindow,
  cancelled: SeenOrder,
  thresholds: Thresholds,
): Finding | null {
  if (cancelled.cancelled_at === null) return null;
  const end = cancelled.cancelled_at;
  const start = new Date(end.getTime() - thresholds.layering_window_seconds * 1000);
  const layer = window
    .ordersOfUser(cancelled.user_id)
    .filter(
      (o) =>
        o.side === cancelled.side &&
        o.filled_quantity === 0 &&
        o.cancelled_at !== null &&
        o.cancelled_at >= start &&
        o.placed_at >= start &&
        !window.isFlagged('layering', o.id),
    );
  const levels = new Set(layer.map((o) => o.price));
  if (levels.size < thresholds.layering_min_levels) return null;
  const firstPlaced = new Date(Math.min(...layer.map((o) => o.placed_at.getTime())));
  const trades = oppositeTrades(
    window.tradesOfUser(cancelled.user_id, firstPlaced, end),
    cancelled.user_id,
    cancelled.side,
  );
  if (trades.length === 0) return null;
  return {
    rule: 'layering',
    userId: cancelled.user_id,
    summary:
      `${layer.length} ${cancelled.side} orders over ${levels.size} price levels placed and ` +
      `cancelled unfilled within ${thresholds.layering_window_seconds} s while their owner traded ` +
      `${trades.reduce((sum, t) => sum + t.quantity, 0)} on the other side`,
    orders: layer,
    trades,
  };
}

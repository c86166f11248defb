/**
 * Spoofing: a large order its owner cancels soon after placing it, almost unfilled, while the
 * same owner traded on the other side. The large order moves the book toward the price the owner
 * wants to trade at; the cancel shows it was never meant to execute.
 */
import type { Finding } from './finding.js';
import { oppositeTrades } from './finding.js';
import type { MarketWindow, SeenOrder } from './market-window.js';
import type { Thresholds } from './thresholds.js';

/** An order with at least this share filled was meant to trade. */
const maxFilledShare = 0.1;

export function detectSpoofing(
  window: MarketWindow,
  cancelled: SeenOrder,
  thresholds: Thresholds,
): Finding | null {
  if (window.isFlagged('spoofing', cancelled.id) || cancelled.cancelled_at === null) return null;
  const lifetimeMs = cancelled.cancelled_at.getTime() - cancelled.placed_at.getTime();
  if (lifetimeMs > thresholds.spoofing_max_lifetime_seconds * 1000) return null;
  if (cancelled.filled_quantity > cancelled.quantity * maxFilledShare) return null;
  const mean = cancelled.mean_size_before;
  if (mean === 0 || cancelled.quantity < thresholds.spoofing_size_multiple * mean) return null;
  const trades = oppositeTrades(
    window.tradesOfUser(cancelled.user_id, cancelled.placed_at, cancelled.cancelled_at),
    cancelled.user_id,
    cancelled.side,
  );
  if (trades.length === 0) return null;
  const other = cancelled.side === 'buy' ? 'sold' : 'bought';
  return {
    rule: 'spoofing',
    userId: cancelled.user_id,
    summary:
      `${cancelled.side} order of ${cancelled.quantity} (${(cancelled.quantity / mean).toFixed(1)}x ` +
      `the mean size) at ${cancelled.price ?? 'market'} cancelled after ${Math.round(lifetimeMs / 1000)} s ` +
      `while its owner ${other} ${trades.reduce((sum, t) => sum + t.quantity, 0)} in ${trades.length} trade(s)`,
    orders: [cancelled],
    trades,
  };
}

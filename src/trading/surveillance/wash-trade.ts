/**
 * Wash trades: two accounts that trade the same quantity back and forth at (nearly) the same
 * price within a short window, so volume prints while neither position nor risk changes.
 * (One account cannot trade with itself: the engine's self-trade prevention stops it.)
 */
import { Exact } from '../../lib/money.js';
import type { Finding } from './finding.js';
import type { MarketWindow, SeenTrade } from './market-window.js';
import type { Thresholds } from './thresholds.js';

export function detectWashTrade(
  window: MarketWindow,
  trade: SeenTrade,
  thresholds: Thresholds,
): Finding | null {
  if (window.isFlagged('wash_trade', trade.id)) return null;
  const from = new Date(trade.executed_at.getTime() - thresholds.wash_window_seconds * 1000);
  const pair = window
    .tradesOfUser(trade.buyer_id, from, trade.executed_at)
    .filter(
      (t) =>
        (t.seller_id === trade.seller_id || t.buyer_id === trade.seller_id) &&
        !window.isFlagged('wash_trade', t.id),
    );
  // Each trade pairs with an earlier, still unpaired trade in the other direction.
  const open: SeenTrade[] = [];
  const legs: SeenTrade[] = [];
  for (const t of pair) {
    const back = open.findIndex(
      (o) => o.buyer_id === t.seller_id && o.quantity === t.quantity && closeIn(o, t, thresholds),
    );
    if (back === -1) {
      open.push(t);
      continue;
    }
    legs.push(open[back]!, t);
    open.splice(back, 1);
  }
  const roundTrips = legs.length / 2;
  if (roundTrips < thresholds.wash_min_round_trips) return null;
  legs.sort((a, b) => a.executed_at.getTime() - b.executed_at.getTime());
  const first = legs[0]!;
  const orderIds = new Set(legs.flatMap((t) => [t.buy_order_id, t.sell_order_id]));
  return {
    rule: 'wash_trade',
    userId: first.seller_id,
    summary:
      `${roundTrips} round trip${roundTrips === 1 ? '' : 's'} between accounts ${first.seller_id} and ${first.buyer_id} ` +
      `within ${thresholds.wash_window_seconds} s at the same quantity and price`,
    orders: [...orderIds].flatMap((id) => {
      const order = id === null ? undefined : window.orders.get(id);
      return order ? [order] : [];
    }),
    trades: legs,
  };
}

function closeIn(a: SeenTrade, b: SeenTrade, thresholds: Thresholds): boolean {
  const gap = new Exact(a.price).minus(b.price).abs();
  return gap.lte(new Exact(a.price).times(thresholds.wash_price_tolerance_bps).dividedBy(10_000));
}

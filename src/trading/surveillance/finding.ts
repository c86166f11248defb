/** What a rule found: the alert it raises, with the orders and trades that show it. */
import type { AlertEvidence, SurveillanceRule } from '../../lib/db/schema-market-data.js';
import type { SeenOrder, SeenTrade } from './market-window.js';

export interface Finding {
  rule: SurveillanceRule;
  /** the account whose conduct the alert is about */
  userId: string;
  summary: string;
  orders: SeenOrder[];
  trades: SeenTrade[];
}

/** The evidence as stored and shown: each order and trade as the rule saw it. */
export function evidenceOf(finding: Finding): AlertEvidence {
  return {
    orders: finding.orders.map((o) => ({
      id: o.id,
      user_id: o.user_id,
      side: o.side,
      price: o.price,
      quantity: o.quantity,
      filled_quantity: o.filled_quantity,
      placed_at: o.placed_at.toISOString(),
      cancelled_at: o.cancelled_at?.toISOString() ?? null,
    })),
    trades: finding.trades.map((t) => ({
      id: t.id,
      price: t.price,
      quantity: t.quantity,
      buyer_id: t.buyer_id,
      seller_id: t.seller_id,
      executed_at: t.executed_at.toISOString(),
    })),
  };
}

/** The user's trades on the side opposite to `side` (they sold while bidding, or bought while offering). */
export function oppositeTrades(
  trades: readonly SeenTrade[],
  userId: string,
  side: 'buy' | 'sell',
): SeenTrade[] {
  return trades.filter((t) => (side === 'buy' ? t.seller_id : t.buyer_id) === userId);
}

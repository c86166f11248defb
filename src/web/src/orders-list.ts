/**
 * The caller's orders of one token as the screen keeps them: the REST list, then each order the
 * private `orders` channel sends. The socket and the REST answer may arrive in either order, so
 * of two copies of an order the later `updated_at` wins; the list stays newest first.
 */
import { liveOrderStatuses } from '../../lib/db/schema-trading.js';
import type { OrderView } from './trading-types.js';

/** the statuses of an order the book still holds */
export const openStatuses: ReadonlySet<OrderView['status']> = new Set(liveOrderStatuses);

const newer = (a: OrderView, b: OrderView) => Date.parse(a.updated_at) >= Date.parse(b.updated_at);

export function mergeOrders(current: OrderView[], incoming: OrderView[]): OrderView[] {
  const byId = new Map(current.map((order) => [order.id, order]));
  for (const order of incoming) {
    const known = byId.get(order.id);
    if (!known || newer(order, known)) byId.set(order.id, order);
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * An order's price as the list shows it. A stop-loss becomes a market order when triggered; its
 * stored price is the protection bound, the worst price it may fill at, and says so.
 */
export function shownPrice(o: Pick<OrderView, 'order_type' | 'side' | 'price'>): string {
  if (o.order_type === 'stop_loss' && o.price)
    return `market, ${o.side === 'buy' ? 'at most' : 'at least'} ${o.price} (protection)`;
  return o.price ?? 'market';
}

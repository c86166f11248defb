/**
 * What surveillance remembers of one token's recent activity (pure, no IO): the orders and trades
 * of the last retention period as committed batches reported them, the sizes of the last orders
 * placed (what "large" is measured against), and which orders and trades are already evidence of
 * an alert of each rule (so one pattern raises one alert).
 */
import type { Order, OrderSide, Trade } from '../../lib/db/schema-trading.js';
import type { SurveillanceRule } from '../../lib/db/schema-market-data.js';

export interface SeenOrder {
  id: string;
  user_id: string;
  side: OrderSide;
  price: string | null;
  quantity: number;
  filled_quantity: number;
  placed_at: Date;
  /** set when its owner cancelled it (not an expiry or a closed token) */
  cancelled_at: Date | null;
  /** the mean size of the token's orders placed before it (0: none seen) */
  mean_size_before: number;
}

export interface SeenTrade {
  id: string;
  price: string;
  quantity: number;
  buyer_id: string;
  seller_id: string;
  buy_order_id: string | null;
  sell_order_id: string | null;
  executed_at: Date;
}

/** How many placements the mean order size is taken over. */
export const sizeSample = 1000;

export class MarketWindow {
  readonly orders = new Map<string, SeenOrder>();
  private readonly ordersOf = new Map<string, Set<string>>();
  /** time order */
  private trades: SeenTrade[] = [];
  private readonly tradesOf = new Map<string, SeenTrade[]>();
  private readonly sizes: number[] = [];
  private sizeSum = 0;
  private readonly flagged = new Set<string>();

  /**
   * Takes in a batch's trades and changed orders; answers the trades new to the window and the
   * orders their owners cancelled in this batch, the events the rules look at.
   */
  observe(
    trades: readonly Trade[],
    orders: readonly Order[],
    retentionMs: number,
  ): { trades: SeenTrade[]; cancelled: SeenOrder[] } {
    let latest = 0;
    const seenTrades: SeenTrade[] = [];
    for (const trade of trades) {
      const seen: SeenTrade = {
        id: trade.id,
        price: trade.price,
        quantity: Number(trade.quantity),
        buyer_id: trade.buyer_id,
        seller_id: trade.seller_id,
        buy_order_id: trade.buy_order_id,
        sell_order_id: trade.sell_order_id,
        executed_at: trade.created_at,
      };
      this.trades.push(seen);
      for (const user of new Set([seen.buyer_id, seen.seller_id])) {
        const list = this.tradesOf.get(user) ?? [];
        list.push(seen);
        this.tradesOf.set(user, list);
      }
      seenTrades.push(seen);
      latest = Math.max(latest, trade.created_at.getTime());
    }
    const cancelled: SeenOrder[] = [];
    for (const order of orders) {
      latest = Math.max(latest, order.updated_at.getTime());
      let seen = this.orders.get(order.id);
      if (!seen) {
        if (order.created_at.getTime() < latest - retentionMs) continue;
        seen = {
          id: order.id,
          user_id: order.user_id,
          side: order.side,
          price: order.price,
          quantity: Number(order.quantity),
          filled_quantity: 0,
          placed_at: order.created_at,
          cancelled_at: null,
          mean_size_before: this.meanSize(),
        };
        this.orders.set(order.id, seen);
        const mine = this.ordersOf.get(order.user_id) ?? new Set();
        mine.add(order.id);
        this.ordersOf.set(order.user_id, mine);
        this.recordSize(seen.quantity);
      }
      seen.price = order.price;
      seen.quantity = Number(order.quantity);
      seen.filled_quantity = Number(order.filled_quantity);
      if (
        seen.cancelled_at === null &&
        order.status === 'cancelled' &&
        order.cancel_reason === 'CANCELLED_BY_OWNER'
      ) {
        seen.cancelled_at = order.updated_at;
        cancelled.push(seen);
      }
    }
    this.prune(latest - retentionMs);
    return { trades: seenTrades, cancelled };
  }

  /** Mean quantity of the token's last `sizeSample` placements. */
  private meanSize(): number {
    return this.sizes.length === 0 ? 0 : this.sizeSum / this.sizes.length;
  }

  ordersOfUser(userId: string): SeenOrder[] {
    return [...(this.ordersOf.get(userId) ?? [])].map((id) => this.orders.get(id)!);
  }

  /** The user's trades in [from, to], oldest first. */
  tradesOfUser(userId: string, from: Date, to: Date): SeenTrade[] {
    return (this.tradesOf.get(userId) ?? []).filter(
      (t) => t.executed_at >= from && t.executed_at <= to,
    );
  }

  isFlagged(rule: SurveillanceRule, id: string): boolean {
    return this.flagged.has(`${rule}:${id}`);
  }

  flag(rule: SurveillanceRule, ids: readonly string[]): void {
    for (const id of ids) this.flagged.add(`${rule}:${id}`);
  }

  private recordSize(quantity: number): void {
    this.sizes.push(quantity);
    this.sizeSum += quantity;
    if (this.sizes.length > sizeSample) this.sizeSum -= this.sizes.shift()!;
  }

  /** Forgets orders placed and trades executed before `cutoff` (ms), and their flags. */
  private prune(cutoff: number): void {
    for (const order of this.orders.values()) {
      // a map iterates in insertion order, which is placement order
      if (order.placed_at.getTime() >= cutoff) break;
      this.orders.delete(order.id);
      const mine = this.ordersOf.get(order.user_id)!;
      mine.delete(order.id);
      if (mine.size === 0) this.ordersOf.delete(order.user_id);
      this.forget(order.id);
    }
    let old = 0;
    while (old < this.trades.length && this.trades[old]!.executed_at.getTime() < cutoff) old += 1;
    if (old === 0) return;
    for (const trade of this.trades.slice(0, old)) {
      for (const user of new Set([trade.buyer_id, trade.seller_id])) {
        const list = this.tradesOf.get(user)!;
        list.shift();
        if (list.length === 0) this.tradesOf.delete(user);
      }
      this.forget(trade.id);
    }
    this.trades = this.trades.slice(old);
  }

  private forget(id: string): void {
    for (const rule of ['spoofing', 'layering', 'wash_trade'] as const) {
      this.flagged.delete(`${rule}:${id}`);
    }
  }
}

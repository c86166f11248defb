import type {
  CancelReason,
  OrderUpdate,
  PendingStopOrder,
  PlaceOrder,
  RestingOrder,
  Side,
  Trade,
} from './types.js';
import { pendingStop } from './stop-book.js';
import { effectiveTimeInForce, stopTriggers, validatePlacement } from './validation.js';

export type Resting = { -readonly [K in keyof RestingOrder]: RestingOrder[K] } & {
  arrival: number;
};
export type Stop = PendingStopOrder & { arrival: number };

export interface State {
  resting: Resting[];
  stops: Stop[];
  lastPrice: number | null;
  sequence: number;
  arrivals: number;
  version: number;
}

/**
 * One command run the plain way on a private copy of the reference book's state: every choice
 * is a sort or a scan of all orders.
 */
export class ReferenceRun {
  readonly trades: Trade[] = [];
  readonly orders: OrderUpdate[] = [];
  readonly triggeredStops: string[] = [];
  private readonly queue: Stop[] = [];

  constructor(readonly state: State) {}

  place(order: PlaceOrder): ReturnType<typeof validatePlacement> {
    const invalid = validatePlacement(order);
    if (invalid !== null) return invalid;
    const exists = (o: { key: number }) => o.key === order.key;
    if (this.state.resting.some(exists) || this.state.stops.some(exists))
      return 'DUPLICATE_ORDER_ID';
    const { key, orderId, ownerId, ownerKey, side, type, quantity } = order;
    const timeInForce = effectiveTimeInForce(type, order.timeInForce);
    const price = order.price ?? null;
    if (type === 'stop_loss' || type === 'stop_limit') {
      const stopPrice = order.stopPrice as number;
      const stop = pendingStop(order, type, price, stopPrice, timeInForce);
      stop.arrival = ++this.state.arrivals;
      this.state.stops.push(stop);
      this.orders.push({
        orderId,
        ownerId,
        side,
        status: 'pending_stop',
        filledQuantity: 0,
        remainingQuantity: quantity,
      });
      return null;
    }
    const taker = {
      key,
      orderId,
      ownerId,
      ownerKey,
      side,
      quantity,
      price,
      timeInForce,
      market: type === 'market',
    };
    const refusal = this.refusal(taker);
    if (refusal !== null) return refusal;
    this.execute(taker);
    while (this.queue.length > 0) {
      const stop = this.queue.shift() as Stop;
      const triggered = { ...stop, market: stop.type === 'stop_loss' };
      const stopRefusal = this.refusal(triggered);
      if (stopRefusal === null) {
        this.execute(triggered);
      } else {
        this.report(triggered, 'open', 0);
        this.report(
          triggered,
          'cancelled',
          0,
          stopRefusal === 'NO_LIQUIDITY' ? 'UNFILLED_REMAINDER' : stopRefusal,
        );
      }
    }
    return null;
  }

  cancel(key: number): 'ORDER_NOT_FOUND' | null {
    const resting = this.state.resting.find((o) => o.key === key);
    const stop = this.state.stops.find((o) => o.key === key);
    const order = resting ?? stop;
    if (order === undefined) return 'ORDER_NOT_FOUND';
    this.state.resting = this.state.resting.filter((o) => o !== order);
    this.state.stops = this.state.stops.filter((o) => o !== order);
    const remaining = resting === undefined ? order.quantity : resting.remainingQuantity;
    this.report(order, 'cancelled', order.quantity - remaining, 'CANCELLED_BY_OWNER');
    return null;
  }

  private refusal(
    taker: Taker,
  ): 'POST_ONLY_WOULD_CROSS' | 'FOK_NOT_FILLABLE' | 'NO_LIQUIDITY' | null {
    const makers = this.makersFor(taker);
    const reachable = makers.length > 0;
    if (taker.timeInForce === 'POST_ONLY' && reachable) return 'POST_ONLY_WOULD_CROSS';
    if (taker.market && !reachable) return 'NO_LIQUIDITY';
    if (taker.timeInForce === 'FOK') {
      const own = makers.findIndex((m) => m.ownerKey === taker.ownerKey);
      const usable = own === -1 ? makers : makers.slice(0, own);
      if (usable.reduce((sum, m) => sum + m.remainingQuantity, 0) < taker.quantity)
        return 'FOK_NOT_FILLABLE';
    }
    return null;
  }

  private execute(taker: Taker): void {
    this.report(taker, 'open', 0);
    let filled = 0;
    for (;;) {
      if (filled === taker.quantity) return this.report(taker, 'filled', filled);
      const maker = this.makersFor(taker)[0];
      if (maker === undefined) break;
      if (maker.ownerKey === taker.ownerKey)
        return this.report(taker, 'cancelled', filled, 'SELF_TRADE_PREVENTED');
      const quantity = Math.min(taker.quantity - filled, maker.remainingQuantity);
      filled += quantity;
      this.trade(taker, maker, quantity);
    }
    if (taker.market || taker.timeInForce === 'IOC' || taker.timeInForce === 'FOK') {
      return this.report(taker, 'cancelled', filled, 'UNFILLED_REMAINDER');
    }
    const { key, orderId, ownerId, ownerKey, side, quantity } = taker;
    const status = filled === 0 ? 'open' : 'partially_filled';
    this.state.resting.push({
      status,
      key,
      orderId,
      ownerId,
      ownerKey,
      side,
      price: taker.price as number,
      quantity,
      remainingQuantity: quantity - filled,
      arrival: ++this.state.arrivals,
    });
    if (filled > 0) this.report(taker, 'partially_filled', filled);
  }

  private trade(taker: Taker, maker: Resting, quantity: number): void {
    maker.remainingQuantity -= quantity;
    const makerFilled = maker.quantity - maker.remainingQuantity;
    if (maker.remainingQuantity === 0) {
      this.state.resting = this.state.resting.filter((o) => o !== maker);
      this.report(maker, 'filled', makerFilled);
    } else {
      maker.status = 'partially_filled';
      this.report(maker, 'partially_filled', makerFilled);
    }
    const [buy, sell] = taker.side === 'buy' ? [taker, maker] : [maker, taker];
    this.trades.push({
      price: maker.price,
      quantity,
      takerSide: taker.side,
      buyOrderId: buy.orderId,
      sellOrderId: sell.orderId,
      buyerId: buy.ownerId,
      sellerId: sell.ownerId,
    });
    const previous = this.state.lastPrice;
    if (previous === maker.price) return;
    this.state.lastPrice = maker.price;
    const sides: Side[] =
      previous !== null && maker.price < previous ? ['sell', 'buy'] : ['buy', 'sell'];
    for (const side of sides) {
      const fired = triggerOrder(
        this.state.stops.filter(
          (s) => s.side === side && stopTriggers(side, s.stopPrice, maker.price),
        ),
      );
      this.state.stops = this.state.stops.filter((s) => !fired.includes(s));
      this.queue.push(...fired);
      this.triggeredStops.push(...fired.map((s) => s.orderId));
    }
  }

  /** Every resting order the taker could trade with, best first, ignoring ownership. */
  private makersFor(taker: Taker): Resting[] {
    const opposite = this.state.resting.filter((o) => o.side !== taker.side);
    const reachable = opposite.filter(
      (o) =>
        taker.price === null ||
        (taker.side === 'buy' ? o.price <= taker.price : o.price >= taker.price),
    );
    return priorityOrder(reachable);
  }

  private report(
    order: Reported,
    status: OrderUpdate['status'],
    filled: number,
    reason?: CancelReason,
  ): void {
    const base = {
      orderId: order.orderId,
      ownerId: order.ownerId,
      side: order.side,
      filledQuantity: filled,
      remainingQuantity: order.quantity - filled,
    };
    this.orders.push(
      status === 'cancelled'
        ? { ...base, status, reason: reason as CancelReason }
        : { ...base, status },
    );
  }
}

interface Reported {
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: Side;
  readonly quantity: number;
}

interface Taker extends Reported {
  readonly key: number;
  readonly ownerKey: number;
  readonly price: number | null;
  readonly timeInForce: PendingStopOrder['timeInForce'];
  readonly market: boolean;
}

/** A deep copy: orders are the only mutable parts of the state. */
export function copyState(state: State): State {
  return {
    ...state,
    resting: state.resting.map((o) => ({ ...o })),
    stops: state.stops.map((s) => ({ ...s })),
  };
}

export function priorityOrder(orders: Resting[]): Resting[] {
  return [...orders].sort((a, b) =>
    a.price === b.price
      ? a.arrival - b.arrival
      : a.side === 'buy'
        ? b.price - a.price
        : a.price - b.price,
  );
}

export function triggerOrder(stops: Stop[]): Stop[] {
  return [...stops].sort((a, b) =>
    a.stopPrice === b.stopPrice
      ? a.arrival - b.arrival
      : a.side === 'buy'
        ? a.stopPrice - b.stopPrice
        : b.stopPrice - a.stopPrice,
  );
}

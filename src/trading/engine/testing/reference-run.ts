import type {
  AmendOrder,
  CancelReason,
  OrderUpdate,
  PendingStopOrder,
  PlaceOrder,
  RejectCode,
  RestingOrder,
  Side,
  Trade,
} from '../types.js';
import {
  effectiveTimeInForce,
  isHandle,
  stopTriggers,
  validateAmend,
  validatePlacement,
} from '../validation.js';

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
      const status = 'pending_stop' as const;
      const arrival = ++this.state.arrivals;
      const fields = { status, key, orderId, ownerId, ownerKey, side, type, quantity, price };
      this.state.stops.push({ ...fields, stopPrice, timeInForce, arrival });
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
    this.execute(taker, 0);
    this.runTriggered();
    return null;
  }

  /** Runs the queued triggered stops in trigger order; their trades may queue more. */
  private runTriggered(): void {
    while (this.queue.length > 0) {
      const stop = this.queue.shift() as Stop;
      const triggered = { ...stop, market: stop.type === 'stop_loss' };
      const stopRefusal = this.refusal(triggered);
      if (stopRefusal === null) {
        this.execute(triggered, 0);
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
  }

  /** Cancel (`expired` false) or expire the live order with this key. */
  cancel(key: number, expired: boolean): 'ORDER_NOT_FOUND' | null {
    const resting = this.state.resting.find((o) => o.key === key);
    const stop = this.state.stops.find((o) => o.key === key);
    const order = resting ?? stop;
    if (order === undefined) return 'ORDER_NOT_FOUND';
    this.state.resting = this.state.resting.filter((o) => o !== order);
    this.state.stops = this.state.stops.filter((o) => o !== order);
    const remaining = resting === undefined ? order.quantity : resting.remainingQuantity;
    const filled = order.quantity - remaining;
    if (expired) this.report(order, 'expired', filled);
    else this.report(order, 'cancelled', filled, 'CANCELLED_BY_OWNER');
    return null;
  }

  /** Every live order of the owner: resting in priority order per side, then stops in trigger order. */
  cancelAll(ownerKey: number): 'INVALID_OWNER_ID' | null {
    if (!isHandle(ownerKey)) return 'INVALID_OWNER_ID';
    const owned = (o: { ownerKey: number; side: Side }, side: Side) =>
      o.ownerKey === ownerKey && o.side === side;
    const resting = (['buy', 'sell'] as const).flatMap((side) =>
      priorityOrder(this.state.resting.filter((o) => owned(o, side))),
    );
    const stops = (['buy', 'sell'] as const).flatMap((side) =>
      triggerOrder(this.state.stops.filter((s) => owned(s, side))),
    );
    for (const order of [...resting, ...stops]) this.cancel(order.key, false);
    return null;
  }

  amend(command: AmendOrder): RejectCode | null {
    const { key, quantity, price } = command;
    const resting = this.state.resting.find((o) => o.key === key);
    const stop = this.state.stops.find((o) => o.key === key);
    if (resting === undefined && stop === undefined) return 'ORDER_NOT_FOUND';
    const filled = resting === undefined ? 0 : resting.quantity - resting.remainingQuantity;
    const invalid = validateAmend(command, filled);
    if (invalid !== null) return invalid;
    if (stop !== undefined) {
      if (price !== undefined && stop.type === 'stop_loss') return 'INVALID_PRICE';
      const newQuantity = quantity ?? stop.quantity;
      const newPrice = price ?? stop.price;
      if (newQuantity === stop.quantity && newPrice === stop.price) return 'INVALID_AMEND';
      const changed = { ...stop, quantity: newQuantity, price: newPrice };
      this.state.stops = this.state.stops.map((s) => (s === stop ? changed : s));
      this.report(changed, 'pending_stop', 0);
      return null;
    }
    const order = resting as Resting;
    const newQuantity = quantity ?? order.quantity;
    const newPrice = price ?? order.price;
    if (newQuantity === order.quantity && newPrice === order.price) return 'INVALID_AMEND';
    if (newPrice === order.price && newQuantity < order.quantity) {
      const changed = this.rewrite(order);
      changed.quantity = newQuantity;
      changed.remainingQuantity = newQuantity - filled;
      this.report(changed, changed.status, filled);
      return null;
    }
    // Cancel-replace: out of the book, then in again as a GTC limit order with its fills.
    this.state.resting = this.state.resting.filter((o) => o !== order);
    const { orderId, ownerId, ownerKey, side } = order;
    const market = false;
    const replaced = { key, orderId, ownerId, ownerKey, side, quantity: newQuantity, market };
    this.execute({ ...replaced, price: newPrice, timeInForce: 'GTC' }, filled);
    this.runTriggered();
    return null;
  }

  private refusal(
    taker: Taker,
  ): 'POST_ONLY_WOULD_CROSS' | 'FOK_NOT_FILLABLE' | 'NO_LIQUIDITY' | null {
    const reachable = this.bestMaker(taker) !== undefined;
    if (taker.timeInForce === 'POST_ONLY' && reachable) return 'POST_ONLY_WOULD_CROSS';
    if (taker.market && !reachable) return 'NO_LIQUIDITY';
    if (taker.timeInForce === 'FOK') {
      const makers = this.makersFor(taker);
      const own = makers.findIndex((m) => m.ownerKey === taker.ownerKey);
      const usable = own === -1 ? makers : makers.slice(0, own);
      if (usable.reduce((sum, m) => sum + m.remainingQuantity, 0) < taker.quantity)
        return 'FOK_NOT_FILLABLE';
    }
    return null;
  }

  /** Matches a taker that has already filled `before` (an amended order's earlier fills). */
  private execute(taker: Taker, before: number): void {
    this.report(taker, before === 0 ? 'open' : 'partially_filled', before);
    let filled = before;
    for (;;) {
      if (filled === taker.quantity) return this.report(taker, 'filled', filled);
      const maker = this.bestMaker(taker);
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
    if (filled > before) this.report(taker, 'partially_filled', filled);
  }

  private trade(taker: Taker, resting: Resting, quantity: number): void {
    const maker = this.rewrite(resting);
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

  /**
   * Replaces `order` in the run's resting array by a copy for the run to change: orders are
   * shared with the state the run was copied from, which must stay as it was.
   */
  private rewrite(order: Resting): Resting {
    const copy = { ...order };
    this.state.resting[this.state.resting.indexOf(order)] = copy;
    return copy;
  }

  /** The first resting order the taker could trade with, ignoring ownership: one scan. */
  private bestMaker(taker: Taker): Resting | undefined {
    let best: Resting | undefined;
    for (const o of this.state.resting) {
      if (o.side === taker.side || !reaches(taker, o.price)) continue;
      if (best === undefined || priorityOrder([o, best])[0] === o) best = o;
    }
    return best;
  }

  /** Every resting order the taker could trade with, best first, ignoring ownership. */
  private makersFor(taker: Taker): Resting[] {
    return priorityOrder(
      this.state.resting.filter((o) => o.side !== taker.side && reaches(taker, o.price)),
    );
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

/** True when the taker's price (if any) allows a trade at `price`. */
function reaches(taker: Taker, price: number): boolean {
  if (taker.price === null) return true;
  return taker.side === 'buy' ? price <= taker.price : price >= taker.price;
}

/** A copy for a run: its own arrays of the same orders (a run copies an order it changes). */
export function copyState(state: State): State {
  return { ...state, resting: [...state.resting], stops: [...state.stops] };
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

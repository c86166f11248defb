import type { BookPlan } from './book-plan.js';
import type { BookSide, RestingNode } from './book-side.js';
import { LevelChanges } from './level-changes.js';
import { SideView } from './side-view.js';
import type { PendingStop, StopBook } from './stop-book.js';
import type { CancelReason, OrderIdentity, RejectCode, Side, TimeInForce } from './types.js';

/**
 * An order about to take liquidity: a new limit or market order, or a triggered stop. A run
 * keeps one and rewrites it for each taker (a taker is finished before the next one starts).
 */
class Taker {
  key = 0;
  orderId = '';
  ownerId = '';
  ownerKey = 0;
  side: Side = 'buy';
  quantity = 0;
  /** Limit orders rest their remainder (GTC, POST_ONLY); market orders never do. */
  isMarket = false;
  /** The limit price, or a market order's protection price; null: any price. */
  price: number | null = null;
  timeInForce: TimeInForce = 'GTC';
  /** What it filled before this run: an amended order's earlier fills, else 0. */
  before = 0;

  set(order: OrderIdentity, isMarket: boolean, price: number | null, tif: TimeInForce): this {
    this.key = order.key;
    this.orderId = order.orderId;
    this.ownerId = order.ownerId;
    this.ownerKey = order.ownerKey;
    this.side = order.side;
    this.quantity = order.quantity;
    this.isMarket = isMarket;
    this.price = price;
    this.timeInForce = tif;
    this.before = 0;
    return this;
  }
}

/** The parts of a book a matching run reads; it never writes them. */
export interface MatchSource {
  readonly bids: BookSide;
  readonly asks: BookSide;
  readonly stops: StopBook;
  readonly lastPrice: number | null;
  /** The number of the last delta applied; a plan's deltas continue from it. */
  readonly sequence: number;
  /** A node for an order a plan may leave resting (from the book's spares when it has any). */
  newNode(order: OrderIdentity, price: number, remaining: number): RestingNode;
}

/**
 * One matching run against a read-only book: a taker, then every stop that its trades trigger,
 * in trigger order, each of which may trigger more. Everything it decides goes into the plan it
 * was reset with (fills, updates, level changes, planned rests, triggered stops).
 */
export class MatchRun {
  private plan: BookPlan;
  private readonly levels: LevelChanges;
  private lastPrice: number | null = null;
  private readonly taker = new Taker();
  /**
   * Stops triggered so far, in trigger order: `triggeredCount` of them. It starts with a null slot
   * so that its element kind is that of objects from the start (see `OrderBook.spares`).
   */
  private readonly triggered: (PendingStop | null)[] = [null];
  private triggeredCount = 0;
  private triggeredBuys = 0;
  private triggeredSells = 0;
  private bidView: SideView | null = null;
  private askView: SideView | null = null;
  /** Views kept between runs (a book reuses one run for all its plans). */
  private readonly bidSpare: SideView;
  private readonly askSpare: SideView;

  constructor(
    private readonly source: MatchSource,
    plan: BookPlan,
  ) {
    this.plan = plan;
    this.levels = new LevelChanges(source.bids);
    this.bidSpare = new SideView(source.bids);
    this.askSpare = new SideView(source.asks);
  }

  /** Makes the run ready for another command against the source's current state. */
  reset(plan: BookPlan): this {
    this.plan = plan;
    this.levels.clear();
    this.lastPrice = this.source.lastPrice;
    this.triggeredCount = 0;
    this.triggeredBuys = 0;
    this.triggeredSells = 0;
    this.bidView = null;
    this.askView = null;
    return this;
  }

  /**
   * Runs a new order and the cascade it causes. The order's own refusals (post-only crossing,
   * FOK not fillable, a market order with nothing to meet) are returned before anything is
   * recorded; the same conditions on a triggered stop cancel it instead.
   */
  run(
    order: OrderIdentity,
    isMarket: boolean,
    price: number | null,
    timeInForce: TimeInForce,
  ): RejectCode | null {
    const taker = this.taker.set(order, isMarket, price, timeInForce);
    const refusal = this.refusal(taker);
    if (refusal !== null) return refusal;
    this.match(taker);
    this.cascade();
    return null;
  }

  /**
   * Takes over a taker that the one-pass sweep planned up to a trade that triggers a stop. The
   * plan already holds the taker's open update and its fills of the first `consumed` orders of
   * the opposite side, all whole; the last price is then `lastPrice`. Those fills are replayed
   * into the run's view and level changes (not into the plan again), then the taker matches on
   * and the cascade runs, exactly as `run` would have done from the start.
   */
  resume(
    order: OrderIdentity,
    isMarket: boolean,
    price: number | null,
    timeInForce: TimeInForce,
    consumed: number,
    lastPrice: number | null,
  ): void {
    const taker = this.taker.set(order, isMarket, price, timeInForce);
    this.lastPrice = lastPrice;
    const view = this.opposite(taker.side);
    let filled = 0;
    for (let i = 0; i < consumed; i += 1) {
      const maker = view.front() as RestingNode;
      const quantity = maker.remaining;
      this.levels.add(view.side, maker.price, -quantity, -1);
      view.take(maker, quantity);
      filled += quantity;
    }
    this.matchFrom(taker, view, filled);
    this.cascade();
  }

  /**
   * Runs an amend's cancel-replace: `removed` leaves its level, then the order re-enters with its
   * new total `quantity` as a GTC limit order at `price`, its earlier fills counted, and the
   * cascade runs. Later takers in the cascade do not see `removed`.
   */
  replace(removed: RestingNode, quantity: number, price: number): void {
    const taker = this.taker.set(removed, false, price, 'GTC');
    const filled = removed.quantity - removed.remaining;
    taker.quantity = quantity;
    taker.before = filled;
    const own = this.own(taker.side);
    own.exclude(removed);
    this.levels.add(own.side, removed.price, -removed.remaining, -1);
    this.update(taker, filled === 0 ? 'open' : 'partially_filled', filled);
    this.matchFrom(taker, this.opposite(taker.side), filled);
    this.cascade();
  }

  /** Runs the triggered stops in trigger order; their own trades may trigger more meanwhile. */
  private cascade(): void {
    for (let i = 0; i < this.triggeredCount; i += 1) {
      this.runTriggered(this.triggered[i] as PendingStop);
    }
  }

  /** Completes the plan with what the run did to the book: consumed orders, stops, deltas. */
  finish(): void {
    const plan = this.plan;
    const bids = this.bidView;
    const asks = this.askView;
    if (bids !== null) {
      plan.consumedBids = bids.consumed;
      plan.partialBid = bids.partial;
    }
    if (asks !== null) {
      plan.consumedAsks = asks.consumed;
      plan.partialAsk = asks.partial;
    }
    plan.triggeredBuys = this.triggeredBuys;
    plan.triggeredSells = this.triggeredSells;
    plan.lastPrice = this.lastPrice;
    this.levels.writeDeltas(plan, this.source.sequence + 1);
  }

  private runTriggered(stop: PendingStop): void {
    const taker = this.taker.set(stop, stop.type === 'stop_loss', stop.price, stop.timeInForce);
    const refusal = this.refusal(taker);
    if (refusal === null) {
      this.match(taker);
      return;
    }
    this.update(taker, 'open', 0);
    const reason: CancelReason = refusal === 'NO_LIQUIDITY' ? 'UNFILLED_REMAINDER' : refusal;
    this.cancel(taker, 0, reason);
  }

  private refusal(
    taker: Taker,
  ): 'POST_ONLY_WOULD_CROSS' | 'FOK_NOT_FILLABLE' | 'NO_LIQUIDITY' | null {
    const view = this.opposite(taker.side);
    const front = view.front();
    const reachable = front !== null && crosses(taker, front.price);
    if (taker.timeInForce === 'POST_ONLY' && reachable) return 'POST_ONLY_WOULD_CROSS';
    if (taker.isMarket && !reachable) return 'NO_LIQUIDITY';
    if (taker.timeInForce === 'FOK') {
      const fillable = view.fillable(taker.quantity, taker.ownerKey, (p) => crosses(taker, p));
      if (fillable < taker.quantity) return 'FOK_NOT_FILLABLE';
    }
    return null;
  }

  /** Matches a taker that passed its refusals: fills, then rests, fills or cancels it. */
  private match(taker: Taker): void {
    this.update(taker, 'open', 0);
    this.matchFrom(taker, this.opposite(taker.side), 0);
  }

  /** Matches on from `filled` against `view`, then fills, rests or cancels the taker. */
  private matchFrom(taker: Taker, view: SideView, filled: number): void {
    let selfTrade = false;
    while (filled < taker.quantity) {
      const maker = view.front();
      if (maker === null || !crosses(taker, maker.price)) break;
      if (maker.ownerKey === taker.ownerKey) {
        selfTrade = true;
        break;
      }
      const quantity = Math.min(taker.quantity - filled, view.available(maker));
      this.fill(taker, view, maker, quantity);
      filled += quantity;
    }
    if (filled === taker.quantity) this.update(taker, 'filled', filled);
    else if (selfTrade) this.cancel(taker, filled, 'SELF_TRADE_PREVENTED');
    else if (taker.isMarket || taker.timeInForce === 'IOC' || taker.timeInForce === 'FOK') {
      this.cancel(taker, filled, 'UNFILLED_REMAINDER');
    } else this.rest(taker, filled);
  }

  private fill(taker: Taker, view: SideView, maker: RestingNode, quantity: number) {
    const makerLeft = view.available(maker) - quantity;
    const makerFilled = maker.quantity - makerLeft;
    const status = makerLeft === 0 ? 'filled' : 'partially_filled';
    this.plan.update(
      maker.orderId,
      maker.ownerId,
      maker.side,
      status,
      null,
      makerFilled,
      makerLeft,
    );
    this.levels.add(view.side, maker.price, -quantity, makerLeft === 0 ? -1 : 0);
    this.plan.trade(taker.side, taker.orderId, taker.ownerId, maker, quantity);
    view.take(maker, quantity);
    if (maker.price !== this.lastPrice) this.priceChanged(maker.price);
  }

  /** Triggers the stops the new last price reaches; the side the price moved toward first. */
  private priceChanged(price: number): void {
    const fell = this.lastPrice !== null && price < this.lastPrice;
    this.lastPrice = price;
    if (this.source.stops.isEmpty) return;
    if (fell) {
      this.triggerSide('sell', price);
      this.triggerSide('buy', price);
    } else {
      this.triggerSide('buy', price);
      this.triggerSide('sell', price);
    }
  }

  private triggerSide(side: Side, price: number): void {
    const buy = side === 'buy';
    const from = this.triggeredCount;
    const skip = buy ? this.triggeredBuys : this.triggeredSells;
    const taken = this.source.stops.trigger(side, skip, price, this.triggered, from);
    if (taken === 0) return;
    if (buy) this.triggeredBuys += taken;
    else this.triggeredSells += taken;
    this.triggeredCount = from + taken;
    // Recorded as they trigger, not when the run finishes: this short loop reads a price's stops
    // together (their first and last fields, see `pendingStop`), so that their cache misses
    // overlap (the stops are scattered in memory), where the cascade would wait for each in turn.
    for (let i = from; i < this.triggeredCount; i += 1) {
      this.plan.triggered(this.triggered[i] as PendingStop);
    }
  }

  private rest(taker: Taker, filled: number): void {
    const remaining = taker.quantity - filled;
    const price = taker.price as number;
    const order = this.source.newNode(taker, price, remaining);
    this.plan.rest(order);
    const side = taker.side === 'buy' ? this.source.bids : this.source.asks;
    this.levels.add(side, price, remaining, 1);
    // Only triggered stops match after a rest; without any, nobody will look at this order.
    if (this.triggeredCount > 0) this.own(taker.side).rest(order);
    if (filled > taker.before) this.update(taker, 'partially_filled', filled);
  }

  private cancel(taker: Taker, filled: number, reason: CancelReason): void {
    const { orderId, ownerId, side, quantity } = taker;
    this.plan.update(orderId, ownerId, side, 'cancelled', reason, filled, quantity - filled);
  }

  private update(taker: Taker, status: 'open' | 'partially_filled' | 'filled', filled: number) {
    const { orderId, ownerId, side, quantity } = taker;
    this.plan.update(orderId, ownerId, side, status, null, filled, quantity - filled);
  }

  private opposite(side: Side): SideView {
    return this.own(side === 'buy' ? 'sell' : 'buy');
  }

  /** Views are made on first use: a resting order never looks at its own side's book. */
  private own(side: Side): SideView {
    if (side === 'buy') return (this.bidView ??= this.bidSpare.reset());
    return (this.askView ??= this.askSpare.reset());
  }
}

/** True when a taker may trade at `price`: within its limit or protection price, if any. */
function crosses(taker: Taker, price: number): boolean {
  if (taker.price === null) return true;
  return taker.side === 'buy' ? price <= taker.price : price >= taker.price;
}

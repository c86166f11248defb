import { BookPlan } from './book-plan.js';
import type { BookChanges, PlannedRest } from './book-plan.js';
import { BookSide, RestingNode } from './book-side.js';
import { LevelChanges } from './level-changes.js';
import { MatchRun } from './matcher.js';
import { StopBook } from './stop-book.js';
import type { PendingStop } from './stop-book.js';
import type {
  CancelOrder,
  Command,
  DepthSnapshot,
  LevelView,
  LiveOrder,
  MatchingBook,
  PendingStopOrder,
  PlaceOrder,
  PlanResult,
  RestingOrder,
  Side,
} from './types.js';
import { effectiveTimeInForce, validatePlacement } from './validation.js';

/** Thrown by `apply` for a plan made against another book or an older version: a caller bug. */
export class StalePlanError extends Error {
  override readonly name = 'StalePlanError';
}

/** Shared by every plan with nothing in a list; plans are never mutated. */
const NONE: readonly never[] = Object.freeze([]);

const NO_CHANGES = {
  cancelled: null,
  newStop: null,
  consumedBids: 0,
  consumedAsks: 0,
  partialBid: 0,
  partialAsk: 0,
  triggeredBuys: 0,
  triggeredSells: 0,
  rests: NONE,
} as const satisfies BookChanges;

/**
 * The order book of one token: price-time priority with integer ticks and quantities, a stop
 * book, and self-trade prevention. Commands go through `plan` (pure) and `apply`; one writer
 * per book applies plans in sequence.
 */
export class OrderBook implements MatchingBook<BookPlan> {
  readonly bids = new BookSide('buy');
  readonly asks = new BookSide('sell');
  readonly stops = new StopBook();
  private readonly live = new Map<string, RestingNode | PendingStop>();
  private arrivals = 0;
  private versionNumber = 0;
  private lastDelta: number;
  private lastTrade: number | null;

  /** `sequence` continues a book's delta numbering, e.g. after a rebuild. */
  constructor(options: { lastPrice?: number | null; sequence?: number } = {}) {
    this.lastTrade = options.lastPrice ?? null;
    this.lastDelta = options.sequence ?? 0;
  }

  get lastPrice(): number | null {
    return this.lastTrade;
  }

  /** The number of the last book delta applied. */
  get sequence(): number {
    return this.lastDelta;
  }

  /** Increases with every applied plan; a plan is valid only for the version it was made at. */
  get version(): number {
    return this.versionNumber;
  }

  /** Live orders: resting plus pending stops. */
  get orderCount(): number {
    return this.live.size;
  }

  /** Computes a command's outcome without changing the book. */
  plan(command: Command): PlanResult<BookPlan> {
    return command.kind === 'place' ? this.planPlacement(command) : this.planCancel(command);
  }

  /** Makes the book match the plan's outcome. */
  apply(plan: BookPlan): void {
    if (plan.book !== this || plan.bookVersion !== this.versionNumber) {
      throw new StalePlanError('plan was not made against the current version of this book');
    }
    const changes = plan.changes;
    if (changes.cancelled !== null) this.removeLive(changes.cancelled);
    if (changes.newStop !== null) this.addStop(changes.newStop);
    this.consume(this.bids, changes.consumedBids, changes.partialBid);
    this.consume(this.asks, changes.consumedAsks, changes.partialAsk);
    this.dropTriggered('buy', changes.triggeredBuys);
    this.dropTriggered('sell', changes.triggeredSells);
    for (const rest of changes.rests) if (rest.remaining > 0) this.addResting(rest);
    this.lastTrade = plan.lastPrice;
    this.lastDelta += plan.deltas.length;
    this.versionNumber += 1;
  }

  depth(levels: number): DepthSnapshot {
    return {
      sequence: this.lastDelta,
      bids: levelViews(this.bids, levels),
      asks: levelViews(this.asks, levels),
    };
  }

  /** The live order with this id (resting or pending stop), if any. */
  find(orderId: string): LiveOrder | undefined {
    const order = this.live.get(orderId);
    if (order === undefined) return undefined;
    return order instanceof RestingNode ? liveOrder(order) : pendingStopOrder(order);
  }

  restingOrders(): RestingOrder[] {
    const orders: RestingOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      for (let rank = 0; rank < side.levelCount; rank += 1) {
        for (let node = side.levelAt(rank)?.head ?? null; node !== null; node = node.next) {
          orders.push(liveOrder(node));
        }
      }
    }
    return orders;
  }

  pendingStops(): PendingStopOrder[] {
    return this.stops.all().map(pendingStopOrder);
  }

  /**
   * Puts a live order back as it was, for rebuilding a book at start; orders must come in their
   * original time order. Throws on input the engine could never have produced.
   */
  restore(order: LiveOrder): void {
    if (this.live.has(order.orderId)) throw new Error(`duplicate order ${order.orderId}`);
    if (order.status === 'pending_stop') {
      this.addStop({ ...order, arrival: 0 });
      return;
    }
    const { orderId, ownerId, side, price, quantity, remainingQuantity } = order;
    if (remainingQuantity <= 0 || remainingQuantity > quantity) {
      throw new Error(`order ${orderId} has no quantity to rest`);
    }
    const bestOpposite = (side === 'buy' ? this.asks : this.bids).levelAt(0)?.price;
    if (
      bestOpposite !== undefined &&
      (side === 'buy' ? bestOpposite <= price : bestOpposite >= price)
    ) {
      throw new Error(`order ${orderId} would cross the book`);
    }
    this.addResting({ orderId, ownerId, side, price, quantity, remaining: remainingQuantity });
  }

  private planPlacement(order: PlaceOrder): PlanResult<BookPlan> {
    const invalid = validatePlacement(order);
    if (invalid !== null) return { ok: false, code: invalid };
    if (this.live.has(order.orderId)) return { ok: false, code: 'DUPLICATE_ORDER_ID' };
    const timeInForce = effectiveTimeInForce(order.type, order.timeInForce);
    const { orderId, ownerId, side, type, quantity } = order;
    const price = order.price ?? null;
    if (type === 'stop_loss' || type === 'stop_limit') {
      const stopPrice = order.stopPrice as number;
      const stop: PendingStop = {
        status: 'pending_stop',
        orderId,
        ownerId,
        side,
        type,
        quantity,
        price,
        stopPrice,
        timeInForce,
        arrival: 0,
      };
      const update = {
        orderId,
        ownerId,
        side,
        status: 'pending_stop' as const,
        filledQuantity: 0,
        remainingQuantity: quantity,
      };
      return this.planned(NONE, [update], NONE, { ...NO_CHANGES, newStop: stop });
    }
    const run = new MatchRun(this);
    const refusal = run.run({
      orderId,
      ownerId,
      side,
      quantity,
      isMarket: type === 'market',
      price,
      timeInForce,
    });
    if (refusal !== null) return { ok: false, code: refusal };
    const bids = run.viewOf('buy');
    const asks = run.viewOf('sell');
    const changes: BookChanges = {
      cancelled: null,
      newStop: null,
      consumedBids: bids === null ? 0 : bids.consumed,
      consumedAsks: asks === null ? 0 : asks.consumed,
      partialBid: bids === null ? 0 : bids.partial,
      partialAsk: asks === null ? 0 : asks.partial,
      triggeredBuys: run.triggeredBuys,
      triggeredSells: run.triggeredSells,
      rests: run.rests ?? NONE,
    };
    const triggered = run.triggered === null ? NONE : run.triggered.map((stop) => stop.orderId);
    const deltas = run.levels.deltas(this.lastDelta + 1);
    const trades = run.trades ?? NONE;
    const plan = new BookPlan(
      this,
      this.versionNumber,
      trades,
      run.orders,
      deltas,
      triggered,
      run.lastPrice,
      changes,
    );
    return { ok: true, plan };
  }

  private planCancel(command: CancelOrder): PlanResult<BookPlan> {
    const order = this.live.get(command.orderId);
    if (order === undefined) return { ok: false, code: 'ORDER_NOT_FOUND' };
    const { orderId, ownerId, side, quantity } = order;
    const remaining = order instanceof RestingNode ? order.remaining : quantity;
    const update = {
      orderId,
      ownerId,
      side,
      status: 'cancelled' as const,
      reason: 'CANCELLED_BY_OWNER' as const,
      filledQuantity: quantity - remaining,
      remainingQuantity: remaining,
    };
    const levels = new LevelChanges();
    if (order instanceof RestingNode) levels.add(this.sideOf(side), order.price, -remaining, -1);
    return this.planned([], [update], levels.deltas(this.lastDelta + 1), {
      ...NO_CHANGES,
      cancelled: order,
    });
  }

  private planned(
    trades: BookPlan['trades'],
    orders: BookPlan['orders'],
    deltas: BookPlan['deltas'],
    changes: BookChanges,
  ): PlanResult<BookPlan> {
    const plan = new BookPlan(
      this,
      this.versionNumber,
      trades,
      orders,
      deltas,
      [],
      this.lastTrade,
      changes,
    );
    return { ok: true, plan };
  }

  /** Removes `count` whole orders from the best of `side`, then `partial` from the next. */
  private consume(side: BookSide, count: number, partial: number): void {
    for (let i = 0; i < count; i += 1) {
      const node = side.levelAt(0)?.head as RestingNode;
      side.remove(node);
      this.live.delete(node.orderId);
    }
    if (partial > 0) side.reduce(side.levelAt(0)?.head as RestingNode, partial);
  }

  private addResting(order: PlannedRest): void {
    const { orderId, ownerId, side, price, quantity, remaining } = order;
    const node = new RestingNode(
      orderId,
      ownerId,
      side,
      price,
      quantity,
      remaining,
      ++this.arrivals,
    );
    this.sideOf(side).append(node);
    this.live.set(orderId, node);
  }

  private dropTriggered(side: Side, count: number): void {
    if (count === 0) return;
    for (const stop of this.stops.take(side, count)) this.live.delete(stop.orderId);
  }

  private addStop(stop: PendingStop): void {
    const arrived = { ...stop, arrival: ++this.arrivals };
    this.stops.add(arrived);
    this.live.set(stop.orderId, arrived);
  }

  private removeLive(order: RestingNode | PendingStop): void {
    if (order instanceof RestingNode) this.sideOf(order.side).remove(order);
    else this.stops.remove(order);
    this.live.delete(order.orderId);
  }

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }
}

function levelViews(side: BookSide, count: number): LevelView[] {
  const views: LevelView[] = [];
  for (let rank = 0; rank < Math.min(count, side.levelCount); rank += 1) {
    const level = side.levelAt(rank);
    if (level !== undefined)
      views.push({ price: level.price, quantity: level.quantity, orderCount: level.orderCount });
  }
  return views;
}

function liveOrder(order: RestingNode): RestingOrder {
  const { orderId, ownerId, side, price, quantity, remaining } = order;
  const status = remaining === quantity ? 'open' : 'partially_filled';
  return { status, orderId, ownerId, side, price, quantity, remainingQuantity: remaining };
}

function pendingStopOrder(stop: PendingStop): PendingStopOrder {
  const { orderId, ownerId, side, type, quantity, price, stopPrice, timeInForce } = stop;
  return {
    status: 'pending_stop',
    orderId,
    ownerId,
    side,
    type,
    quantity,
    price,
    stopPrice,
    timeInForce,
  };
}

import { BookPlan } from './book-plan.js';
import { BookSide, restingNode, reuseNode } from './book-side.js';
import type { PriceLevel, RestingNode } from './book-side.js';
import { KeyIndex } from './key-index.js';
import { MatchRun } from './matcher.js';
import { planAmend } from './amend.js';
import { planCancelAll } from './cancel-all.js';
import { crossesBook, planCancel, planPlacement } from './planner.js';
import { StopBook, pendingStop } from './stop-book.js';
import type { PendingStop } from './stop-book.js';
import type {
  AmendOrder,
  CancelAllOrders,
  Command,
  ExpireOrder,
  DepthSnapshot,
  LevelView,
  LiveOrder,
  MatchingBook,
  OrderIdentity,
  PendingStopOrder,
  PlanResult,
  RestingOrder,
  Side,
} from './types.js';

/** Thrown by `apply` for a plan made against another book or an older version: a caller bug. */
export class StalePlanError extends Error {
  override readonly name = 'StalePlanError';
}

/**
 * The order book of one token: price-time priority with integer ticks and quantities, a stop
 * book, and self-trade prevention. Commands go through `plan` (pure) and `apply`; one writer
 * per book applies plans in sequence.
 */
export class OrderBook implements MatchingBook<BookPlan> {
  /** Read by planning and by the invariant checks; only `apply` and `restore` write them. */
  readonly bids = new BookSide('buy');
  readonly asks = new BookSide('sell');
  readonly stops = new StopBook();
  private readonly live = new KeyIndex<RestingNode | PendingStop>();
  /**
   * Orders that trades took out of the book (filled makers, triggered stops) whose keys are still
   * in `live`, deleted a few at a time by later commands (`retireSome`). An order placed long ago
   * has its key's slot out of cache, and a cascade's deletes, one after another, each waited for
   * its miss in full: about half of the stops stream's p99.9. So a plan's first DELETED_AT_ONCE
   * are deleted by its `apply` (most plans have no more, and queueing costs a little), the rest
   * queued. Until its key is deleted, such an order is in `live` but seen as gone (`isRetired`);
   * every queued order has its entry there. The queue is `retiredKeys` and `retiredOrders` from
   * `retiredFrom` up to `retiredTo`; the arrays keep their length when it empties (truncated, they
   * were reallocated for every taker's plan).
   */
  private readonly retiredKeys: number[] = [];
  /** Starts with a null slot, for its element kind (see `spares`). */
  private readonly retiredOrders: (RestingNode | PendingStop | null)[] = [null];
  private retiredFrom = 0;
  private retiredTo = 0;
  /** How many more of the applied plan's retired orders `retire` deletes at once. */
  private deletesLeft = 0;
  /**
   * The highest key ever indexed: keys are typically drawn from an increasing sequence, so a new
   * order's key is usually above it and its duplicate check needs no lookup.
   */
  private highestKey = -1;
  /**
   * Nodes of orders that left the book, reused by `newNode` (fewer long-lived allocations): a
   * stack of `spareCount`. Its slots hold null until used so that a new book's array has the
   * element kind (objects) of a used one's: an empty `[]` is an array of small integers until its
   * first push, and the code optimized for a used book's spares was thrown away on every new
   * book's (the deep-100k benchmark's first timed runs re-optimized the planner and `apply`).
   */
  private readonly spares = new Array<RestingNode | null>(MAX_SPARES).fill(null);
  private spareCount = 0;
  /** The book's one plan, rewritten for every command, and the result that carries it. */
  private readonly pending = new BookPlan(this);
  readonly accepted: PlanResult<BookPlan> = Object.freeze({ ok: true, plan: this.pending });
  /**
   * Made with the book, not on its first match: V8 keeps the shape of an object only while some
   * object has it, and optimized code that relied on a shape is thrown away when it dies. A book
   * whose run appeared only on its first match, replacing a dropped book, left the run's shapes
   * without an object at the next collection: all of the matching code was deoptimized.
   */
  private readonly run: MatchRun = new MatchRun(this, this.pending);
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
    return this.live.size - (this.retiredTo - this.retiredFrom);
  }

  /**
   * Computes a command's outcome without changing the book. The plan is the book's own and is
   * rewritten by the next `plan`: read it, commit it and apply it before planning again.
   */
  plan(command: Command): PlanResult<BookPlan> {
    this.pending.bookVersion = -1; // a refused command leaves no plan to apply
    if (command.kind === 'place') return planPlacement(this, command);
    if (command.kind === 'cancel') return planCancel(this, command.key, false);
    return this.planChange(command);
  }

  /** The rarer commands, out of line so that `plan` stays small. */
  private planChange(command: AmendOrder | ExpireOrder | CancelAllOrders): PlanResult<BookPlan> {
    if (command.kind === 'expire') return planCancel(this, command.key, true);
    if (command.kind === 'amend') return planAmend(this, command);
    return planCancelAll(this, command.ownerKey);
  }

  /** The live order behind a key, for planning; callers outside the engine use `find`. */
  entry(key: number): RestingNode | PendingStop | undefined {
    if (key > this.highestKey) return undefined;
    const order = this.live.get(key);
    return order === undefined || isRetired(order, key) ? undefined : order;
  }

  /**
   * A node for a planned resting order, reused from an order that left the book when possible.
   * Taking a spare is not a change of the book: a dropped plan's node is simply garbage, and a
   * node returns to the spares only in `apply`, after which every earlier plan is stale.
   */
  newNode(order: OrderIdentity, price: number, remaining: number): RestingNode {
    if (this.spareCount === 0) return restingNode(order, price, remaining);
    this.spareCount -= 1;
    return reuseNode(this.spares[this.spareCount] as RestingNode, order, price, remaining);
  }

  /** The book's plan made that of a new order resting whole at `level` (planning only). */
  restWhole(node: RestingNode, level: PriceLevel | undefined): PlanResult<BookPlan> {
    this.pending.restWhole(this.versionNumber, this.lastTrade, node, level, this.lastDelta + 1);
    return this.accepted;
  }

  /** The book's plan, reset for a new command (planning only). */
  freshPlan(): BookPlan {
    return this.pending.reset(this.versionNumber, this.lastTrade);
  }

  /** The matching run planning uses, reset; one per book (planning is never re-entered). */
  matchRun(plan: BookPlan): MatchRun {
    return this.run.reset(plan);
  }

  /** Makes the book match the plan's outcome; a plan can be applied once. */
  apply(plan: BookPlan): void {
    if (plan.book !== this || plan.bookVersion !== this.versionNumber) {
      throw new StalePlanError('plan was not made against the current version of this book');
    }
    if (plan.cancelled !== null) this.removeLive(plan.cancelled);
    if (plan.newStop !== null) this.addStop(plan.newStop);
    if (plan.rare) this.applyRare(plan);
    // Orders are consumed and stops triggered only by trades; most plans have none.
    if (plan.tradeCount > 0) this.applyTrades(plan);
    for (let i = 0; i < plan.restCount; i += 1) {
      const rest = plan.restAt(i);
      if (rest.remaining > 0) this.addResting(rest, plan.restLevel);
    }
    this.lastTrade = plan.lastPrice;
    this.lastDelta += plan.deltaCount;
    this.versionNumber += 1;
  }

  depth(levels: number): DepthSnapshot {
    return {
      sequence: this.lastDelta,
      bids: levelViews(this.bids, levels),
      asks: levelViews(this.asks, levels),
    };
  }

  /** The live order with this key (resting or pending stop), if any. */
  find(key: number): LiveOrder | undefined {
    const order = this.entry(key);
    if (order === undefined) return undefined;
    return order.resting ? liveOrder(order) : pendingStopOrder(order);
  }

  restingOrders(): RestingOrder[] {
    const orders: RestingOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      for (let level = side.best; level !== null; level = level.worse) {
        for (let node = level.head; node !== null; node = node.next) orders.push(liveOrder(node));
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
    if (this.entry(order.key) !== undefined) throw new Error(`duplicate order ${order.orderId}`);
    if (order.status === 'pending_stop') {
      const { type, price, stopPrice, timeInForce } = order;
      this.addStop(pendingStop(order, type, price, stopPrice, timeInForce));
      return;
    }
    const { orderId, side, price, quantity, remainingQuantity } = order;
    if (remainingQuantity <= 0 || remainingQuantity > quantity) {
      throw new Error(`order ${orderId} has no quantity to rest`);
    }
    if (crossesBook(this, side, price)) throw new Error(`order ${orderId} would cross the book`);
    this.addResting(restingNode(order, price, remainingQuantity));
  }

  /** An amend in place or a cancel-all's removals. */
  private applyRare(plan: BookPlan): void {
    for (let i = 0; i < plan.removalCount; i += 1) this.removeLive(plan.removalAt(i));
    const order = plan.amended;
    if (order === null) return;
    if (order.resting) {
      const remaining = plan.amendedQuantity - (order.quantity - order.remaining);
      this.sideOf(order.side).reduce(order, order.remaining - remaining);
      order.quantity = plan.amendedQuantity;
    } else {
      order.quantity = plan.amendedQuantity;
      order.price = plan.amendedPrice;
    }
  }

  /** What a plan's trades did: orders consumed from each side, stops triggered on each side. */
  private applyTrades(plan: BookPlan): void {
    if (this.retiredFrom < this.retiredTo) this.retireSome();
    this.deletesLeft = DELETED_AT_ONCE;
    this.consume(this.bids, plan.consumedBids, plan.partialBid);
    this.consume(this.asks, plan.consumedAsks, plan.partialAsk);
    this.stops.drop('buy', plan.triggeredBuys);
    this.stops.drop('sell', plan.triggeredSells);
    for (let i = 0; i < plan.triggeredCount; i += 1) {
      this.retire(plan.triggeredKeyAt(i), plan.triggeredAt(i));
    }
  }

  /** Deletes or queues the key of an order that a trade took out of the book (`retiredKeys`). */
  private retire(key: number, order: RestingNode | PendingStop): void {
    if (this.deletesLeft > 0) {
      this.deletesLeft -= 1;
      this.live.delete(key);
      return;
    }
    this.retiredKeys[this.retiredTo] = key;
    this.retiredOrders[this.retiredTo++] = order;
  }

  /**
   * Deletes up to RETIRED_PER_APPLY queued keys from `live`. Every command that adds an order or
   * trades calls it: an order is retired at most once and was added by one such command, so the
   * queue drains faster than it fills and never holds more keys than the book once held orders.
   */
  private retireSome(count = RETIRED_PER_APPLY): void {
    const end = Math.min(this.retiredTo, this.retiredFrom + count);
    for (let i = this.retiredFrom; i < end; i += 1) {
      // The entry is still the retired order's (see `clearKey`): compared, not read, as the
      // order may be out of cache by now.
      const key = this.retiredKeys[i] as number;
      if (this.live.get(key) === this.retiredOrders[i]) this.live.delete(key);
      this.retiredOrders[i] = null;
    }
    this.retiredFrom = end;
    if (end === this.retiredTo) this.retiredFrom = this.retiredTo = 0;
  }

  /**
   * Before an order enters the index under a key at or below the highest (a caller reusing keys):
   * an entry under it can only be a retired order's (planning refused live duplicates), so the
   * whole queue is deleted first. Else that entry, replaced by `set`, would still be in the queue,
   * and the order now under the key (possibly the same node, reused) deleted with it later.
   */
  private clearKey(key: number): void {
    if (key > this.highestKey || this.live.get(key) === undefined) return;
    this.retireSome(this.retiredTo - this.retiredFrom);
  }

  /** Removes `count` whole orders from the best of `side`, then `partial` from the next. */
  private consume(side: BookSide, count: number, partial: number): void {
    for (let i = 0; i < count; i += 1) {
      const node = side.best?.head as RestingNode;
      side.remove(node);
      this.retire(node.key, node);
      this.release(node);
    }
    if (partial > 0) side.reduce(side.best?.head as RestingNode, partial);
  }

  private addResting(node: RestingNode, level?: PriceLevel): void {
    node.arrival = ++this.arrivals;
    this.clearKey(node.key);
    if (this.retiredFrom < this.retiredTo) this.retireSome();
    this.sideOf(node.side).append(node, level);
    this.index(node.key, node);
  }

  private addStop(stop: PendingStop): void {
    // The stop is the applied plan's own object (or restore's copy): numbered in place.
    stop.arrival = ++this.arrivals;
    this.clearKey(stop.key);
    if (this.retiredFrom < this.retiredTo) this.retireSome();
    this.stops.add(stop);
    this.index(stop.key, stop);
  }

  private removeLive(order: RestingNode | PendingStop): void {
    this.live.delete(order.key);
    if (order.resting) {
      this.sideOf(order.side).remove(order);
      this.release(order);
    } else this.stops.remove(order);
  }

  private index(key: number, order: RestingNode | PendingStop): void {
    this.live.set(order);
    if (key > this.highestKey) this.highestKey = key;
  }

  private release(node: RestingNode): void {
    if (this.spareCount < MAX_SPARES) this.spares[this.spareCount++] = node;
  }

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }
}

/**
 * Enough spare nodes for bursts of cancels and fills; more are left to the garbage collector. A
 * larger pool (65,536) kept what a run of takers consumed and nothing reused: keeping them cost
 * the crossing stream about a fifth of its time.
 */
const MAX_SPARES = 1_024;

/** How many queued keys a command deletes from the index (see `retiredKeys`). */
const RETIRED_PER_APPLY = 2;

/** How many of its retired orders' keys a plan's `apply` deletes itself (see `retiredKeys`). */
const DELETED_AT_ONCE = 4;

/**
 * True when the index's entry for `key` is an order a trade took out of the book: a resting
 * order's node unlinked (or reused since for another key), a triggered stop (`StopBook.drop`
 * unset its queue).
 */
function isRetired(order: RestingNode | PendingStop, key: number): boolean {
  return order.resting ? order.level === null || order.key !== key : order.bucket === null;
}

function levelViews(side: BookSide, count: number): LevelView[] {
  const views: LevelView[] = [];
  for (let level = side.best; level !== null && views.length < count; level = level.worse) {
    views.push({ price: level.price, quantity: level.quantity, orderCount: level.orderCount });
  }
  return views;
}

function liveOrder(order: RestingNode): RestingOrder {
  const { key, orderId, ownerId, ownerKey, side, price, quantity, remaining } = order;
  const status = remaining === quantity ? 'open' : 'partially_filled';
  const remainingQuantity = remaining;
  return { status, key, orderId, ownerId, ownerKey, side, price, quantity, remainingQuantity };
}

function pendingStopOrder(stop: PendingStop): PendingStopOrder {
  const { key, orderId, ownerId, ownerKey, side, type, quantity, price, stopPrice, timeInForce } =
    stop;
  return {
    status: 'pending_stop',
    key,
    orderId,
    ownerId,
    ownerKey,
    side,
    type,
    quantity,
    price,
    stopPrice,
    timeInForce,
  };
}

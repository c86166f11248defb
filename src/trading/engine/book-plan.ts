import type { PriceLevel, RestingNode } from './book-side.js';
import type { PendingStop } from './stop-book.js';
import type {
  BookDelta,
  CancelReason,
  OrderStatus,
  OrderUpdate,
  PlanOutcome,
  Side,
  Trade,
} from './types.js';

/** A trade as a plan records it; a plan's records are rewritten by the book's next plan. */
export class TradeRecord implements Trade {
  price = 0;
  quantity = 0;
  takerSide: Side = 'buy';
  buyOrderId = '';
  sellOrderId = '';
  buyerId = '';
  sellerId = '';
}

/** An order update as a plan records it: `reason` is set only for a cancellation. */
export class UpdateRecord {
  orderId = '';
  ownerId = '';
  side: Side = 'buy';
  status: OrderStatus = 'open';
  reason: CancelReason | null = null;
  filledQuantity = 0;
  remainingQuantity = 0;
}

/** A book delta as a plan records it. */
export class DeltaRecord implements BookDelta {
  sequence = 0;
  side: Side = 'buy';
  price = 0;
  quantity = 0;
  orderCount = 0;
}

/**
 * A command's complete outcome against one version of one book. Committing it is the caller's
 * business; `OrderBook.apply` then makes the book match it. A plan that is never applied changes
 * nothing.
 *
 * Each book owns one plan and rewrites it for every command: planning allocates nothing, which
 * is what keeps the engine fast (the records of a run of commands would otherwise be most of
 * what the garbage collector does). So a plan is valid until the book's next `plan` or `apply`:
 * the trading service plans, commits and applies one command at a time per book, reading the
 * records in between. `tradeAt`, `updateAt` and `deltaAt` give the records themselves;
 * `trades`, `orders` and `deltas` give copies that outlive the plan.
 *
 * Besides the outcome, a plan records how it changes the book, in a form `apply` can replay
 * without searching: matching only ever consumes a prefix of each side (self-trade prevention
 * stops the taker rather than skipping an order), and triggering only ever takes a suffix of each
 * stop array. Those fields are the engine's: written only while the plan is built, read only by
 * `apply`.
 */
export class BookPlan implements PlanOutcome {
  /** The book's version the plan was made at; `apply` refuses it at any other version. */
  bookVersion = -1;
  /** The last trade price after the plan (unchanged when there were no trades). */
  lastPrice: number | null = null;
  /** The live order a cancel removes. */
  cancelled: RestingNode | PendingStop | null = null;
  /** The stop order a stop placement adds. */
  newStop: PendingStop | null = null;
  /**
   * True for the rare plans `apply` handles out of line: an amend in place (`amended`) or a
   * cancel-all (`removalCount` removals).
   */
  rare = false;
  /** The order an amend changes in place (a resting order's decrease, or a pending stop). */
  amended: RestingNode | PendingStop | null = null;
  /** The amended order's new total quantity and (stop_limit) limit price. */
  amendedQuantity = 0;
  amendedPrice: number | null = null;
  /** Live orders a cancel-all removes: `removalCount` of them. */
  removalCount = 0;
  /** Resting orders consumed entirely, counted from the best of each side. */
  consumedBids = 0;
  consumedAsks = 0;
  /** What was taken from the first order that survives, on each side. */
  partialBid = 0;
  partialAsk = 0;
  triggeredBuys = 0;
  triggeredSells = 0;
  /** The price level of a plan's one resting order, when planning looked it up (`apply` reuses it). */
  restLevel: PriceLevel | undefined = undefined;
  /** New resting orders in arrival order, each behind everything resting; `restCount` of them. */
  restCount = 0;
  tradeCount = 0;
  updateCount = 0;
  deltaCount = 0;
  triggeredCount = 0;
  private readonly removals: (RestingNode | PendingStop)[] = [];
  private readonly restNodes: RestingNode[] = [];
  // Each pool starts with a record so that the records' shapes live as long as the book (see
  // `OrderBook.run`): a new book that had not traded yet would otherwise leave the trade record's
  // shape to die with a dropped book, and the code that writes trades with it.
  private readonly tradeRecords: TradeRecord[] = [new TradeRecord()];
  private readonly updateRecords: UpdateRecord[] = [new UpdateRecord()];
  private readonly deltaRecords: DeltaRecord[] = [new DeltaRecord()];
  /** Starts with a null slot, for its element kind (see `OrderBook.spares`). */
  private readonly triggeredIds: (string | null)[] = [null];
  /** The triggered stops and their keys, for `apply` to take them out of the book's index. */
  private readonly triggeredKeys: number[] = [];
  /** Starts with a null slot, for its element kind (see `OrderBook.spares`). */
  private readonly triggeredOrders: (PendingStop | null)[] = [null];

  /** `book` is the book that owns the plan. */
  constructor(readonly book: object) {}

  /** Starts a new plan against `version` of the book. */
  reset(version: number, lastPrice: number | null): this {
    this.bookVersion = version;
    this.lastPrice = lastPrice;
    this.cancelled = null;
    this.newStop = null;
    this.rare = false;
    this.amended = null;
    this.removalCount = 0;
    this.restLevel = undefined;
    this.consumedBids = this.consumedAsks = this.partialBid = this.partialAsk = 0;
    this.triggeredBuys = this.triggeredSells = 0;
    this.restCount = this.tradeCount = this.updateCount = this.deltaCount = 0;
    this.triggeredCount = 0;
    return this;
  }

  /**
   * Makes this the plan, against `version`, of a new order resting whole at `level` with no
   * trades: its open update, its level's delta and its node. The commonest placement's whole
   * outcome in one method, which the optimizer compiles as one unit (as separate calls from the
   * planner they did not fit its inlining budget, and cost a call each).
   */
  restWhole(
    version: number,
    lastPrice: number | null,
    node: RestingNode,
    level: PriceLevel | undefined,
    firstSequence: number,
  ): void {
    this.reset(version, lastPrice);
    this.update(node.orderId, node.ownerId, node.side, 'open', null, 0, node.quantity);
    this.restOnLevel(node, level, firstSequence);
  }

  /** Records a plan's order left resting (its level's delta is recorded by the caller). */
  rest(node: RestingNode): void {
    this.restNodes[this.restCount++] = node;
  }

  /**
   * Records a new order resting at `level` (undefined: none yet at its price): the node, the
   * delta of its level with it, and the level itself, which `apply` links the node into.
   */
  restOnLevel(node: RestingNode, level: PriceLevel | undefined, firstSequence: number): void {
    this.restNodes[this.restCount++] = node;
    this.restLevel = level;
    const before = level === undefined ? 0 : level.quantity;
    const count = level === undefined ? 0 : level.orderCount;
    this.delta(firstSequence, node.side, node.price, before + node.remaining, count + 1);
  }

  /** Records an amend in place: `order` gets a new total quantity and limit price. */
  amend(order: RestingNode | PendingStop, quantity: number, price: number | null): void {
    this.rare = true;
    this.amended = order;
    this.amendedQuantity = quantity;
    this.amendedPrice = price;
  }

  /** Records a live order a cancel-all removes. */
  remove(order: RestingNode | PendingStop): void {
    this.rare = true;
    this.removals[this.removalCount++] = order;
  }

  removalAt(i: number): RestingNode | PendingStop {
    return this.removals[i] as RestingNode | PendingStop;
  }

  restAt(i: number): RestingNode {
    return this.restNodes[i] as RestingNode;
  }

  /** Records a trade; the first four arguments are the taker's, then the maker's order. */
  trade(
    takerSide: Side,
    takerOrderId: string,
    takerOwnerId: string,
    maker: RestingNode,
    quantity: number,
  ): void {
    const t = (this.tradeRecords[this.tradeCount++] ??= new TradeRecord());
    const buy = takerSide === 'buy';
    t.price = maker.price;
    t.quantity = quantity;
    t.takerSide = takerSide;
    t.buyOrderId = buy ? takerOrderId : maker.orderId;
    t.sellOrderId = buy ? maker.orderId : takerOrderId;
    t.buyerId = buy ? takerOwnerId : maker.ownerId;
    t.sellerId = buy ? maker.ownerId : takerOwnerId;
  }

  /** Records an order update; `reason` only (and always) for a cancellation. */
  update(
    orderId: string,
    ownerId: string,
    side: Side,
    status: OrderStatus,
    reason: CancelReason | null,
    filled: number,
    remaining: number,
  ): void {
    const u = (this.updateRecords[this.updateCount++] ??= new UpdateRecord());
    u.orderId = orderId;
    u.ownerId = ownerId;
    u.side = side;
    u.status = status;
    u.reason = reason;
    u.filledQuantity = filled;
    u.remainingQuantity = remaining;
  }

  /** Records a level's new aggregate, numbered after the plan's earlier deltas. */
  delta(firstSequence: number, side: Side, price: number, quantity: number, count: number): void {
    const d = (this.deltaRecords[this.deltaCount] ??= new DeltaRecord());
    d.sequence = firstSequence + this.deltaCount++;
    d.side = side;
    d.price = price;
    d.quantity = quantity;
    d.orderCount = count;
  }

  /** Forgets the deltas recorded so far (a matching run taking over records them again). */
  clearDeltas(): void {
    this.deltaCount = 0;
  }

  /** Moves the last delta to the front: a buy taker's own bid level comes before the asks. */
  lastDeltaFirst(): void {
    const records = this.deltaRecords;
    const last = records[this.deltaCount - 1] as DeltaRecord;
    const first = (records[0] as DeltaRecord).sequence;
    for (let i = this.deltaCount - 1; i > 0; i -= 1) {
      const moved = records[i - 1] as DeltaRecord;
      moved.sequence = first + i;
      records[i] = moved;
    }
    last.sequence = first;
    records[0] = last;
  }

  /** Records a triggered stop, reading its key and id (see `MatchRun.triggerSide`). */
  triggered(stop: PendingStop): void {
    this.triggeredKeys[this.triggeredCount] = stop.key;
    this.triggeredOrders[this.triggeredCount] = stop;
    this.triggeredIds[this.triggeredCount++] = stop.orderId;
  }

  triggeredKeyAt(i: number): number {
    return this.triggeredKeys[i] as number;
  }

  triggeredAt(i: number): PendingStop {
    return this.triggeredOrders[i] as PendingStop;
  }

  tradeAt(i: number): TradeRecord {
    return this.tradeRecords[i] as TradeRecord;
  }

  updateAt(i: number): UpdateRecord {
    return this.updateRecords[i] as UpdateRecord;
  }

  deltaAt(i: number): DeltaRecord {
    return this.deltaRecords[i] as DeltaRecord;
  }

  get trades(): Trade[] {
    return this.tradeRecords.slice(0, this.tradeCount).map((t) => ({ ...t }));
  }

  get orders(): OrderUpdate[] {
    return this.updateRecords.slice(0, this.updateCount).map(copyUpdate);
  }

  get deltas(): BookDelta[] {
    return this.deltaRecords.slice(0, this.deltaCount).map((d) => ({ ...d }));
  }

  get triggeredStops(): string[] {
    return this.triggeredIds.slice(0, this.triggeredCount) as string[];
  }
}

function copyUpdate(u: UpdateRecord): OrderUpdate {
  const { orderId, ownerId, side, status, reason, filledQuantity, remainingQuantity } = u;
  const base = { orderId, ownerId, side, filledQuantity, remainingQuantity };
  if (status === 'cancelled') return { ...base, status, reason: reason as CancelReason };
  return { ...base, status };
}

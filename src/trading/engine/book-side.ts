import { Ladder, Rung } from './price-ladder.js';
import type { OrderIdentity, Side } from './types.js';

/**
 * A resting order: a node of its level's intrusive FIFO list. A plan takes the nodes of the
 * orders it will leave resting from the book's spares (`OrderBook.newNode`; `level` null until
 * `OrderBook.apply` links them) and may lower their `remaining` while it is being built; once
 * built, a plan's nodes never change again until they are linked. A node that leaves the book
 * goes back to the spares, so its identity fields are rewritten by `reuseNode` when it is reused.
 */
export interface RestingNode {
  /** Tells a resting order from a pending stop (`PendingStop.resting` is false). */
  readonly resting: true;
  prev: RestingNode | null;
  next: RestingNode | null;
  level: PriceLevel | null;
  /** The book-wide arrival number, set when linked; strictly increasing along every level. */
  arrival: number;
  /** The caller's integer handle (`PlaceOrder.key`). */
  key: number;
  orderId: string;
  ownerId: string;
  ownerKey: number;
  side: Side;
  price: number;
  /** The order's original quantity; quantity - remaining is what it has filled. */
  quantity: number;
  remaining: number;
}

/**
 * A new order's node. An object literal, not a class instance, on purpose: V8 tracks the
 * survival of objects by the literal that allocates them and, once most survive (a growing book),
 * allocates the later ones straight in the old generation, so the young-generation collections
 * no longer copy every resting order twice. Instances of a class get no such tracking.
 */
export function restingNode(order: OrderIdentity, price: number, remaining: number): RestingNode {
  return {
    resting: true,
    prev: null,
    next: null,
    level: null,
    arrival: 0,
    key: order.key,
    orderId: order.orderId,
    ownerId: order.ownerId,
    ownerKey: order.ownerKey,
    side: order.side,
    price,
    quantity: order.quantity,
    remaining,
  };
}

/** Makes a spare node (one that left the book, unlinked) a new order's node. */
export function reuseNode(
  node: RestingNode,
  order: OrderIdentity,
  price: number,
  remaining: number,
): RestingNode {
  node.key = order.key;
  node.orderId = order.orderId;
  node.ownerId = order.ownerId;
  node.ownerKey = order.ownerKey;
  node.side = order.side;
  node.price = price;
  node.quantity = order.quantity;
  node.remaining = remaining;
  node.arrival = 0;
  return node;
}

/** The size of a side's level cache (a power of two). */
const RECENT_SLOTS = 4_096;

/** How many emptied levels a side keeps for reuse. */
const MAX_IDLE_LEVELS = 1_024;

/**
 * All resting orders at one price, oldest first, with their aggregate for depth; a rung of its
 * side's ladder while it has orders (`worse` is the next level in priority order).
 */
export class PriceLevel extends Rung<PriceLevel> {
  head: RestingNode | null = null;
  tail: RestingNode | null = null;
  quantity = 0;
  orderCount = 0;
}

/**
 * One side of the book: levels by price, and the active levels on a ladder in priority order
 * (`best`, then each level's `worse`): a level appears in logarithmic time (a few steps near the
 * best, where most do) and empties in constant time wherever it is.
 */
export class BookSide {
  private readonly byPrice = new Map<number, PriceLevel>();
  /**
   * A direct-mapped cache in front of `byPrice`, indexed by the price's low bits: the prices in
   * use cluster near the touch, so nearly every lookup is one array read instead of a hash lookup.
   */
  private readonly recent = new Array<PriceLevel | null>(RECENT_SLOTS).fill(null);
  private readonly ladder: Ladder<PriceLevel>;
  /** +1 for bids (higher is better), -1 for asks. */
  private readonly sign: number;

  constructor(readonly side: Side) {
    this.sign = side === 'buy' ? 1 : -1;
    this.ladder = new Ladder((height) => new PriceLevel(Number.NaN, height), this.sign);
  }

  get levelCount(): number {
    return this.ladder.size;
  }

  /** The best level, or null when the side is empty; `level.worse` walks on from it. */
  get best(): PriceLevel | null {
    return this.ladder.first;
  }

  /** The level at `price`, if any; it may be an idle level with no orders (see `remove`). */
  level(price: number): PriceLevel | undefined {
    const slot = price & (RECENT_SLOTS - 1);
    const cached = this.recent[slot] as PriceLevel | null;
    if (cached !== null && cached.price === price) return cached;
    const level = this.byPrice.get(price);
    if (level !== undefined) this.recent[slot] = level;
    return level;
  }

  /** True when price `a` has strictly better priority than `b` on this side. */
  isBetter(a: number, b: number): boolean {
    return (a - b) * this.sign > 0;
  }

  /**
   * Appends at the back of its price's queue (newest, lowest time priority). `known` is the
   * node's price level when the caller has already looked it up.
   */
  append(node: RestingNode, known?: PriceLevel): void {
    let level = known ?? this.level(node.price);
    if (level === undefined) {
      level = new PriceLevel(node.price);
      this.byPrice.set(node.price, level);
      this.recent[node.price & (RECENT_SLOTS - 1)] = level;
    }
    if (level.orderCount === 0) this.ladder.insert(level);
    node.level = level;
    node.prev = level.tail;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.quantity += node.remaining;
    level.orderCount += 1;
  }

  remove(node: RestingNode): void {
    const level = node.level;
    if (level === null) throw new Error(`order ${node.orderId} is not resting`);
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = node.next = node.level = null;
    level.quantity -= node.remaining;
    level.orderCount -= 1;
    if (level.orderCount === 0) {
      this.ladder.remove(level);
      // Levels near the touch empty and refill all the time: an emptied level stays in the map,
      // idle, to be reused, unless the map already holds many more levels than are active.
      if (this.byPrice.size > MAX_IDLE_LEVELS + this.ladder.size) this.forget(level);
    }
  }

  /** Drops an idle level from the map and the cache. */
  private forget(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const slot = level.price & (RECENT_SLOTS - 1);
    if (this.recent[slot] === level) this.recent[slot] = null;
  }

  /** Takes `quantity` from a resting order that keeps some remaining quantity. */
  reduce(node: RestingNode, quantity: number): void {
    node.remaining -= quantity;
    if (node.level !== null) node.level.quantity -= quantity;
  }
}

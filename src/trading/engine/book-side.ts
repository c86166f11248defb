import type { OrderIdentity, Side } from './types.js';

/**
 * A resting order: a node of its level's intrusive FIFO list. A plan takes the nodes of the
 * orders it will leave resting from the book's spares (`OrderBook.newNode`; `level` null until
 * `OrderBook.apply` links them) and may lower their `remaining` while it is being built; once
 * built, a plan's nodes never change again until they are linked. A node that leaves the book
 * goes back to the spares, so its identity fields are rewritten by `init` when it is reused.
 */
export class RestingNode {
  prev: RestingNode | null = null;
  next: RestingNode | null = null;
  level: PriceLevel | null = null;
  /** The book-wide arrival number, set when linked; strictly increasing along every level. */
  arrival = 0;

  /** The caller's integer handle (`PlaceOrder.key`). */
  key = 0;
  orderId = '';
  ownerId = '';
  ownerKey = 0;
  side: Side = 'buy';
  price = 0;
  /** The order's original quantity; quantity - remaining is what it has filled. */
  quantity = 0;
  remaining = 0;

  constructor(order: OrderIdentity, price: number, remaining: number) {
    this.init(order, price, remaining);
  }

  /** Makes a spare node a new order's node. */
  init(order: OrderIdentity, price: number, remaining: number): this {
    this.key = order.key;
    this.orderId = order.orderId;
    this.ownerId = order.ownerId;
    this.ownerKey = order.ownerKey;
    this.side = order.side;
    this.price = price;
    this.quantity = order.quantity;
    this.remaining = remaining;
    this.arrival = 0;
    return this;
  }
}

/** The size of a side's level cache (a power of two). */
const RECENT_SLOTS = 4_096;

/** How many levels from the best a side's level array is shifted by hand (see `insertLevel`). */
const NEAR_LEVELS = 16;

/** How many emptied levels a side keeps for reuse. */
const MAX_IDLE_LEVELS = 1_024;

/** All resting orders at one price, oldest first, with their aggregate for depth. */
export class PriceLevel {
  head: RestingNode | null = null;
  tail: RestingNode | null = null;
  quantity = 0;
  orderCount = 0;

  constructor(readonly price: number) {}
}

/**
 * One side of the book: levels by price plus an array of the active levels sorted with the best
 * last, so the common operations near the top of the book (adding a level at or next to the
 * best price, removing the best level, walking from the best) touch only the end of the array.
 */
export class BookSide {
  private readonly byPrice = new Map<number, PriceLevel>();
  /**
   * A direct-mapped cache in front of `byPrice`, indexed by the price's low bits: the prices in
   * use cluster near the touch, so nearly every lookup is one array read instead of a hash lookup.
   */
  private readonly recent = new Array<PriceLevel | null>(RECENT_SLOTS).fill(null);
  private readonly sorted: PriceLevel[] = [];
  /** +1 for bids (higher is better), -1 for asks. */
  private readonly sign: number;

  constructor(readonly side: Side) {
    this.sign = side === 'buy' ? 1 : -1;
  }

  get levelCount(): number {
    return this.sorted.length;
  }

  /** The level `rank` steps from the best (0 is the best), or undefined past the last one. */
  levelAt(rank: number): PriceLevel | undefined {
    // Bounds-checked first: reading past an array's end is slow in V8.
    return rank < this.sorted.length ? this.sorted[this.sorted.length - 1 - rank] : undefined;
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
    if (level.orderCount === 0) this.insertLevel(level);
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
      this.removeLevel(level);
      // Levels near the touch empty and refill all the time: an emptied level stays in the map,
      // idle, to be reused, unless the map already holds many more levels than are active.
      if (this.byPrice.size > MAX_IDLE_LEVELS + this.sorted.length) this.forget(level);
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

  // A level that appears or empties is usually within a few places of the best: those are moved
  // by hand, scanning from the best end (the levels scanned are the ones that move, and `splice`
  // is a call into the runtime). Further in, a binary search finds the place and `splice` moves
  // the levels behind it in one native copy, so that a deep book's far levels cost a search and
  // a memory move instead of a comparison per level.
  private insertLevel(level: PriceLevel): void {
    const sorted = this.sorted;
    const length = sorted.length;
    const near = length - NEAR_LEVELS;
    let i = length;
    if (near > 0 && this.isBetter((sorted[near] as PriceLevel).price, level.price)) {
      sorted.splice(this.position(level.price, near), 0, level);
      return;
    }
    for (; i > 0 && this.isBetter((sorted[i - 1] as PriceLevel).price, level.price); i -= 1) {
      sorted[i] = sorted[i - 1] as PriceLevel;
    }
    sorted[i] = level;
  }

  private removeLevel(level: PriceLevel): void {
    const sorted = this.sorted;
    const last = sorted.length - 1;
    const near = last + 1 - NEAR_LEVELS;
    if (near > 0 && this.isBetter((sorted[near] as PriceLevel).price, level.price)) {
      const index = this.position(level.price, near);
      if (sorted[index] !== level) throw new Error(`price ${level.price} is not an active level`);
      sorted.splice(index, 1);
      return;
    }
    let index = last;
    while (index >= 0 && sorted[index] !== level) index -= 1;
    if (index < 0) throw new Error(`price ${level.price} is not an active level`);
    for (let i = index; i < last; i += 1) sorted[i] = sorted[i + 1] as PriceLevel;
    sorted.pop();
  }

  /**
   * The index, at most `high`, of the first level whose price is not worse than `price` (every
   * level before it is worse): where a level at `price` is, or goes.
   */
  private position(price: number, high: number): number {
    const sorted = this.sorted;
    let low = 0;
    let top = high;
    while (low < top) {
      const mid = (low + top) >>> 1;
      if (this.isBetter(price, (sorted[mid] as PriceLevel).price)) low = mid + 1;
      else top = mid;
    }
    return low;
  }
}

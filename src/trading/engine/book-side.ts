import type { Side } from './types.js';

/** A resting order: a node of its level's intrusive FIFO list. */
export class RestingNode {
  prev: RestingNode | null = null;
  next: RestingNode | null = null;
  level: PriceLevel | null = null;

  constructor(
    readonly orderId: string,
    readonly ownerId: string,
    readonly side: Side,
    readonly price: number,
    /** The order's original quantity; quantity - remaining is what it has filled. */
    readonly quantity: number,
    public remaining: number,
    /** The book-wide arrival number; strictly increasing along every level's list. */
    readonly arrival: number,
  ) {}
}

/** All resting orders at one price, oldest first, with their aggregate for depth. */
export class PriceLevel {
  head: RestingNode | null = null;
  tail: RestingNode | null = null;
  quantity = 0;
  orderCount = 0;

  constructor(readonly price: number) {}
}

/**
 * One side of the book: levels by price plus a sorted array of the active prices with the best
 * price last, so the common operations near the top of the book (adding a level at or next to
 * the best price, removing the best level) touch only the end of the array.
 */
export class BookSide {
  private readonly levels = new Map<number, PriceLevel>();
  private readonly prices: number[] = [];
  /** +1 for bids (higher is better), -1 for asks. */
  private readonly sign: number;

  constructor(readonly side: Side) {
    this.sign = side === 'buy' ? 1 : -1;
  }

  get levelCount(): number {
    return this.prices.length;
  }

  /** The level `rank` steps from the best (0 is the best), or undefined past the last one. */
  levelAt(rank: number): PriceLevel | undefined {
    const price = this.prices[this.prices.length - 1 - rank];
    return price === undefined ? undefined : this.levels.get(price);
  }

  level(price: number): PriceLevel | undefined {
    return this.levels.get(price);
  }

  /** True when price `a` has strictly better priority than `b` on this side. */
  isBetter(a: number, b: number): boolean {
    return (a - b) * this.sign > 0;
  }

  /** Appends at the back of its price's queue (newest, lowest time priority). */
  append(node: RestingNode): void {
    let level = this.levels.get(node.price);
    if (level === undefined) {
      level = new PriceLevel(node.price);
      this.levels.set(node.price, level);
      this.insertPrice(node.price);
    }
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
      this.levels.delete(level.price);
      this.removePrice(level.price);
    }
  }

  /** Takes `quantity` from a resting order that keeps some remaining quantity. */
  reduce(node: RestingNode, quantity: number): void {
    node.remaining -= quantity;
    if (node.level !== null) node.level.quantity -= quantity;
  }

  private insertPrice(price: number): void {
    const prices = this.prices;
    // Binary search for the first price better than the new one; the new price goes before it.
    let low = 0;
    let high = prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.isBetter(prices[mid] as number, price)) high = mid;
      else low = mid + 1;
    }
    if (low === prices.length) prices.push(price);
    else prices.splice(low, 0, price);
  }

  private removePrice(price: number): void {
    const prices = this.prices;
    const last = prices.length - 1;
    if (prices[last] === price) {
      prices.pop();
      return;
    }
    prices.splice(this.indexOf(price), 1);
  }

  private indexOf(price: number): number {
    let low = 0;
    let high = this.prices.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const found = this.prices[mid] as number;
      if (found === price) return mid;
      if (this.isBetter(found, price)) high = mid - 1;
      else low = mid + 1;
    }
    throw new Error(`price ${price} is not an active level`);
  }
}

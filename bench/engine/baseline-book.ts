/**
 * A plain order book written for the benchmark, the yardstick the issue names: per side a sorted
 * array of price levels found by binary search, a linked FIFO of orders per level, a Map from id
 * to order, and per side a sorted array of pending stops. Price-time priority, stops triggered
 * by the last trade price in cascades, no self-trade prevention, no plan: it changes its state
 * as it matches and reports nothing but a running count of fills. What an engine must beat on
 * every workload to be worth its complexity.
 */

interface Order {
  readonly id: string;
  readonly buy: boolean;
  readonly price: number;
  remaining: number;
  prev: Order | null;
  next: Order | null;
  level: Level | null;
}

interface Level {
  readonly price: number;
  head: Order | null;
  tail: Order | null;
  quantity: number;
}

interface Stop {
  readonly id: string;
  readonly buy: boolean;
  readonly stopPrice: number;
  /** The limit price of a stop-limit; null for a stop-market. */
  readonly price: number | null;
  readonly quantity: number;
}

/** One side's levels sorted so that the best is last (popped and pushed at the end). */
class Levels {
  readonly sorted: Level[] = [];
  private readonly byPrice = new Map<number, Level>();

  /** `buy`: bids ascend to the best (highest) price; asks descend to the lowest. */
  constructor(private readonly buy: boolean) {}

  best(): Level | undefined {
    return this.sorted[this.sorted.length - 1];
  }

  /** The level at `price`, created and inserted in order when there is none. */
  at(price: number): Level {
    let level = this.byPrice.get(price);
    if (level === undefined) {
      level = { price, head: null, tail: null, quantity: 0 };
      this.byPrice.set(price, level);
      this.sorted.splice(this.position(price), 0, level);
    }
    return level;
  }

  remove(level: Level): void {
    this.byPrice.delete(level.price);
    this.sorted.splice(this.position(level.price), 1);
  }

  /** Binary search: the index of the first level that sorts at or after `price`. */
  private position(price: number): number {
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const p = (sorted[mid] as Level).price;
      if (this.buy ? p < price : p > price) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** One side's stops sorted so that the next to trigger is last. */
class Stops {
  readonly sorted: Stop[] = [];

  /** Buy stops trigger lowest first (descending order), sell stops highest first. */
  constructor(private readonly buy: boolean) {}

  add(stop: Stop): void {
    // After every stop at the same price: among equal stop prices, the older triggers first.
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const p = (sorted[mid] as Stop).stopPrice;
      if (this.buy ? p > stop.stopPrice : p < stop.stopPrice) low = mid + 1;
      else high = mid;
    }
    sorted.splice(low, 0, stop);
  }

  remove(stop: Stop): void {
    this.sorted.splice(this.sorted.lastIndexOf(stop), 1);
  }

  /** Takes the next stop if the last trade price triggers it. */
  takeTriggered(last: number): Stop | undefined {
    const next = this.sorted[this.sorted.length - 1];
    if (next === undefined) return undefined;
    const triggered = this.buy ? last >= next.stopPrice : last <= next.stopPrice;
    return triggered ? this.sorted.pop() : undefined;
  }
}

export class BaselineBook {
  private readonly bids = new Levels(true);
  private readonly asks = new Levels(false);
  private readonly buyStops = new Stops(true);
  private readonly sellStops = new Stops(false);
  private readonly orders = new Map<string, Order>();
  private readonly stops = new Map<string, Stop>();
  private readonly queue: Stop[] = [];
  private lastPrice: number | null = null;
  /** Total quantity filled: the book's only output. */
  filled = 0;

  limit(id: string, buy: boolean, price: number, quantity: number): void {
    const left = this.match(buy, price, quantity);
    if (left > 0) this.rest(id, buy, price, left);
    this.runTriggered();
  }

  market(buy: boolean, quantity: number): void {
    this.match(buy, null, quantity);
    this.runTriggered();
  }

  stop(id: string, buy: boolean, stopPrice: number, price: number | null, quantity: number) {
    const stop = { id, buy, stopPrice, price, quantity };
    (buy ? this.buyStops : this.sellStops).add(stop);
    this.stops.set(id, stop);
  }

  cancel(id: string): void {
    const order = this.orders.get(id);
    if (order !== undefined) {
      this.orders.delete(id);
      this.unlink(order, order.buy ? this.bids : this.asks);
      return;
    }
    const stop = this.stops.get(id);
    if (stop === undefined) return;
    this.stops.delete(id);
    (stop.buy ? this.buyStops : this.sellStops).remove(stop);
  }

  /** Fills against the opposite side within `limit` (null: any price); returns what is left. */
  private match(buy: boolean, limit: number | null, quantity: number): number {
    const opposite = buy ? this.asks : this.bids;
    let left = quantity;
    while (left > 0) {
      const level = opposite.best();
      if (level === undefined) break;
      if (limit !== null && (buy ? level.price > limit : level.price < limit)) break;
      const maker = level.head as Order;
      const take = Math.min(left, maker.remaining);
      maker.remaining -= take;
      level.quantity -= take;
      left -= take;
      this.filled += take;
      if (maker.remaining === 0) {
        this.orders.delete(maker.id);
        this.unlink(maker, opposite);
      }
      if (level.price !== this.lastPrice) this.priceChanged(level.price);
    }
    return left;
  }

  private rest(id: string, buy: boolean, price: number, quantity: number): void {
    const level = (buy ? this.bids : this.asks).at(price);
    const order: Order = {
      id,
      buy,
      price,
      remaining: quantity,
      prev: level.tail,
      next: null,
      level,
    };
    if (level.tail === null) level.head = order;
    else level.tail.next = order;
    level.tail = order;
    level.quantity += quantity;
    this.orders.set(id, order);
  }

  private unlink(order: Order, side: Levels): void {
    const level = order.level as Level;
    if (order.prev === null) level.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) level.tail = order.prev;
    else order.next.prev = order.prev;
    level.quantity -= order.remaining;
    if (level.head === null) side.remove(level);
  }

  /** Queues the stops the new last price triggers. */
  private priceChanged(price: number): void {
    this.lastPrice = price;
    for (const stops of [this.buyStops, this.sellStops]) {
      for (let stop = stops.takeTriggered(price); stop; stop = stops.takeTriggered(price)) {
        this.stops.delete(stop.id);
        this.queue.push(stop);
      }
    }
  }

  /** Runs the triggered stops in order; their trades may trigger more. */
  private runTriggered(): void {
    for (let i = 0; i < this.queue.length; i += 1) {
      const stop = this.queue[i] as Stop;
      const left = this.match(stop.buy, stop.price, stop.quantity);
      if (left > 0 && stop.price !== null) this.rest(stop.id, stop.buy, stop.price, left);
    }
    this.queue.length = 0;
  }
}

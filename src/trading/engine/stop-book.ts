import { Ladder, Rung } from './price-ladder.js';
import type { OrderIdentity, PendingStopOrder, Side, TimeInForce } from './types.js';
import { stopTriggers } from './validation.js';

/**
 * A pending stop order with its arrival number (time priority among equal stop prices), set by
 * `OrderBook` when the stop enters the book, and its place in its stop price's queue.
 */
export interface PendingStop extends PendingStopOrder {
  /** Tells a pending stop from a resting order (`RestingNode.resting` is true). */
  readonly resting: false;
  arrival: number;
  /** Written only by `OrderBook.apply` for an amend (a stop keeps its place). */
  quantity: number;
  price: number | null;
  /** The queue of its stop price while it is pending, and its index there. */
  bucket: StopBucket | null;
  slot: number;
}

/** A stop order waiting for its trigger, built from its fields; numbered when it enters a book. */
export function pendingStop(
  order: OrderIdentity,
  type: 'stop_loss' | 'stop_limit',
  price: number | null,
  stopPrice: number,
  timeInForce: TimeInForce,
): PendingStop {
  const { key, orderId, ownerId, ownerKey, side, quantity } = order;
  const status = 'pending_stop';
  // In this order, the object's layout: what a triggered stop's taker reads comes first, from
  // `key` to `orderId` (at most two cache lines, one at each end, which the trigger loop reads).
  return {
    key,
    ownerId,
    ownerKey,
    side,
    type,
    quantity,
    price,
    timeInForce,
    orderId,
    bucket: null,
    slot: 0,
    resting: false,
    status,
    stopPrice,
    arrival: 0,
  };
}

/** How many emptied stop-price queues a side keeps for reuse. */
const MAX_IDLE_BUCKETS = 1_024;

/** The stops a stop price's queue has room for before its array grows. */
const QUEUE_ROOM = 16;

/**
 * The pending stops at one stop price, oldest first: a rung of its side's ladder. An array, not a
 * linked list, so that walking the stops in trigger order reads the queue, not the stops: a
 * cascade's walk through a list waited for a cache miss per stop before it could find the next
 * (the stops are scattered in memory), and that wait was most of a cascade's time.
 */
export class StopBucket extends Rung<StopBucket> {
  /**
   * The queue's stops in `start` to `end`; null where a stop left out of turn (a cancel). Made
   * with room for a few stops, null-filled so that its element kind is that of objects from the
   * start (see `OrderBook.spares`): grown from one slot, a price's queue was copied twice on the
   * way to the stops workload's 25 stops a price, about 0.06 us on every stop placed.
   */
  readonly queue = new Array<PendingStop | null>(QUEUE_ROOM).fill(null);
  start = 0;
  end = 0;
  /** Stops in the queue. */
  count = 0;
}

/**
 * One side's pending stops: a queue per stop price, the queues on a ladder in trigger order. A
 * stop enters at the back of its price's queue (a new price's queue finds its place in
 * logarithmic time) and leaves from anywhere in constant time (amortized). Triggering takes the
 * stops from the front, a queue at a time; a plan reads them in order through a cursor
 * (`queueAt`), from where it last read.
 */
class StopSide {
  private readonly ladder: Ladder<StopBucket>;
  private readonly byPrice = new Map<number, StopBucket>();
  count = 0;
  /**
   * The stop `cursorAt` places from the next to trigger (-1: none read since the last change): at
   * `cursorSlot` of `cursorBucket`, or past the last stop when the bucket is null.
   */
  private cursorAt = -1;
  private cursorBucket: StopBucket | null = null;
  private cursorSlot = 0;

  constructor(private readonly side: Side) {
    // Buys trigger lowest stop price first, sells highest.
    const sign = side === 'buy' ? -1 : 1;
    this.ladder = new Ladder((height) => new StopBucket(Number.NaN, height), sign);
  }

  /**
   * Appends to `into`, from index `count`, the stops from `skip` places after the next to trigger
   * whose stop price a last price of `price` reaches, in trigger order; returns how many. A stop
   * price's stops trigger together, so it takes whole queues, reading no stop.
   */
  trigger(skip: number, price: number, into: (PendingStop | null)[], count: number): number {
    let bucket = this.queueAt(skip);
    let slot = this.cursorSlot;
    let taken = 0;
    while (bucket !== null && stopTriggers(this.side, bucket.price, price)) {
      const queue = bucket.queue;
      for (let i = slot; i < bucket.end; i += 1) {
        const stop = queue[i] as PendingStop | null;
        if (stop !== null) into[count + taken++] = stop;
      }
      bucket = bucket.worse;
      slot = bucket === null ? 0 : bucket.start;
    }
    this.cursorAt = skip + taken;
    this.cursorBucket = bucket;
    this.cursorSlot = slot;
    return taken;
  }

  add(stop: PendingStop): void {
    let bucket = this.byPrice.get(stop.stopPrice);
    if (bucket === undefined) {
      bucket = new StopBucket(stop.stopPrice);
      this.byPrice.set(stop.stopPrice, bucket);
    }
    if (bucket.count === 0) this.ladder.insert(bucket);
    stop.bucket = bucket;
    stop.slot = bucket.end;
    bucket.queue[bucket.end++] = stop;
    bucket.count += 1;
    this.count += 1;
    this.cursorAt = -1;
  }

  remove(stop: PendingStop): void {
    const bucket = stop.bucket;
    if (bucket === null) throw new Error(`stop ${stop.orderId} is not pending`);
    const queue = bucket.queue;
    queue[stop.slot] = null;
    stop.bucket = null;
    bucket.count -= 1;
    if (bucket.count === 0) this.emptied(bucket);
    else {
      if (stop.slot === bucket.start) {
        while (queue[bucket.start] === null) bucket.start += 1;
      }
      tidy(bucket);
    }
    this.count -= 1;
    this.cursorAt = -1;
  }

  /**
   * Removes the first `count` stops in trigger order (there are at least as many). Queue by queue,
   * reading nothing of the stops: `remove` waited for a cache miss on each stop's place.
   */
  drop(count: number): void {
    let taken = 0;
    while (taken < count) {
      const bucket = this.ladder.first as StopBucket;
      const queue = bucket.queue;
      let i = bucket.start;
      for (; i < bucket.end && taken < count; i += 1) {
        const stop = queue[i] as PendingStop | null;
        if (stop === null) continue;
        queue[i] = null;
        stop.bucket = null;
        taken += 1;
        bucket.count -= 1;
      }
      if (bucket.count === 0) this.emptied(bucket);
      else {
        while (queue[i] === null) i += 1;
        bucket.start = i;
        tidy(bucket);
      }
    }
    this.count -= count;
    this.cursorAt = -1;
  }

  /** Takes an emptied queue off the ladder. */
  private emptied(bucket: StopBucket): void {
    bucket.start = bucket.end = 0;
    this.ladder.remove(bucket);
    // Stop prices near the market empty and fill again: an emptied queue stays in the map, idle,
    // unless the map already holds many more queues than are in use.
    if (this.byPrice.size > MAX_IDLE_BUCKETS + this.ladder.size) this.byPrice.delete(bucket.price);
  }

  /** Every pending stop in trigger order. */
  all(stops: PendingStop[]): void {
    for (let bucket = this.ladder.first; bucket !== null; bucket = bucket.worse) {
      for (let i = bucket.start; i < bucket.end; i += 1) {
        const stop = bucket.queue[i] as PendingStop | null;
        if (stop !== null) stops.push(stop);
      }
    }
  }

  /**
   * The queue of the stop `skip` places after the next to trigger (null past the last), with the
   * cursor placed on that stop. Stepping reads only queues, never the stops themselves.
   */
  queueAt(skip: number): StopBucket | null {
    if (skip === this.cursorAt) return this.cursorBucket;
    let bucket: StopBucket | null;
    let slot: number;
    let steps: number;
    if (skip === this.cursorAt + 1 && this.cursorAt >= 0) {
      bucket = this.cursorBucket;
      slot = this.cursorSlot;
      steps = 1;
    } else {
      bucket = this.ladder.first;
      slot = bucket === null ? 0 : bucket.start;
      steps = skip;
    }
    for (; steps > 0 && bucket !== null; steps -= 1) {
      slot += 1;
      while (slot < bucket.end && bucket.queue[slot] === null) slot += 1;
      if (slot === bucket.end) {
        bucket = bucket.worse;
        slot = bucket === null ? 0 : bucket.start;
      }
    }
    this.cursorAt = skip;
    this.cursorBucket = bucket;
    this.cursorSlot = slot;
    return bucket;
  }
}

/**
 * Moves a queue's stops to its front, in order, once more of its slots are spent than it holds
 * stops (stops that left from the front or out of turn): the queue's array stays within twice
 * its stops, and each move is paid for by as many removals.
 */
function tidy(bucket: StopBucket): void {
  if (bucket.end <= 2 * bucket.count + 8) return;
  const queue = bucket.queue;
  let kept = 0;
  for (let i = bucket.start; i < bucket.end; i += 1) {
    const stop = queue[i] as PendingStop | null;
    if (stop === null) continue;
    stop.slot = kept;
    queue[kept++] = stop;
  }
  for (let i = kept; i < bucket.end; i += 1) queue[i] = null;
  bucket.start = 0;
  bucket.end = kept;
}

/** Pending stops per side in trigger order: buys by ascending stop price, sells by descending, then by arrival. */
export class StopBook {
  private readonly buys = new StopSide('buy');
  private readonly sells = new StopSide('sell');

  /**
   * True when the stop `skip` places after the next one to trigger on `side` exists and triggers
   * at a last price of `price`.
   */
  triggersAt(side: Side, skip: number, price: number): boolean {
    const queue = this.side(side).queueAt(skip);
    return queue !== null && stopTriggers(side, queue.price, price);
  }

  /**
   * Appends to `into`, from index `count`, the stops of `side` from `skip` places after the next
   * to trigger that a last price of `price` triggers, in trigger order; returns how many.
   */
  trigger(
    side: Side,
    skip: number,
    price: number,
    into: (PendingStop | null)[],
    count: number,
  ): number {
    return this.side(side).trigger(skip, price, into, count);
  }

  /** Adds a stop that arrived after every pending one (it triggers last among equal stop prices). */
  add(stop: PendingStop): void {
    this.side(stop.side).add(stop);
  }

  remove(stop: PendingStop): void {
    this.side(stop.side).remove(stop);
  }

  /** True when no stop is pending on either side. */
  get isEmpty(): boolean {
    return this.buys.count === 0 && this.sells.count === 0;
  }

  /** Removes the first `count` stops to trigger on `side` (there are at least as many). */
  drop(side: Side, count: number): void {
    this.side(side).drop(count);
  }

  /** Every pending stop, buys then sells, each in trigger order. */
  all(): PendingStop[] {
    const stops: PendingStop[] = [];
    this.buys.all(stops);
    this.sells.all(stops);
    return stops;
  }

  private side(side: Side): StopSide {
    return side === 'buy' ? this.buys : this.sells;
  }
}

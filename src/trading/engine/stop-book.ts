import { Ladder, Rung } from './price-ladder.js';
import type { OrderIdentity, PendingStopOrder, Side, TimeInForce } from './types.js';
import { stopTriggers } from './validation.js';

/**
 * A pending stop order with its arrival number (time priority among equal stop prices), set by
 * `OrderBook` when the stop enters the book, and its links in its stop price's queue.
 */
export interface PendingStop extends PendingStopOrder {
  /** Tells a pending stop from a resting order (`RestingNode.resting` is true). */
  readonly resting: false;
  arrival: number;
  /** Written only by `OrderBook.apply` for an amend (a stop keeps its place). */
  quantity: number;
  price: number | null;
  /** The queue of its stop price while it is pending, and its neighbours there (oldest first). */
  bucket: StopBucket | null;
  prevStop: PendingStop | null;
  nextStop: PendingStop | null;
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
  return {
    resting: false,
    status,
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
    arrival: 0,
    bucket: null,
    prevStop: null,
    nextStop: null,
  };
}

/** How many emptied stop-price queues a side keeps for reuse. */
const MAX_IDLE_BUCKETS = 1_024;

/** The pending stops at one stop price, oldest first: a rung of its side's ladder. */
export class StopBucket extends Rung<StopBucket> {
  head: PendingStop | null = null;
  tail: PendingStop | null = null;
}

/**
 * One side's pending stops: a queue per stop price, the queues on a ladder in trigger order. A
 * stop enters at the back of its price's queue (a new price's queue finds its place in
 * logarithmic time) and leaves from anywhere in constant time. Triggering takes the stops from
 * the front; a plan reads them in order through a cursor (`at`), a step per stop.
 */
class StopSide {
  private readonly ladder: Ladder<StopBucket>;
  private readonly byPrice = new Map<number, StopBucket>();
  count = 0;
  /** The stop `cursorAt` places from the next to trigger (-1: none read since the last change). */
  private cursorAt = -1;
  private cursor: PendingStop | null = null;

  /** `sign` is -1 for buys (the lowest stop triggers first), +1 for sells. */
  constructor(sign: number) {
    this.ladder = new Ladder((height) => new StopBucket(Number.NaN, height), sign);
  }

  /** The first stop in trigger order. */
  get first(): PendingStop | null {
    return this.ladder.first?.head ?? null;
  }

  /**
   * The stop `skip` places after the next to trigger, or null past the last. A plan reads them
   * with `skip` going up one at a time, each step from the last one read.
   */
  at(skip: number): PendingStop | null {
    if (skip === this.cursorAt) return this.cursor;
    let stop: PendingStop | null;
    if (skip === this.cursorAt + 1 && this.cursorAt >= 0) {
      stop = this.cursor === null ? null : following(this.cursor);
    } else {
      stop = this.first;
      for (let i = 0; i < skip && stop !== null; i += 1) stop = following(stop);
    }
    this.cursorAt = skip;
    this.cursor = stop;
    return stop;
  }

  add(stop: PendingStop): void {
    let bucket = this.byPrice.get(stop.stopPrice);
    if (bucket === undefined) {
      bucket = new StopBucket(stop.stopPrice);
      this.byPrice.set(stop.stopPrice, bucket);
    }
    if (bucket.head === null) this.ladder.insert(bucket);
    stop.bucket = bucket;
    stop.prevStop = bucket.tail;
    stop.nextStop = null;
    if (bucket.tail === null) bucket.head = stop;
    else bucket.tail.nextStop = stop;
    bucket.tail = stop;
    this.count += 1;
    this.cursorAt = -1;
  }

  remove(stop: PendingStop): void {
    const bucket = stop.bucket;
    if (bucket === null) throw new Error(`stop ${stop.orderId} is not pending`);
    if (stop.prevStop === null) bucket.head = stop.nextStop;
    else stop.prevStop.nextStop = stop.nextStop;
    if (stop.nextStop === null) bucket.tail = stop.prevStop;
    else stop.nextStop.prevStop = stop.prevStop;
    stop.bucket = stop.prevStop = stop.nextStop = null;
    if (bucket.head === null) {
      this.ladder.remove(bucket);
      // Stop prices near the market empty and fill again: an emptied queue stays in the map, idle,
      // unless the map already holds many more queues than are in use.
      if (this.byPrice.size > MAX_IDLE_BUCKETS + this.ladder.size)
        this.byPrice.delete(bucket.price);
    }
    this.count -= 1;
    this.cursorAt = -1;
  }
}

/** The stop after `stop` in trigger order: the next in its queue, or the next queue's first. */
function following(stop: PendingStop): PendingStop | null {
  return stop.nextStop ?? (stop.bucket as StopBucket).worse?.head ?? null;
}

/** Pending stops per side in trigger order: buys by ascending stop price, sells by descending, then by arrival. */
export class StopBook {
  private readonly buys = new StopSide(-1);
  private readonly sells = new StopSide(1);

  /**
   * True when the stop `skip` places after the next one to trigger on `side` exists and triggers
   * at a last price of `price`.
   */
  triggersAt(side: Side, skip: number, price: number): boolean {
    const stop = this.side(side).at(skip);
    return stop !== null && stopTriggers(side, stop.stopPrice, price);
  }

  /** The stop `skip` places after the next one to trigger on `side`, if any. */
  next(side: Side, skip: number): PendingStop | undefined {
    return this.side(side).at(skip) ?? undefined;
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

  /** Removes the next stop to trigger on `side` and returns it; undefined when there is none. */
  takeNext(side: Side): PendingStop | undefined {
    const stops = this.side(side);
    const stop = stops.first;
    if (stop === null) return undefined;
    stops.remove(stop);
    return stop;
  }

  /** Every pending stop, buys then sells, each in trigger order. */
  all(): PendingStop[] {
    const stops: PendingStop[] = [];
    for (const side of [this.buys, this.sells]) {
      for (let stop = side.first; stop !== null; stop = following(stop)) stops.push(stop);
    }
    return stops;
  }

  private side(side: Side): StopSide {
    return side === 'buy' ? this.buys : this.sells;
  }
}

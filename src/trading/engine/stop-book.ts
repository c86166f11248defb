import type { PendingStopOrder, Side } from './types.js';

/**
 * A pending stop order with its arrival number (time priority among equal stop prices), set by
 * `OrderBook` when the stop enters the book.
 */
export interface PendingStop extends PendingStopOrder {
  arrival: number;
}

/**
 * Pending stops per side in trigger order: buys by ascending stop price, sells by descending
 * stop price, then by arrival. Each array is stored reversed (next to trigger last), so the
 * stops a price move triggers are always a suffix and a plan can name them by a count.
 */
export class StopBook {
  private readonly buys: PendingStop[] = [];
  private readonly sells: PendingStop[] = [];

  /** The stop `skip` places after the next one to trigger on `side`, if any. */
  next(side: Side, skip: number): PendingStop | undefined {
    const stops = this.stops(side);
    return skip < stops.length ? stops[stops.length - 1 - skip] : undefined;
  }

  /**
   * New stops are usually near the current price, i.e. near the end of their array, so they are
   * shifted into place by hand (`splice` costs a call into the runtime whatever it moves).
   */
  add(stop: PendingStop): void {
    const stops = this.stops(stop.side);
    const index = this.position(stop);
    let i = stops.length;
    stops.push(stop);
    for (; i > index; i -= 1) stops[i] = stops[i - 1] as PendingStop;
    stops[index] = stop;
  }

  remove(stop: PendingStop): void {
    const stops = this.stops(stop.side);
    const index = this.position(stop) - 1;
    if (stops[index] !== stop) throw new Error(`stop ${stop.orderId} is not pending`);
    for (let i = index; i < stops.length - 1; i += 1) stops[i] = stops[i + 1] as PendingStop;
    stops.pop();
  }

  /** True when no stop is pending on either side. */
  get isEmpty(): boolean {
    return this.buys.length === 0 && this.sells.length === 0;
  }

  /** Removes the `count` next-to-trigger stops of `side` and returns them in trigger order. */
  take(side: Side, count: number): PendingStop[] {
    return this.stops(side).splice(-count, count).reverse();
  }

  /** Every pending stop, buys then sells, each in trigger order. */
  all(): PendingStop[] {
    return [...this.buys].reverse().concat([...this.sells].reverse());
  }

  private stops(side: Side): PendingStop[] {
    return side === 'buy' ? this.buys : this.sells;
  }

  /**
   * The index just after every entry that triggers later than or at the same time as `stop`.
   * New stops usually sit near the end (near the current price), so the search gallops back
   * from the end before bisecting: a few reads of stop objects rather than a dozen scattered ones.
   */
  private position(stop: PendingStop): number {
    const stops = this.stops(stop.side);
    let high = stops.length;
    let step = 1;
    while (high > 0 && !triggersBefore(stop, stops[Math.max(0, high - step)] as PendingStop)) {
      high = Math.max(0, high - step);
      step *= 2;
    }
    let low = Math.max(0, high - step);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (triggersBefore(stop, stops[mid] as PendingStop)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** True when `a` is due to trigger no later than `b` (same side). */
function triggersBefore(a: PendingStop, b: PendingStop): boolean {
  if (a.stopPrice !== b.stopPrice) {
    return a.side === 'buy' ? a.stopPrice < b.stopPrice : a.stopPrice > b.stopPrice;
  }
  return a.arrival <= b.arrival;
}

import type { OrderIdentity, PendingStopOrder, Side, TimeInForce } from './types.js';
import { stopTriggers } from './validation.js';

/**
 * A pending stop order with its arrival number (time priority among equal stop prices), set by
 * `OrderBook` when the stop enters the book.
 */
export interface PendingStop extends PendingStopOrder {
  arrival: number;
  /** Written only by `OrderBook.apply` for an amend (a stop keeps its place). */
  quantity: number;
  price: number | null;
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
  };
}

/** How many stops from the next to trigger a side's arrays are shifted by hand. */
const NEAR_STOPS = 16;

/**
 * One side's pending stops in reverse trigger order (the next to trigger last), so the stops a
 * price move triggers are always a suffix and a plan can name them by a count. Their stop prices
 * are kept in a parallel array: searching numbers side by side rather than reading stop objects
 * scattered in memory.
 */
class StopSide {
  readonly stops: PendingStop[] = [];
  readonly prices: number[] = [];

  /** `sign` is +1 for buys (a higher stop triggers later), -1 for sells. */
  constructor(private readonly sign: number) {}

  /**
   * The index of the first stop that triggers no later than a stop at `price` would: every stop
   * before it triggers strictly later. New stops are usually near the current price, i.e. near
   * the end, so the search gallops back from the end before bisecting.
   */
  firstNotLater(price: number): number {
    const prices = this.prices;
    const sign = this.sign;
    let high = prices.length;
    let step = 1;
    while (high > 0 && ((prices[Math.max(0, high - step)] as number) - price) * sign <= 0) {
      high = Math.max(0, high - step);
      step *= 2;
    }
    let low = Math.max(0, high - step);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (((prices[mid] as number) - price) * sign > 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Inserts at `index`. Near the end (the next stops to trigger, where most new stops go) the
   * stops are shifted by hand (`splice` is a call into the runtime); further in, `splice` moves
   * them in one native copy instead of an assignment per stop.
   */
  insert(index: number, stop: PendingStop): void {
    const { stops, prices } = this;
    if (stops.length - index > NEAR_STOPS) {
      stops.splice(index, 0, stop);
      prices.splice(index, 0, stop.stopPrice);
      return;
    }
    for (let i = stops.length; i > index; i -= 1) {
      stops[i] = stops[i - 1] as PendingStop;
      prices[i] = prices[i - 1] as number;
    }
    stops[index] = stop;
    prices[index] = stop.stopPrice;
  }

  removeAt(index: number): void {
    const { stops, prices } = this;
    if (stops.length - index > NEAR_STOPS) {
      stops.splice(index, 1);
      prices.splice(index, 1);
      return;
    }
    for (let i = index; i < stops.length - 1; i += 1) {
      stops[i] = stops[i + 1] as PendingStop;
      prices[i] = prices[i + 1] as number;
    }
    stops.pop();
    prices.pop();
  }
}

/** Pending stops per side in trigger order: buys by ascending stop price, sells by descending, then by arrival. */
export class StopBook {
  private readonly buys = new StopSide(1);
  private readonly sells = new StopSide(-1);

  /**
   * True when the stop `skip` places after the next one to trigger on `side` exists and triggers
   * at a last price of `price`; it reads only the prices, not the stop.
   */
  triggersAt(side: Side, skip: number, price: number): boolean {
    const prices = this.side(side).prices;
    const index = prices.length - 1 - skip;
    return index >= 0 && stopTriggers(side, prices[index] as number, price);
  }

  /** The stop `skip` places after the next one to trigger on `side`, if any. */
  next(side: Side, skip: number): PendingStop | undefined {
    const stops = this.side(side).stops;
    return skip < stops.length ? stops[stops.length - 1 - skip] : undefined;
  }

  /** Adds a stop that arrived after every pending one (it triggers last among equal stop prices). */
  add(stop: PendingStop): void {
    const side = this.side(stop.side);
    side.insert(side.firstNotLater(stop.stopPrice), stop);
  }

  remove(stop: PendingStop): void {
    const side = this.side(stop.side);
    const { stops, prices } = side;
    for (let i = side.firstNotLater(stop.stopPrice); prices[i] === stop.stopPrice; i += 1) {
      if (stops[i] === stop) {
        side.removeAt(i);
        return;
      }
    }
    throw new Error(`stop ${stop.orderId} is not pending`);
  }

  /** True when no stop is pending on either side. */
  get isEmpty(): boolean {
    return this.buys.stops.length === 0 && this.sells.stops.length === 0;
  }

  /** Removes the next stop to trigger on `side` and returns it; undefined when there is none. */
  takeNext(side: Side): PendingStop | undefined {
    const { stops, prices } = this.side(side);
    prices.pop();
    return stops.pop();
  }

  /** Every pending stop, buys then sells, each in trigger order. */
  all(): PendingStop[] {
    return [...this.buys.stops].reverse().concat([...this.sells.stops].reverse());
  }

  private side(side: Side): StopSide {
    return side === 'buy' ? this.buys : this.sells;
  }
}

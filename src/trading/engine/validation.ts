import { MAX_QUANTITY, MAX_TICKS } from './types.js';
import type { AmendOrder, OrderType, PlaceOrder, RejectCode, TimeInForce } from './types.js';

/**
 * The shape rules of a placement, independent of the book's state. Both books call this, so
 * the differential tests exercise the books' matching, not two copies of these checks.
 */
export function validatePlacement(order: PlaceOrder): RejectCode | null {
  // `orderId` and `ownerId` are the caller's, validated at its edge: the engine only carries them,
  // so it does not read the strings here (a cache miss per order).
  if (!isHandle(order.key)) return 'INVALID_ORDER_ID';
  if (!isHandle(order.ownerKey)) return 'INVALID_OWNER_ID';
  const { type, quantity, price, stopPrice, timeInForce } = order;
  if (!isInRange(quantity, MAX_QUANTITY)) return 'INVALID_QUANTITY';
  const limitPriced = type === 'limit' || type === 'stop_limit';
  if (price === undefined ? limitPriced : !isInRange(price, MAX_TICKS)) return 'INVALID_PRICE';
  const isStop = type === 'stop_loss' || type === 'stop_limit';
  if (stopPrice === undefined ? isStop : !isStop || !isInRange(stopPrice, MAX_TICKS)) {
    return 'INVALID_STOP_PRICE';
  }
  const tif = timeInForce;
  if (tif !== undefined && !limitPriced && tif !== 'IOC' && tif !== 'FOK') {
    return 'INVALID_TIME_IN_FORCE';
  }
  return null;
}

/**
 * The value rules of an amend, given what the order has filled: a new total quantity above it,
 * a price in range. What the amend may change (nothing at all, a stop_loss's price) is the
 * books' to decide.
 */
export function validateAmend(amend: AmendOrder, filled: number): RejectCode | null {
  const { quantity, price } = amend;
  if (quantity !== undefined && !(isInRange(quantity, MAX_QUANTITY) && quantity > filled)) {
    return 'INVALID_QUANTITY';
  }
  if (price !== undefined && !isInRange(price, MAX_TICKS)) return 'INVALID_PRICE';
  return null;
}

/** Market-like orders never rest, so they default to IOC; priced orders default to GTC. */
export function effectiveTimeInForce(type: OrderType, given: TimeInForce | undefined): TimeInForce {
  if (given !== undefined) return given;
  return type === 'limit' || type === 'stop_limit' ? 'GTC' : 'IOC';
}

/** Stops trigger on the last trade price: sells at or below the stop, buys at or above. */
export function stopTriggers(side: 'buy' | 'sell', stopPrice: number, lastPrice: number): boolean {
  return side === 'buy' ? lastPrice >= stopPrice : lastPrice <= stopPrice;
}

/** A caller's integer handle: a non-negative safe integer. */
export function isHandle(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function isInRange(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= max;
}

/**
 * Pre-flight of an order (SPEC E step 1, Errors 4): the combinations of type, prices and time in
 * force that make an order, checked before any token or user is read. Pure.
 */
import type { OrderType, TimeInForce } from '../../lib/db/schema-trading.js';
import type { ErrorCode } from '../../lib/errors.js';

export interface OrderShape {
  order_type: OrderType;
  price?: string | undefined;
  stop_price?: string | undefined;
  time_in_force?: TimeInForce | undefined;
  expires_at?: string | undefined;
}

export interface PreflightRefusal {
  code: ErrorCode;
  detail: string;
}

const restingTypes: ReadonlySet<OrderType> = new Set(['limit', 'stop_limit']);
/** A market order trades at once, or rests in a call auction with a session time in force. */
const marketTimesInForce: ReadonlySet<TimeInForce> = new Set([
  'IOC',
  'FOK',
  'DAY',
  'ATO',
  'ATC',
  'GFA',
]);

/** The time in force an order gets when none is given: limit orders rest, market orders never. */
export function defaultTimeInForce(type: OrderType): TimeInForce {
  return restingTypes.has(type) ? 'GTC' : 'IOC';
}

export function preflightRefusal(order: OrderShape, now: Date): PreflightRefusal | undefined {
  const type = order.order_type;
  const rests = restingTypes.has(type);
  if (rests && order.price === undefined) {
    return { code: 'PRICE_REQUIRED', detail: `A ${type} order needs a price` };
  }
  const isStop = type === 'stop_loss' || type === 'stop_limit';
  if (isStop && order.stop_price === undefined) {
    return { code: 'STOP_PRICE_REQUIRED', detail: `A ${type} order needs a stop_price` };
  }
  if (!isStop && order.stop_price !== undefined) {
    return { code: 'STOP_PRICE_NOT_ALLOWED', detail: `A ${type} order takes no stop_price` };
  }
  const tif = order.time_in_force ?? defaultTimeInForce(type);
  if (!rests && !marketTimesInForce.has(tif)) {
    return {
      code: 'TIME_IN_FORCE_NOT_ALLOWED',
      detail: `A ${type} order never rests in the book: its time in force is IOC, FOK or a session one (DAY, ATO, ATC, GFA)`,
    };
  }
  if ((tif === 'GTD') !== (order.expires_at !== undefined)) {
    return { code: 'EXPIRES_AT_REQUIRED', detail: 'expires_at goes with time_in_force GTD' };
  }
  if (order.expires_at !== undefined && new Date(order.expires_at) <= now) {
    return { code: 'EXPIRES_AT_PAST', detail: 'expires_at must be in the future' };
  }
  return undefined;
}

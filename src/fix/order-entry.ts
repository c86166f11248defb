/**
 * FIX order entry mapped to the order API (docs/fix.md, "Order entry"): pure functions from the
 * fields of a NewOrderSingle (D) or OrderCancelReplaceRequest (G) to the bodies of
 * `POST /api/v1/orders` and `PATCH /api/v1/orders/:id`, each either a body or the refusal it
 * becomes (Tessera's code and a sentence, carried in Text).
 */
export type FieldReader = (tag: number) => string | undefined;

export type Mapped<T> = { ok: true; value: T } | { ok: false; code: string; text: string };

export const tags = {
  Account: 1,
  AvgPx: 6,
  ClOrdID: 11,
  CumQty: 14,
  ExecInst: 18,
  SecurityIDSource: 22,
  LastPx: 31,
  LastQty: 32,
  OrderID: 37,
  OrderQty: 38,
  OrdStatus: 39,
  OrdType: 40,
  OrigClOrdID: 41,
  Price: 44,
  SecurityID: 48,
  Side: 54,
  Symbol: 55,
  Text: 58,
  TimeInForce: 59,
  StopPx: 99,
  ExpireTime: 126,
  MassCancelRequestType: 530,
} as const;

export interface PlaceOrder {
  token_id: string;
  side: 'buy' | 'sell';
  order_type: 'market' | 'limit' | 'stop_loss' | 'stop_limit';
  quantity: number;
  price?: string;
  stop_price?: string;
  time_in_force?: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY' | 'GTD';
  expires_at?: string;
  client_order_id: string;
}

export interface AmendOrder {
  quantity?: number;
  price?: string;
}

export const sides = { '1': 'buy', '2': 'sell' } as const;
export const orderTypes = {
  '1': 'market',
  '2': 'limit',
  '3': 'stop_loss',
  '4': 'stop_limit',
} as const;
const timesInForce = { '1': 'GTC', '3': 'IOC', '4': 'FOK', '6': 'GTD' } as const;

const refuse = (code: string, text: string): { ok: false; code: string; text: string } => ({
  ok: false,
  code,
  text,
});
const invalid = (text: string) => refuse('VALIDATION_FAILED', text);

/** FIX prices as the API's decimal strings: "10", "10.5", "10.50" are all "10.50"-able as sent. */
const decimal = /^[0-9]+(\.[0-9]+)?$/;
const wholeQuantity = /^[1-9][0-9]{0,12}$/;

/** A FIX UTCTimestamp (YYYYMMDD-HH:MM:SS[.sss]) as an ISO 8601 time; undefined when not one. */
export function isoOfUtcTimestamp(text: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})-(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '0'] = match;
  const ms = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  const date = new Date(ms);
  // Date.UTC rolls 31 February over into March: such a time is not one
  if (Number.isNaN(ms) || date.getUTCDate() !== Number(d)) return undefined;
  return date.toISOString();
}

export function placeOrderOf(read: FieldReader, tokenId: string): Mapped<PlaceOrder> {
  const clOrdId = read(tags.ClOrdID);
  if (!clOrdId || !/^[A-Za-z0-9._:-]{1,64}$/.test(clOrdId)) {
    return invalid('ClOrdID (11) must be 1 to 64 letters, digits, ".", "_", ":" or "-"');
  }
  const side = sides[read(tags.Side) as keyof typeof sides];
  if (!side) return invalid('Side (54) must be 1 (buy) or 2 (sell)');
  const quantity = read(tags.OrderQty) ?? '';
  if (!wholeQuantity.test(quantity)) {
    return invalid('OrderQty (38) must be a whole number of tokens above 0');
  }
  const orderType = orderTypes[read(tags.OrdType) as keyof typeof orderTypes];
  if (!orderType) {
    return invalid('OrdType (40) must be 1 (market), 2 (limit), 3 (stop) or 4 (stop limit)');
  }
  const body: PlaceOrder = {
    token_id: tokenId,
    side,
    order_type: orderType,
    quantity: Number(quantity),
    client_order_id: clOrdId,
  };
  const price = read(tags.Price);
  if (price !== undefined) {
    if (!decimal.test(price)) return invalid('Price (44) must be a decimal number');
    body.price = price;
  }
  const stopPx = read(tags.StopPx);
  if (stopPx !== undefined) {
    if (!decimal.test(stopPx)) return invalid('StopPx (99) must be a decimal number');
    body.stop_price = stopPx;
  }
  const tif = read(tags.TimeInForce);
  if (tif !== undefined) {
    const mapped = timesInForce[tif as keyof typeof timesInForce];
    if (!mapped) {
      return invalid('TimeInForce (59) must be 1 (GTC), 3 (IOC), 4 (FOK) or 6 (GTD)');
    }
    body.time_in_force = mapped;
  }
  const execInst = (read(tags.ExecInst) ?? '').split(' ').filter((value) => value !== '');
  if (execInst.some((value) => value !== '6')) {
    return invalid('ExecInst (18) may only be 6 (participate don’t initiate: post-only)');
  }
  if (execInst.includes('6')) {
    if (body.time_in_force !== undefined && body.time_in_force !== 'GTC') {
      return invalid('ExecInst 6 (post-only) goes with TimeInForce 1 (GTC) or none');
    }
    body.time_in_force = 'POST_ONLY';
  }
  const expireTime = read(tags.ExpireTime);
  if (expireTime !== undefined) {
    const iso = isoOfUtcTimestamp(expireTime);
    if (!iso) return invalid('ExpireTime (126) must be a UTCTimestamp');
    body.expires_at = iso;
  }
  return { ok: true, value: body };
}

/**
 * A replace as an amend: the new OrderQty (a new total) and Price. The side, type and instrument
 * cannot change (an order of another kind is a new order).
 */
export function amendOf(
  read: FieldReader,
  order: { side: string; order_type: string; quantity: number; price: string | null },
): Mapped<AmendOrder> {
  const side = sides[read(tags.Side) as keyof typeof sides];
  if (side !== undefined && side !== order.side) {
    return invalid('Side (54) cannot change on a replace');
  }
  const type = orderTypes[read(tags.OrdType) as keyof typeof orderTypes];
  if (read(tags.OrdType) !== undefined && type !== order.order_type) {
    return invalid('OrdType (40) cannot change on a replace');
  }
  const body: AmendOrder = {};
  const quantity = read(tags.OrderQty);
  if (quantity !== undefined) {
    if (!wholeQuantity.test(quantity)) {
      return invalid('OrderQty (38) must be a whole number of tokens above 0');
    }
    if (Number(quantity) !== order.quantity) body.quantity = Number(quantity);
  }
  const price = read(tags.Price);
  if (price !== undefined) {
    if (!decimal.test(price)) return invalid('Price (44) must be a decimal number');
    if (order.price === null || Number(price) !== Number(order.price)) body.price = price;
  }
  if (body.quantity === undefined && body.price === undefined) {
    return invalid('A replace must change OrderQty (38) or Price (44)');
  }
  return { ok: true, value: body };
}

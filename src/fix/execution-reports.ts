/**
 * Order events as FIX execution reports (docs/fix.md, "Execution reports"): pure functions from
 * a row of the order's status history (with the order, its instrument and its fills) to the
 * fields of an ExecutionReport (8), and from a refusal to the ExecutionReport with OrdStatus 8
 * (rejected) or the OrderCancelReject (9) that carries Tessera's code in Text.
 */
import { Decimal } from 'decimal.js';

export interface ReportedOrder {
  id: string;
  client_order_id: string | null;
  side: 'buy' | 'sell';
  order_type: 'market' | 'limit' | 'stop_loss' | 'stop_limit';
  time_in_force: string;
  price: string | null;
  stop_price: string | null;
  quantity: number;
  expires_at: Date | null;
}

export interface Instrument {
  symbol: string;
  contract_address: string | null;
}

/** One change of an order: a row of order_status_history and what came before it. */
export interface OrderEvent {
  historyId: number;
  status: 'open' | 'partially_filled' | 'filled' | 'cancelled' | 'pending_stop' | 'expired';
  reason: string | null;
  filled: number;
  remaining: number;
  /** the order's quantity and price after the event (an amend changes them) */
  quantity: number;
  price: string | null;
  /** the previous row of the order's history; undefined for its first */
  before?: { status: string; filled: number };
  recordedAt: Date;
}

/** The order's fills in the order they happened: price, quantity and the fee the user paid. */
export interface Fill {
  price: string;
  quantity: number;
  fee: string;
}

const sideCodes = { buy: '1', sell: '2' } as const;
const typeCodes = { market: '1', limit: '2', stop_loss: '3', stop_limit: '4' } as const;
const tifCodes: Record<string, string> = { GTC: '1', IOC: '3', FOK: '4', GTD: '6', POST_ONLY: '1' };

export function ordStatusOf(status: OrderEvent['status'], filled: number): string {
  switch (status) {
    case 'open':
    case 'pending_stop':
      return filled > 0 ? '1' : '0';
    case 'partially_filled':
      return '1';
    case 'filled':
      return '2';
    case 'cancelled':
      return '4';
    case 'expired':
      return 'C';
  }
}

/** ExecType (150) of an event: what happened, told by the row and the one before it. */
export function execTypeOf(event: OrderEvent): string {
  if (event.reason === 'AMENDED') return '5';
  if (event.before && event.filled > event.before.filled) return 'F';
  switch (event.status) {
    case 'cancelled':
      return '4';
    case 'expired':
      return 'C';
    case 'open':
      // a stop whose trigger was reached enters the book
      return event.before?.status === 'pending_stop' ? 'L' : '0';
    case 'pending_stop':
    case 'partially_filled':
    case 'filled':
      return '0';
  }
}

/** The fills from `from` to `to` units filled: their quantity, mean price and fees. */
export function fillSlice(fills: readonly Fill[], from: number, to: number) {
  let seen = 0;
  let quantity = 0;
  let value = new Decimal(0);
  let fee = new Decimal(0);
  for (const fill of fills) {
    const start = seen;
    seen += fill.quantity;
    const overlap = Math.min(seen, to) - Math.max(start, from);
    if (overlap <= 0) continue;
    quantity += overlap;
    value = value.plus(new Decimal(fill.price).times(overlap));
    // a fill's fee belongs to the event that reports the fill's last unit
    if (seen <= to) fee = fee.plus(fill.fee);
  }
  return { quantity, value, fee };
}

const price = (value: Decimal) => value.toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toNumber();

export function instrumentOf(instrument: Instrument) {
  return instrument.contract_address
    ? {
        Symbol: instrument.symbol,
        SecurityID: instrument.contract_address,
        // 8: exchange symbol (the token's contract address)
        SecurityIDSource: '8',
      }
    : { Symbol: instrument.symbol };
}

function orderFields(
  order: ReportedOrder,
  instrument: Instrument,
  quantity: number,
  px: string | null,
) {
  return {
    OrderID: order.id,
    ...(order.client_order_id ? { ClOrdID: order.client_order_id } : {}),
    Instrument: instrumentOf(instrument),
    Side: sideCodes[order.side],
    OrderQtyData: { OrderQty: quantity },
    OrdType: typeCodes[order.order_type],
    ...(px !== null ? { Price: Number(px) } : {}),
    ...(order.stop_price !== null ? { StopPx: Number(order.stop_price) } : {}),
    TimeInForce: tifCodes[order.time_in_force] ?? '1',
    ...(order.time_in_force === 'POST_ONLY' ? { ExecInst: '6' } : {}),
    ...(order.expires_at ? { ExpireTime: order.expires_at } : {}),
  };
}

/** The ExecutionReport of one event; ExecID is the history row's, so a resend repeats it. */
export function executionReport(
  order: ReportedOrder,
  instrument: Instrument,
  event: OrderEvent,
  fills: readonly Fill[],
) {
  const done = fillSlice(fills, 0, event.filled);
  const last = event.before ? fillSlice(fills, event.before.filled, event.filled) : undefined;
  const execType = execTypeOf(event);
  return {
    ...orderFields(order, instrument, event.quantity, event.price),
    ExecID: String(event.historyId),
    ExecType: execType,
    OrdStatus: ordStatusOf(event.status, event.filled),
    ...(execType === 'F' && last && last.quantity > 0
      ? {
          LastQty: last.quantity,
          LastPx: price(last.value.div(last.quantity)),
          CommissionData: { Commission: last.fee.toNumber(), CommType: '3' },
        }
      : {}),
    LeavesQty: event.status === 'cancelled' || event.status === 'expired' ? 0 : event.remaining,
    CumQty: event.filled,
    AvgPx: done.quantity > 0 ? price(done.value.div(done.quantity)) : 0,
    TransactTime: event.recordedAt,
    ...(event.reason && event.reason !== 'AMENDED' ? { Text: event.reason } : {}),
  };
}

/** An order as it is now, answering an OrderStatusRequest (ExecType I). */
export function statusReport(
  order: ReportedOrder & { filled: number; remaining: number; status: OrderEvent['status'] },
  instrument: Instrument,
  fills: readonly Fill[],
  execId: string,
  now: Date,
) {
  const done = fillSlice(fills, 0, order.filled);
  return {
    ...orderFields(order, instrument, order.quantity, order.price),
    ExecID: execId,
    ExecType: 'I',
    OrdStatus: ordStatusOf(order.status, order.filled),
    LeavesQty: order.status === 'cancelled' || order.status === 'expired' ? 0 : order.remaining,
    CumQty: order.filled,
    AvgPx: done.quantity > 0 ? price(done.value.div(done.quantity)) : 0,
    TransactTime: now,
  };
}

/** A refused NewOrderSingle: an ExecutionReport with OrdStatus 8 and Tessera's code in Text. */
export function rejectedOrderReport(
  request: { clOrdId: string | undefined; side: string | undefined; symbol: string | undefined },
  refusal: { code: string; text: string },
  execId: string,
  now: Date,
) {
  return {
    OrderID: 'NONE',
    ...(request.clOrdId ? { ClOrdID: request.clOrdId } : {}),
    ExecID: execId,
    ExecType: '8',
    OrdStatus: '8',
    // 99: other; the reason is Tessera's code in Text
    OrdRejReason: 99,
    Instrument: { Symbol: request.symbol ?? 'NONE' },
    Side: request.side ?? '1',
    LeavesQty: 0,
    CumQty: 0,
    AvgPx: 0,
    TransactTime: now,
    Text: `${refusal.code}: ${refusal.text}`,
  };
}

/** A refused cancel (F, CxlRejResponseTo 1) or replace (G, 2). */
export function cancelReject(
  request: { clOrdId: string | undefined; origClOrdId: string | undefined; msgType: 'F' | 'G' },
  order: { id: string; status: OrderEvent['status']; filled: number } | undefined,
  refusal: { code: string; text: string },
) {
  return {
    OrderID: order?.id ?? 'NONE',
    ClOrdID: request.clOrdId ?? 'NONE',
    OrigClOrdID: request.origClOrdId ?? 'NONE',
    OrdStatus: order ? ordStatusOf(order.status, order.filled) : '8',
    CxlRejResponseTo: request.msgType === 'F' ? '1' : '2',
    // 1: unknown order; 99: other (Tessera's code in Text)
    CxlRejReason: order ? 99 : 1,
    Text: `${refusal.code}: ${refusal.text}`,
  };
}

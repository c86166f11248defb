/** Rows to API views: money and prices as decimal strings, timestamps ISO 8601. */
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import { centsOf, divideHalfEven, formatCents } from '../../lib/cents.js';
import { toMoney } from '../../lib/money.js';
import type { OrderView, OwnTradeView, TradeView } from './orders.schemas.js';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function toOrderView(order: Order): OrderView {
  return {
    id: order.id,
    user_id: order.user_id,
    token_id: order.token_id,
    side: order.side,
    order_type: order.order_type,
    time_in_force: order.time_in_force,
    price: order.price === null ? null : toMoney(order.price),
    stop_price: order.stop_price === null ? null : toMoney(order.stop_price),
    quantity: Number(order.quantity),
    filled_quantity: Number(order.filled_quantity),
    remaining_quantity: Number(order.remaining_quantity),
    locked_fiat: toMoney(order.locked_fiat),
    // the average of the fills, to the cent (half-even)
    average_price:
      Number(order.filled_quantity) === 0
        ? null
        : formatCents(divideHalfEven(centsOf(order.filled_value), BigInt(order.filled_quantity))),
    status: order.status,
    cancel_reason: order.cancel_reason,
    expires_at: iso(order.expires_at),
    client_order_id: order.client_order_id,
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
  };
}

export function toTradeView(trade: Trade): TradeView {
  return {
    id: trade.id,
    token_id: trade.token_id,
    buy_order_id: trade.buy_order_id,
    sell_order_id: trade.sell_order_id,
    buy_otc_order_id: trade.buy_otc_order_id,
    sell_otc_order_id: trade.sell_otc_order_id,
    buyer_id: trade.buyer_id,
    seller_id: trade.seller_id,
    taker_side: trade.taker_side,
    price: toMoney(trade.price),
    quantity: Number(trade.quantity),
    total: toMoney(trade.total),
    platform_fee: toMoney(trade.platform_fee),
    effective_fee_bps: trade.effective_fee_bps,
    accrued_interest: toMoney(trade.accrued_interest),
    settlement_status: trade.settlement_status,
    settlement_type: trade.settlement_type,
    settlement_attempts: trade.settlement_attempts,
    settlement_error: trade.settlement_error,
    settled_at: iso(trade.settled_at),
    tx_hash: trade.tx_hash,
    created_at: trade.created_at.toISOString(),
  };
}

/** The trade as `userId` (its buyer or its seller) sees it: their side only. */
export function toOwnTradeView(trade: Trade, userId: string): OwnTradeView {
  const buyer = trade.buyer_id === userId;
  return {
    id: trade.id,
    token_id: trade.token_id,
    order_id: buyer ? trade.buy_order_id : trade.sell_order_id,
    otc_order_id: buyer ? trade.buy_otc_order_id : trade.sell_otc_order_id,
    side: buyer ? 'buy' : 'sell',
    price: toMoney(trade.price),
    quantity: Number(trade.quantity),
    total: toMoney(trade.total),
    // the seller pays the fee out of the proceeds (SPEC "Order placement" step 6)
    fee: buyer ? '0.00' : toMoney(trade.platform_fee),
    // a debt token's accrued interest: the buyer paid it, the seller received it
    accrued_interest: toMoney(trade.accrued_interest),
    settlement_status: trade.settlement_status,
    settled_at: iso(trade.settled_at),
    created_at: trade.created_at.toISOString(),
  };
}

/** TypeBox schemas of the order API (DECISIONS "API contract points": decimals as strings). */
import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import {
  orderSides,
  orderStatuses,
  orderTypes,
  settlementStatuses,
  timesInForce,
} from '../../lib/db/schema-trading.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { Price, WholeQuantity } from '../../lib/http/route-schemas.js';
import { MAX_QUANTITY } from '../engine/index.js';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value): TLiteral<T> => Type.Literal(value)));

export const Quantity = WholeQuantity(MAX_QUANTITY);

export const PlaceOrderBody = Type.Object(
  {
    token_id: Type.String({ format: 'uuid' }),
    side: literals(orderSides),
    order_type: literals(orderTypes),
    quantity: Quantity,
    price: Type.Optional(Price),
    stop_price: Type.Optional(Price),
    time_in_force: Type.Optional(literals(timesInForce)),
    expires_at: Type.Optional(Type.String({ format: 'date-time' })),
    client_order_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' }),
    ),
    confirm_fat_finger: Type.Optional(Type.Boolean()),
    confirm_nav_deviation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const AmendOrderBody = Type.Object(
  {
    quantity: Type.Optional(Quantity),
    price: Type.Optional(Price),
    confirm_fat_finger: Type.Optional(Type.Boolean()),
    confirm_nav_deviation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AmendOrderBody = Static<typeof AmendOrderBody>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const OrderView = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  token_id: Type.String(),
  side: literals(orderSides),
  order_type: literals(orderTypes),
  time_in_force: literals(timesInForce),
  price: Nullable(Type.String()),
  stop_price: Nullable(Type.String()),
  quantity: Type.Integer(),
  filled_quantity: Type.Integer(),
  remaining_quantity: Type.Integer(),
  locked_fiat: Type.String(),
  average_price: Nullable(Type.String()),
  status: literals(orderStatuses),
  cancel_reason: Nullable(Type.String()),
  expires_at: Nullable(Type.String()),
  client_order_id: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type OrderView = Static<typeof OrderView>;

export const TradeView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  buy_order_id: Nullable(Type.String()),
  sell_order_id: Nullable(Type.String()),
  /** an OTC trade names the two OTC requests (docs/otc.md) instead of book orders */
  buy_otc_order_id: Nullable(Type.String()),
  sell_otc_order_id: Nullable(Type.String()),
  buyer_id: Type.String(),
  seller_id: Type.String(),
  taker_side: literals(orderSides),
  price: Type.String(),
  quantity: Type.Integer(),
  total: Type.String(),
  platform_fee: Type.String(),
  effective_fee_bps: Type.Integer(),
  accrued_interest: Type.String({
    description: "a debt token's accrued interest on the quantity: paid by the buyer to the seller",
  }),
  settlement_status: literals(settlementStatuses),
  settlement_type: Nullable(Type.String()),
  settlement_attempts: Type.Integer(),
  settlement_error: Nullable(Type.String()),
  settled_at: Nullable(Type.String()),
  tx_hash: Nullable(Type.String()),
  created_at: Type.String(),
});
export type TradeView = Static<typeof TradeView>;

/**
 * A trade as one of its two parties sees it: their own side only (their order or OTC request, the
 * fee they paid), nothing of the other party. Staff see the whole trade (TradeView).
 */
export const OwnTradeView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  /** the caller's book order, or null for an OTC trade */
  order_id: Nullable(Type.String()),
  /** the caller's OTC request, or null for a book trade */
  otc_order_id: Nullable(Type.String()),
  side: literals(orderSides),
  price: Type.String(),
  quantity: Type.Integer(),
  total: Type.String(),
  /** what the caller paid: the platform fee for the seller, 0.00 for the buyer */
  fee: Type.String(),
  accrued_interest: Type.String({
    description:
      "a debt token's accrued interest on the trade: the buyer paid it, the seller got it",
  }),
  settlement_status: literals(settlementStatuses),
  settled_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type OwnTradeView = Static<typeof OwnTradeView>;

export const PlaceOrderAnswer = Type.Object({ order: OrderView, trades: Type.Array(OwnTradeView) });
export type PlaceOrderAnswer = Static<typeof PlaceOrderAnswer>;

export const OrderListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(literals(orderStatuses)),
  token_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

export const CancelAllQuery = Type.Object({
  token_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const CancelAllAnswer = Type.Object({ data: Type.Array(OrderView) });

export const TradeListQuery = Type.Object({
  ...PageQuery,
  token_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type TradeListQuery = Static<typeof TradeListQuery>;

export const AdminTradeListQuery = Type.Object({
  ...PageQuery,
  token_id: Type.Optional(Type.String({ format: 'uuid' })),
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
  settlement_status: Type.Optional(literals(settlementStatuses)),
});
export type AdminTradeListQuery = Static<typeof AdminTradeListQuery>;

const Level = Type.Object({
  price: Type.String(),
  quantity: Type.Integer(),
  order_count: Type.Integer(),
});
export const OrderBookView = Type.Object({
  token_id: Type.String(),
  sequence: Type.Integer(),
  last_price: Nullable(Type.String()),
  halted_until: Nullable(Type.String()),
  bids: Type.Array(Level),
  asks: Type.Array(Level),
});
export type OrderBookView = Static<typeof OrderBookView>;
export const OrderBookQuery = Type.Object({
  depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});

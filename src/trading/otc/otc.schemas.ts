/** TypeBox schemas of OTC requests (docs/otc.md). */
import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { otcStatuses } from '../../lib/db/schema-otc.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { TradeView } from '../orders/orders.schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const OtcOrderView = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  token_id: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  price: Type.String(),
  quantity: Type.Integer(),
  filled_quantity: Type.Integer(),
  remaining_quantity: Type.Integer(),
  locked_fiat: Type.String(),
  status: Type.Union(otcStatuses.map((value): TLiteral<string> => Type.Literal(value))),
  reason: Nullable(Type.String()),
  reviewed_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type OtcOrderView = Static<typeof OtcOrderView>;

/** What POST /api/v1/orders answers (201) for a fixed_price_otc token. */
export const OtcPlaceAnswer = Type.Object({ otc_order: OtcOrderView });

export const OtcApproveAnswer = Type.Object({
  otc_order: OtcOrderView,
  trades: Type.Array(TradeView),
});
export type OtcApproveAnswer = Static<typeof OtcApproveAnswer>;

const statusFilter = Type.Optional(
  Type.Union(otcStatuses.map((value): TLiteral<string> => Type.Literal(value))),
);

export const OtcListQuery = Type.Object({
  ...PageQuery,
  status: statusFilter,
  token_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type OtcListQuery = Static<typeof OtcListQuery>;

export const AdminOtcListQuery = Type.Object({
  ...PageQuery,
  status: statusFilter,
  token_id: Type.Optional(Type.String({ format: 'uuid' })),
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type AdminOtcListQuery = Static<typeof AdminOtcListQuery>;

export const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type RejectBody = Static<typeof RejectBody>;

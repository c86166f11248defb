import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../../lib/http/pagination.js';
import { Text } from '../../lib/http/route-schemas.js';
import { surveillanceRules } from '../../lib/db/schema-market-data.js';

const Rule = Type.Union(surveillanceRules.map((rule) => Type.Literal(rule)));
const Status = Type.Union([Type.Literal('open'), Type.Literal('closed')]);
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const AlertsQuery = Type.Object(
  {
    status: Type.Optional(Status),
    token_id: Type.Optional(Type.String({ format: 'uuid' })),
    rule: Type.Optional(Rule),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type AlertsQuery = Static<typeof AlertsQuery>;

export const Alert = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  rule: Rule,
  status: Status,
  user_id: Type.String(),
  summary: Type.String(),
  detected_at: Type.String(),
  evidence: Type.Object({
    orders: Type.Array(
      Type.Object({
        id: Type.String(),
        user_id: Type.String(),
        side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
        price: Nullable(Type.String()),
        quantity: Type.Integer(),
        filled_quantity: Type.Integer(),
        placed_at: Type.String(),
        cancelled_at: Nullable(Type.String()),
      }),
    ),
    trades: Type.Array(
      Type.Object({
        id: Type.String(),
        price: Type.String(),
        quantity: Type.Integer(),
        buyer_id: Type.String(),
        seller_id: Type.String(),
        executed_at: Type.String(),
      }),
    ),
  }),
  closed_at: Nullable(Type.String()),
  closed_by: Nullable(Type.String()),
  note: Nullable(Type.String()),
});

export const CloseAlertBody = Type.Object(
  { note: Text(2000, { description: 'Why the alert is closed (what staff found)' }) },
  { additionalProperties: false },
);

export const ThresholdsParams = Type.Object({ tokenId: Type.String({ format: 'uuid' }) });

/** Every threshold (a PUT replaces them all); the ranges are those of the platform settings. */
export const ThresholdsBody = Type.Object(
  {
    spoofing_size_multiple: Type.Integer({ minimum: 1, maximum: 1000 }),
    spoofing_max_lifetime_seconds: Type.Integer({ minimum: 1, maximum: 3600 }),
    layering_min_levels: Type.Integer({ minimum: 2, maximum: 100 }),
    layering_window_seconds: Type.Integer({ minimum: 1, maximum: 3600 }),
    wash_window_seconds: Type.Integer({ minimum: 1, maximum: 3600 }),
    wash_min_round_trips: Type.Integer({ minimum: 1, maximum: 100 }),
    wash_price_tolerance_bps: Type.Integer({ minimum: 0, maximum: 10000 }),
  },
  { additionalProperties: false },
);

export const ThresholdsView = Type.Composite([
  Type.Object({
    token_id: Type.String(),
    /** true when the token has none of its own and the platform's defaults apply */
    is_default: Type.Boolean(),
  }),
  ThresholdsBody,
]);

import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../lib/http/pagination.js';
import { DateTime } from '../../lib/http/route-schemas.js';

export const FailedTradesQuery = Type.Object(PageQuery, { additionalProperties: false });

export const FailedTradeView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  token_id: Type.String({ format: 'uuid' }),
  buyer_id: Type.String({ format: 'uuid' }),
  seller_id: Type.String({ format: 'uuid' }),
  quantity: Type.Integer(),
  price: Type.String(),
  settlement_status: Type.Literal('failed'),
  settlement_attempts: Type.Integer(),
  /** the last error: a pre-check's code and reason, or the chain call's failure */
  settlement_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  failed_at: Type.String({ format: 'date-time' }),
});

export const RetryView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  settlement_status: Type.Literal('processing'),
});

export const BulkRetryBody = Type.Object(
  {
    token_id: Type.Optional(Type.String({ format: 'uuid' })),
    error_code: Type.Optional(
      Type.String({
        pattern: '^[A-Z][A-Z0-9_]{0,63}$',
        description: 'the code the last error starts with, e.g. CHAIN_UNAVAILABLE',
      }),
    ),
    failed_from: Type.Optional(DateTime('failed at or after this instant')),
    failed_to: Type.Optional(DateTime('failed before this instant')),
  },
  { additionalProperties: false },
);

export const BulkRetryView = Type.Object({
  retried: Type.Integer(),
  /** the trades moved back to processing, oldest first */
  trade_ids: Type.Array(Type.String({ format: 'uuid' })),
});

const Units = Type.Union([Type.String(), Type.Null()]);

export const ReconciliationView = Type.Object({
  generated_at: Type.String({ format: 'date-time' }),
  tokens: Type.Array(
    Type.Object({
      token_id: Type.String(),
      symbol: Type.String(),
      contract_address: Type.String(),
      holders: Type.Integer(),
      in_flight_trades: Type.Integer(),
      database_total: Type.String(),
      chain_total_supply: Type.String(),
    }),
  ),
  mismatches: Type.Array(
    Type.Object({
      token_id: Type.String(),
      symbol: Type.String(),
      kind: Type.Union([
        Type.Literal('balance'),
        Type.Literal('total_supply'),
        Type.Literal('identity_not_registered'),
        Type.Literal('holder_without_address'),
      ]),
      user_id: Type.Union([Type.String(), Type.Null()]),
      wallet_address: Type.Union([Type.String(), Type.Null()]),
      database: Units,
      chain: Units,
    }),
  ),
});

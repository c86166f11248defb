import { Type, type Static } from '@sinclair/typebox';
import type { OfferingRound, TokenAllocation } from '../../lib/db/schema-issuance.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { DateTime, PositiveMoney, Text, WholeQuantity } from '../../lib/http/route-schemas.js';

export const SubscribeBody = Type.Object(
  {
    quantity: WholeQuantity(1_000_000_000_000),
    round_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

export const ConfirmPaymentBody = Type.Object(
  {
    allocation_ids: Type.Array(Type.String({ format: 'uuid' }), {
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

export const CreateRoundBody = Type.Object(
  {
    name: Text(100),
    starts_at: DateTime(),
    ends_at: DateTime(),
    max_quantity: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000_000 }),
    price_per_token: Type.Optional(
      PositiveMoney('USD per token in this round, > 0; default the token price'),
    ),
  },
  { additionalProperties: false },
);
export type CreateRoundBody = Static<typeof CreateRoundBody>;

export const AllocationQuery = Type.Object(
  {
    ...PageQuery,
    token_id: Type.Optional(Type.String({ format: 'uuid' })),
    status: Type.Optional(
      Type.Union(['pending_payment', 'confirmed', 'rejected'].map((s) => Type.Literal(s))),
    ),
    on_chain_status: Type.Optional(
      Type.Union(['pending', 'minting', 'minted', 'failed'].map((s) => Type.Literal(s))),
    ),
  },
  { additionalProperties: false },
);
export type AllocationQuery = Static<typeof AllocationQuery>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const AllocationView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  user_id: Type.String(),
  round_id: Nullable(Type.String()),
  quantity: Type.Integer(),
  amount: Type.String(),
  price_per_token: Type.String(),
  allocation_type: Type.String(),
  status: Type.String(),
  on_chain_status: Type.String(),
  on_chain_tx_hash: Nullable(Type.String()),
  on_chain_error: Nullable(Type.String()),
  on_chain_attempts: Type.Integer(),
  confirmed_at: Nullable(Type.String()),
  created_at: Type.String(),
});

export function toAllocationView(a: TokenAllocation): Static<typeof AllocationView> {
  return {
    id: a.id,
    token_id: a.token_id,
    user_id: a.user_id,
    round_id: a.round_id,
    quantity: a.quantity,
    amount: a.amount,
    price_per_token: a.price_per_token,
    allocation_type: a.allocation_type,
    status: a.status,
    on_chain_status: a.on_chain_status,
    on_chain_tx_hash: a.on_chain_tx_hash,
    on_chain_error: a.on_chain_error,
    on_chain_attempts: a.on_chain_attempts,
    confirmed_at: a.confirmed_at?.toISOString() ?? null,
    created_at: a.created_at.toISOString(),
  };
}

export const RoundView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  name: Type.String(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  price_per_token: Nullable(Type.String()),
  max_quantity: Type.Integer(),
  quantity_reserved: Type.Integer(),
  created_at: Type.String(),
});

export function toRoundView(r: OfferingRound): Static<typeof RoundView> {
  return {
    id: r.id,
    token_id: r.token_id,
    name: r.name,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    price_per_token: r.price_per_token,
    max_quantity: r.max_quantity,
    quantity_reserved: r.quantity_reserved,
    created_at: r.created_at.toISOString(),
  };
}

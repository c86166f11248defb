import { Type, type Static } from '@sinclair/typebox';
import type { DividendDeclaration, DividendPayment } from '../../lib/db/schema-dividends.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { Percent } from '../../lib/http/route-schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const L = <T extends string>(value: T) => Type.Literal(value);

export const CreateDividendBody = Type.Object(
  {
    token_id: Type.String({ format: 'uuid' }),
    dividend_type: Type.Union([L('fiat'), L('stablecoin'), L('token')]),
    per_token_usd: Type.Optional(
      Type.String({
        pattern: '^\\d{1,12}(\\.\\d{1,8})?$',
        description: 'USD per token held, up to 8 decimals (fiat and stablecoin dividends)',
      }),
    ),
    per_token_qty: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000_000,
        description: 'tokens paid per token held (token dividends)',
      }),
    ),
    fee_pct: Percent("the platform's fee, percent of each holder's gross, up to 2 decimals", {
      upTo100: true,
      acceptNumber: true,
    }),
    record_date: Type.Optional(
      Type.String({ format: 'date-time', description: 'the snapshot moment; default now' }),
    ),
    payment_date: Type.Optional(
      Type.String({ format: 'date-time', description: 'default the record date' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateDividendBody = Static<typeof CreateDividendBody>;

export const DividendQuery = Type.Object(
  {
    ...PageQuery,
    token_id: Type.Optional(Type.String({ format: 'uuid' })),
    status: Type.Optional(
      Type.Union(
        [
          L('waiting'),
          L('draft'),
          L('pending_approval'),
          L('approved'),
          L('distributing'),
          L('distributed'),
          L('cancelled'),
        ],
        { description: 'waiting: to approve, to distribute, or with a failed payment to retry' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DividendQuery = Static<typeof DividendQuery>;

export const PaymentQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(Type.Union([L('pending'), L('paid'), L('failed'), L('cancelled')])),
  },
  { additionalProperties: false },
);
export type PaymentQuery = Static<typeof PaymentQuery>;

export const DividendView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  issuer_id: Type.String(),
  dividend_type: Type.String(),
  per_token_usd: Nullable(Type.String()),
  per_token_qty: Type.Union([Type.Integer(), Type.Null()]),
  fee_pct: Type.String(),
  total_held: Type.Integer(),
  total_gross_usd: Type.String(),
  total_fee_usd: Type.String(),
  total_net_usd: Type.String(),
  remainder_usd: Type.String({ description: 'left with the issuer by rounding down per holder' }),
  total_quantity: Type.Integer(),
  held_usd: Type.String({ description: 'taken from the issuer and not yet paid out' }),
  held_quantity: Type.Integer(),
  holder_count: Type.Integer(),
  record_date: Type.String({ description: 'when the holders are counted' }),
  ex_date: Type.String({
    description:
      'the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked',
  }),
  payment_date: Type.String({ description: 'holders are paid on it, not before' }),
  snapshot_at: Nullable(
    Type.String({ description: 'when the holders were counted; null until the record date' }),
  ),
  status: Type.String(),
  submitted_at: Nullable(Type.String()),
  approved_at: Nullable(Type.String()),
  distribution_started_at: Nullable(Type.String()),
  distributed_at: Nullable(Type.String()),
  cancelled_at: Nullable(Type.String()),
  created_at: Type.String(),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toDividendView(d: DividendDeclaration): Static<typeof DividendView> {
  return {
    id: d.id,
    token_id: d.token_id,
    issuer_id: d.issuer_id,
    dividend_type: d.dividend_type,
    per_token_usd: d.per_token_usd,
    per_token_qty: d.per_token_qty,
    fee_pct: d.fee_pct,
    total_held: d.total_held,
    total_gross_usd: d.total_gross_usd,
    total_fee_usd: d.total_fee_usd,
    total_net_usd: d.total_net_usd,
    remainder_usd: d.remainder_usd,
    total_quantity: d.total_quantity,
    held_usd: d.held_usd,
    held_quantity: d.held_quantity,
    holder_count: d.holder_count,
    record_date: d.record_date.toISOString(),
    ex_date: d.record_date.toISOString(),
    payment_date: d.payment_date.toISOString(),
    snapshot_at: iso(d.snapshot_at),
    status: d.status,
    submitted_at: iso(d.submitted_at),
    approved_at: iso(d.approved_at),
    distribution_started_at: iso(d.distribution_started_at),
    distributed_at: iso(d.distributed_at),
    cancelled_at: iso(d.cancelled_at),
    created_at: d.created_at.toISOString(),
  };
}

export const PaymentView = Type.Object({
  id: Type.String(),
  dividend_id: Type.String(),
  user_id: Type.String(),
  token_balance: Type.Integer(),
  gross_amount: Type.String(),
  fee_amount: Type.String(),
  net_amount: Type.String(),
  quantity: Type.Integer(),
  status: Type.String(),
  failure_reason: Nullable(Type.String()),
  attempts: Type.Integer(),
  paid_at: Nullable(Type.String()),
  chain_status: Nullable(Type.String({ description: 'token dividends: the on-chain transfer' })),
  chain_tx_hash: Nullable(Type.String()),
  chain_error: Nullable(Type.String()),
});

export type PaymentRow = DividendPayment & {
  chain_status: string | null;
  chain_tx_hash: string | null;
  chain_error: string | null;
};

export function toPaymentView(p: PaymentRow): Static<typeof PaymentView> {
  return {
    id: p.id,
    dividend_id: p.dividend_id,
    user_id: p.user_id,
    token_balance: p.token_balance,
    gross_amount: p.gross_amount,
    fee_amount: p.fee_amount,
    net_amount: p.net_amount,
    quantity: p.quantity,
    status: p.status,
    failure_reason: p.failure_reason,
    attempts: p.attempts,
    paid_at: iso(p.paid_at),
    chain_status: p.chain_status,
    chain_tx_hash: p.chain_tx_hash,
    chain_error: p.chain_error,
  };
}

/** A holder's own payment, with what it was for. */
export const HolderPaymentView = Type.Object({
  ...PaymentView.properties,
  token_id: Type.String(),
  symbol: Type.String(),
  dividend_type: Type.String(),
  payment_date: Type.String(),
});

export function toHolderPaymentView(
  p: PaymentRow & { token_id: string; symbol: string; dividend_type: string; payment_date: Date },
): Static<typeof HolderPaymentView> {
  return {
    ...toPaymentView(p),
    token_id: p.token_id,
    symbol: p.symbol,
    dividend_type: p.dividend_type,
    payment_date: p.payment_date.toISOString(),
  };
}

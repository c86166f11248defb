import { Type, type Static } from '@sinclair/typebox';
import type { Token } from '../../lib/db/schema-issuance.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { ComplianceRulesBody } from '../compliance/compliance-rules.schemas.js';
import { DebtTermsBody } from '../debt/debt.schemas.js';
import { DateTime, Money, Percent, PositiveMoney, Text } from '../../lib/http/route-schemas.js';

const Pct = Percent('percent of the total supply', { upTo100: true, acceptNumber: true });

export const CreateTokenBody = Type.Object(
  {
    business_id: Type.String({ format: 'uuid' }),
    name: Text(100),
    symbol: Type.String({
      pattern: '^[A-Z][A-Z0-9]{1,9}$',
      description: '2 to 10 upper-case letters and digits',
    }),
    decimals: Type.Integer({ minimum: 0, maximum: 18 }),
    primary_offering_pct: Pct,
    team_pct: Pct,
    reserve_pct: Pct,
    price_per_token: PositiveMoney('USD per token, > 0'),
    total_supply: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000_000 }),
    min_investment: Type.Optional(Money('USD, default 0')),
    raise_currency: Type.Optional(Type.Literal('USD')),
    maturity_date: Type.Optional(DateTime()),
    compliance_rules: Type.Optional(ComplianceRulesBody),
    debt: Type.Optional(DebtTermsBody),
  },
  { additionalProperties: false },
);
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const StartOfferingBody = Type.Object(
  {
    primary_start: DateTime(),
    primary_end: DateTime(),
  },
  { additionalProperties: false },
);

export const TokenListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Union(
        ['draft', 'primary', 'secondary', 'paused', 'matured', 'delisted'].map((s) =>
          Type.Literal(s),
        ),
      ),
    ),
    business_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type TokenListQuery = Static<typeof TokenListQuery>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const TokenView = Type.Object({
  id: Type.String(),
  business_id: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
  decimals: Type.Integer(),
  status: Type.String(),
  trading_mode: Type.String(),
  total_supply: Type.Integer(),
  primary_offering_pct: Type.String(),
  team_pct: Type.String(),
  reserve_pct: Type.String(),
  price_per_token: Type.String(),
  min_investment: Type.String(),
  raise_currency: Type.String(),
  tick_size: Type.String(),
  primary_supply: Type.Integer({ description: 'tokens offered in the primary sale' }),
  tokens_available: Type.Integer({ description: 'primary supply not yet subscribed' }),
  tokens_sold: Type.Integer(),
  total_raised: Type.String(),
  primary_start: Nullable(Type.String()),
  primary_end: Nullable(Type.String()),
  maturity_date: Nullable(Type.String()),
  contract_address: Nullable(Type.String()),
  identity_registry_addr: Nullable(Type.String()),
  deploy_tx_hash: Nullable(Type.String()),
  chain_sync: Type.String(),
  success_fee: Nullable(Type.String()),
  trading_fee_bps: Type.Integer({
    description: "the fee on each trade's total, in basis points, paid by the seller",
  }),
  created_at: Type.String(),
});
export type TokenView = Static<typeof TokenView>;

export const TokenConsequencesView = Type.Object({
  total_raised: Type.String(),
  success_fee_bps: Type.Integer(),
  success_fee: Type.String({ description: 'taken from the issuer at go-live' }),
  go_live_quantity: Type.Integer({ description: "the platform's allocation minted at go-live" }),
  team_quantity: Type.Integer({ description: "the issuer's team share allocated at go-live" }),
  reserve_quantity: Type.Integer({
    description: "the issuer's reserve share allocated at go-live",
  }),
  issuer_locked_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "the issuer's shares are locked up until then (going live now); null: none",
  }),
  holders: Type.Integer({ description: 'accounts holding the token' }),
  pending_payments: Type.Integer({ description: 'subscriptions awaiting payment' }),
  go_live_blocked_by: Type.Union(
    [
      ...[
        'TOKEN_STATE_CONFLICT',
        'TOKEN_NOT_DEPLOYED',
        'OFFERING_NOT_OPENED',
        'PAYMENTS_PENDING',
      ].map((code) => Type.Literal(code)),
      Type.Null(),
    ],
    { description: 'why go-live would be refused now; null when it would succeed' },
  ),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toTokenView(token: Token, primarySupply: number): TokenView {
  return {
    id: token.id,
    business_id: token.business_id,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    status: token.status,
    trading_mode: token.trading_mode,
    total_supply: token.total_supply,
    primary_offering_pct: token.primary_offering_pct,
    team_pct: token.team_pct,
    reserve_pct: token.reserve_pct,
    price_per_token: token.price_per_token,
    min_investment: token.min_investment,
    raise_currency: token.raise_currency,
    tick_size: token.tick_size,
    primary_supply: primarySupply,
    tokens_available: Math.max(0, primarySupply - token.tokens_reserved),
    tokens_sold: token.tokens_sold,
    total_raised: token.total_raised,
    primary_start: iso(token.primary_start),
    primary_end: iso(token.primary_end),
    maturity_date: iso(token.maturity_date),
    contract_address: token.contract_address,
    identity_registry_addr: token.identity_registry_addr,
    deploy_tx_hash: token.deploy_tx_hash,
    chain_sync: token.chain_sync,
    success_fee: token.success_fee,
    trading_fee_bps: token.fee_bps,
    created_at: token.created_at.toISOString(),
  };
}

/** The register's request and response schemas. */
import { Type } from '@sinclair/typebox';
import { DateTime } from '../../lib/http/route-schemas.js';

export const RegisterQuery = Type.Object(
  { as_of: Type.Optional(DateTime('the instant of the register; default now; not in the future')) },
  { additionalProperties: false },
);

const Units = (description: string) =>
  Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', description });

const RegisterLineView = Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  legal_name: Type.String(),
  holder_kind: Type.Union(
    [Type.Literal('investor'), Type.Literal('issuer'), Type.Literal('treasury')],
    {
      description:
        "investor (counted as a holder, paid by a dividend), the token's issuer, or the platform's treasury",
    },
  ),
  holder_type: Type.Union([Type.Literal('individual'), Type.Literal('company')]),
  country: Type.String({
    description:
      "ISO 3166-1 alpha-2: the holder's country, the one its identity is registered with on chain",
  }),
  accreditation: Type.Union([Type.String(), Type.Null()]),
  units: Units('units held at the instant'),
  pct_of_supply: Type.String({ description: 'percent of the supply in circulation, 4 decimals' }),
  pct_of_total_supply: Type.String({
    description:
      "percent of the token's total supply, 4 decimals: the base a maximum-balance rule in percent uses",
  }),
  locked_units: Units('units in sell orders open at the instant'),
  frozen_units: Units("units frozen on chain at the instant's block"),
  locked_up_units: Units(
    "units still in lock-up at the instant: primary allocations under the token's rule, the issuer's team and reserve shares to their own date",
  ),
  wallet_address: Type.Union([Type.String(), Type.Null()]),
});

const Difference = Type.Object({
  wallet_address: Type.String(),
  register_units: Type.String(),
  chain_units: Type.String(),
});

export const RegisterView = Type.Object({
  token_id: Type.String({ format: 'uuid' }),
  token_name: Type.String(),
  symbol: Type.String(),
  issuer_name: Type.String(),
  as_of: Type.String({ format: 'date-time' }),
  generated_at: Type.String({ format: 'date-time' }),
  total_supply: Units("the token's total supply: the base of the percentages of total supply"),
  supply_in_circulation: Units('units held by all holders at the instant (the totals)'),
  holders: Type.Array(RegisterLineView),
  totals: Type.Object({
    holders: Type.Integer({
      description: "every account holding units, the issuer and the platform's treasury included",
    }),
    investor_holders: Type.Integer({
      description: 'the holders a dividend pays: all but the issuer and the treasury',
    }),
    units: Type.String(),
    pct_of_total_supply: Type.String({
      description: 'the units held, percent of the total supply',
    }),
    locked_units: Type.String(),
    frozen_units: Type.String(),
    locked_up_units: Type.String(),
  }),
  reconciliation: Type.Union([
    Type.Object({
      status: Type.Union([Type.Literal('agrees'), Type.Literal('differs')]),
      block_number: Type.Integer(),
      block_timestamp: Type.String({ format: 'date-time' }),
      differences: Type.Array(Difference),
      holders_without_wallet: Type.Integer(),
    }),
    Type.Object({
      status: Type.Union([Type.Literal('not_on_chain'), Type.Literal('unavailable')]),
      detail: Type.String(),
    }),
  ]),
});

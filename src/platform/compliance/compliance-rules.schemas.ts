/**
 * The API shape of a token's rules (docs/compliance.md): countries as ISO 3166-1 alpha-2 or
 * alpha-3 in, alpha-2 out; whole tokens; a rule left out or null is not in force.
 */
import { Type, type Static } from '@sinclair/typebox';
import countries from 'i18n-iso-countries';
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { ruleSetProblem } from '../../lib/compliance/compliance-rules.js';
import { parseCountry } from '../../lib/countries.js';
import { AppError } from '../../lib/errors.js';
import { DateTime, MultilineText } from '../../lib/http/route-schemas.js';

const Countries = Type.Array(Type.String({ pattern: '^[A-Za-z]{2,3}$' }), {
  maxItems: 250,
  uniqueItems: true,
  description: 'ISO 3166-1 alpha-2 or alpha-3 codes',
});
const Count = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });
const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000_000_000_000 });
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));
const closed = { additionalProperties: false } as const;

export const ComplianceRulesBody = Type.Object(
  {
    allowed_countries: orNull(Countries),
    blocked_countries: Type.Optional(Countries),
    max_balance: orNull(
      Type.Union([
        Type.Object({ units: Quantity }, closed),
        Type.Object(
          {
            pct_of_supply: Type.String({
              pattern: '^(100(\\.0{1,4})?|[0-9]{1,2}(\\.[0-9]{1,4})?)$',
              description: 'percent of the total supply, up to 4 decimals',
            }),
          },
          closed,
        ),
      ]),
    ),
    max_holders: orNull(Count),
    max_holders_per_country: orNull(Count),
    lock_up: orNull(
      Type.Union([
        Type.Object({ until: DateTime('no transfer out of primary allocations before') }, closed),
        Type.Object({ days_after_allocation: Type.Integer({ minimum: 1, maximum: 3650 }) }, closed),
      ]),
    ),
    supply_cap: orNull(Quantity),
  },
  closed,
);
export type ComplianceRulesBody = Static<typeof ComplianceRulesBody>;

export const ChangeComplianceRulesBody = Type.Object(
  {
    rules: ComplianceRulesBody,
    reason: MultilineText(1000, { minLength: 3, description: 'why the rules change (audited)' }),
  },
  closed,
);
export type ChangeComplianceRulesBody = Static<typeof ChangeComplianceRulesBody>;

export const ComplianceRulesView = Type.Object({
  token_id: Type.String(),
  allowed_countries: Type.Union([Type.Array(Type.String()), Type.Null()]),
  blocked_countries: Type.Array(Type.String()),
  max_balance: Type.Union([
    Type.Object({ units: Type.Integer() }),
    Type.Object({ pct_of_supply: Type.String() }),
    Type.Null(),
  ]),
  max_holders: Type.Union([Type.Integer(), Type.Null()]),
  max_holders_per_country: Type.Union([Type.Integer(), Type.Null()]),
  lock_up: Type.Union([
    Type.Object({ until: Type.String() }),
    Type.Object({ days_after_allocation: Type.Integer() }),
    Type.Null(),
  ]),
  supply_cap: Type.Union([Type.Integer(), Type.Null()]),
  version: Type.Integer(),
  chain_sync: Type.String({ description: 'synced once the chain-enforced rules are on chain' }),
});
export type ComplianceRulesView = Static<typeof ComplianceRulesView>;

function numericCountries(codes: readonly string[], field: string): number[] {
  return codes.map((code) => {
    const country = parseCountry(code);
    if (!country) throw new AppError('VALIDATION_FAILED', `${field}: ${code} is not a country`);
    return country.numeric;
  });
}

/** The rules of a request, checked against the token's total supply (422 when they cannot hold). */
export function rulesFromBody(body: ComplianceRulesBody, totalSupply: number): ComplianceRules {
  const maxBalance = body.max_balance;
  const lockUp = body.lock_up;
  const rules: ComplianceRules = {
    allowedCountries: body.allowed_countries
      ? numericCountries(body.allowed_countries, 'allowed_countries')
      : null,
    blockedCountries: numericCountries(body.blocked_countries ?? [], 'blocked_countries'),
    maxBalance: !maxBalance
      ? null
      : 'units' in maxBalance
        ? { units: maxBalance.units }
        : { pctOfSupply: maxBalance.pct_of_supply },
    maxHolders: body.max_holders ?? null,
    maxHoldersPerCountry: body.max_holders_per_country ?? null,
    lockUp: !lockUp
      ? null
      : 'until' in lockUp
        ? { until: new Date(lockUp.until) }
        : { daysAfterAllocation: lockUp.days_after_allocation },
    supplyCap: body.supply_cap ?? null,
  };
  const problem = ruleSetProblem(rules, totalSupply);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { field: 'compliance_rules' });
  return rules;
}

const alpha2 = (numeric: number) => countries.numericToAlpha2(numeric) ?? String(numeric);

export function toComplianceRulesView(
  tokenId: string,
  rules: ComplianceRules,
  state: { version: number; chainSync: string },
): ComplianceRulesView {
  const { maxBalance, lockUp } = rules;
  return {
    token_id: tokenId,
    allowed_countries: rules.allowedCountries && rules.allowedCountries.map(alpha2),
    blocked_countries: rules.blockedCountries.map(alpha2),
    max_balance: !maxBalance
      ? null
      : 'units' in maxBalance
        ? { units: maxBalance.units }
        : { pct_of_supply: maxBalance.pctOfSupply },
    max_holders: rules.maxHolders,
    max_holders_per_country: rules.maxHoldersPerCountry,
    lock_up: !lockUp
      ? null
      : 'until' in lockUp
        ? { until: lockUp.until.toISOString() }
        : { days_after_allocation: lockUp.daysAfterAllocation },
    supply_cap: rules.supplyCap,
    version: state.version,
    chain_sync: state.chainSync,
  };
}

/**
 * A token's transfer rules (issue 31), as the platform stores them and every process evaluates
 * them. Countries are ISO 3166-1 numeric codes: the identity registry's `investorCountry` and the
 * T-REX country modules speak them. Quantities are whole tokens.
 */
import { Decimal } from 'decimal.js';

export type MaxBalanceRule = { units: number } | { pctOfSupply: string };
/** No transfer out of primary allocations before a date, or for N days after each one. */
export type LockUpRule = { until: Date } | { daysAfterAllocation: number };

export interface ComplianceRules {
  /** receivers must be in one of these countries; null: any country */
  allowedCountries: readonly number[] | null;
  blockedCountries: readonly number[];
  maxBalance: MaxBalanceRule | null;
  maxHolders: number | null;
  maxHoldersPerCountry: number | null;
  lockUp: LockUpRule | null;
  /** at most this many tokens minted */
  supplyCap: number | null;
}

export const noComplianceRules: ComplianceRules = {
  allowedCountries: null,
  blockedCountries: [],
  maxBalance: null,
  maxHolders: null,
  maxHoldersPerCountry: null,
  lockUp: null,
  supplyCap: null,
};

/** The maximum balance in whole tokens; a percentage of the token's total supply rounds down. */
export function maxBalanceUnits(rule: MaxBalanceRule, totalSupply: number): number {
  if ('units' in rule) return rule.units;
  return new Decimal(totalSupply).mul(rule.pctOfSupply).div(100).floor().toNumber();
}

/**
 * The rules T-REX 4.1.6 modules enforce on chain (country allow and restrict lists, max balance,
 * supply limit). Max holders and lock-up have no module: the exchange alone enforces them
 * (docs/decisions/compliance.md).
 */
export function chainEnforcedRules(rules: ComplianceRules): ComplianceRules {
  return { ...rules, maxHolders: null, maxHoldersPerCountry: null, lockUp: null };
}

/** Why a rule set cannot be stored, or null when it can. */
export function ruleSetProblem(rules: ComplianceRules, totalSupply: number): string | null {
  const allowed = rules.allowedCountries;
  if (allowed?.length === 0) return 'allowed_countries is empty: no investor could hold the token';
  if (allowed && rules.blockedCountries.some((c) => allowed.includes(c)))
    return 'a country is both allowed and blocked';
  if (rules.maxBalance && maxBalanceUnits(rules.maxBalance, totalSupply) < 1)
    return 'max_balance allows less than one token';
  if (rules.supplyCap !== null && rules.supplyCap > totalSupply)
    return 'supply_cap is above the total supply';
  return null;
}

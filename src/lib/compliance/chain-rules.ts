/**
 * The chain-enforced part of a token's rules as the chain API takes it: whole tokens become base
 * units, a maximum balance in percent becomes units of the token's total supply.
 */
import type { ComplianceRulesBody } from '../chain-api.schemas.js';
import { baseUnits } from '../token-units.js';
import { maxBalanceUnits, type ComplianceRules } from './compliance-rules.js';

export function chainRulesBody(
  tokenAddr: string,
  rules: ComplianceRules,
  token: { totalSupply: number; decimals: number },
): ComplianceRulesBody {
  const units = (quantity: number | null) =>
    quantity === null ? null : baseUnits(quantity, token.decimals);
  return {
    token_addr: tokenAddr,
    allowed_countries: rules.allowedCountries && [...rules.allowedCountries],
    blocked_countries: [...rules.blockedCountries],
    max_balance: units(rules.maxBalance && maxBalanceUnits(rules.maxBalance, token.totalSupply)),
    supply_cap: units(rules.supplyCap),
  };
}

/**
 * The chain-enforced part of a token's rules as the chain API takes it: whole tokens become base
 * units, a maximum balance in percent becomes units of the token's total supply; the exempt
 * wallets are the treasury's and the issuer's (docs/compliance.md).
 */
import type { ComplianceRulesBody } from '../chain-api.schemas.js';
import { baseUnits } from '../token-units.js';
import { maxBalanceUnits, type ComplianceRules } from './compliance-rules.js';

export function chainRulesBody(
  tokenAddr: string,
  rules: ComplianceRules,
  token: { totalSupply: number; decimals: number },
  exemptWallets: readonly string[] = [],
): ComplianceRulesBody {
  const units = (quantity: number | null) =>
    quantity === null ? null : baseUnits(quantity, token.decimals);
  return {
    token_addr: tokenAddr,
    allowed_countries: rules.allowedCountries && [...rules.allowedCountries],
    blocked_countries: [...rules.blockedCountries],
    max_balance: units(rules.maxBalance && maxBalanceUnits(rules.maxBalance, token.totalSupply)),
    supply_cap: units(rules.supplyCap),
    exempt_wallets: [...new Set(exemptWallets)],
  };
}

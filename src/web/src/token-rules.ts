/**
 * A token's transfer rules in words, as a buyer is told them (pure): the answer of
 * GET /api/v1/tokens/:id/compliance-rules (docs/compliance.md), one sentence per rule in force.
 */
import type { PostBody, TokenRules } from './types.js';

/** The rules in force of the answer (its version and chain sync are not told to buyers). */
type RulesInForce = Omit<TokenRules, 'token_id' | 'version' | 'chain_sync'>;
/** The rules a new token is created with (POST /tokens `compliance_rules`). */
type RulesBody = NonNullable<PostBody<'/api/v1/tokens'>['compliance_rules']>;

export function rulesInWords(rules: RulesInForce): string[] {
  const words: string[] = [];
  if (rules.allowed_countries)
    words.push(`Only investors in ${rules.allowed_countries.join(', ')} may buy.`);
  if (rules.blocked_countries.length > 0)
    words.push(`Investors in ${rules.blocked_countries.join(', ')} may not buy.`);
  if (rules.max_balance)
    words.push(
      'units' in rules.max_balance
        ? `No investor may hold more than ${rules.max_balance.units} tokens.`
        : `No investor may hold more than ${rules.max_balance.pct_of_supply}% of the supply.`,
    );
  if (rules.max_holders !== null)
    words.push(`At most ${rules.max_holders} holders: a new buyer may be refused once it is full.`);
  if (rules.max_holders_per_country !== null)
    words.push(`At most ${rules.max_holders_per_country} holders in any one country.`);
  if (rules.lock_up)
    words.push(
      'until' in rules.lock_up
        ? `Tokens from the offering cannot be sold before ${rules.lock_up.until.slice(0, 10)}.`
        : `Tokens from the offering cannot be sold for ${rules.lock_up.days_after_allocation} days after they are allocated.`,
    );
  if (rules.supply_cap !== null) words.push(`At most ${rules.supply_cap} tokens will ever exist.`);
  return words;
}

/** The form's rule fields as `compliance_rules`, or undefined when none is filled in. */
export function rulesFromForm(v: Record<string, string>): RulesBody | undefined {
  const countries = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter((c) => c !== '');
  const rules: RulesBody = {};
  if (countries(v.allowed_countries).length > 0)
    rules.allowed_countries = countries(v.allowed_countries);
  if (countries(v.blocked_countries).length > 0)
    rules.blocked_countries = countries(v.blocked_countries);
  if (v.max_balance_pct) rules.max_balance = { pct_of_supply: v.max_balance_pct.trim() };
  if (v.max_holders) rules.max_holders = Number(v.max_holders);
  if (v.lock_up_days) rules.lock_up = { days_after_allocation: Number(v.lock_up_days) };
  return Object.keys(rules).length > 0 ? rules : undefined;
}

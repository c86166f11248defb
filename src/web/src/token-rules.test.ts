import { describe, expect, it } from 'vitest';
import { rulesFromForm, rulesInWords } from './token-rules.js';

const none = {
  allowed_countries: null,
  blocked_countries: [],
  max_balance: null,
  max_holders: null,
  max_holders_per_country: null,
  lock_up: null,
  supply_cap: null,
};

describe('token rules in words', () => {
  it('says nothing for a token without rules, and one sentence per rule in force', () => {
    expect(rulesInWords(none)).toEqual([]);
    expect(
      rulesInWords({
        ...none,
        allowed_countries: ['DE', 'FR'],
        max_balance: { pct_of_supply: '5' },
        lock_up: { days_after_allocation: 365 },
      }),
    ).toEqual([
      'Only investors in DE, FR may buy.',
      'No investor may hold more than 5% of the supply.',
      'Tokens from the offering cannot be sold for 365 days after they are allocated.',
    ]);
  });

  it("reads the issuer's form into compliance_rules, or nothing when no rule is filled in", () => {
    expect(rulesFromForm({ allowed_countries: ' ', max_holders: '' })).toBeUndefined();
    expect(
      rulesFromForm({ allowed_countries: 'de, fr', max_balance_pct: '5', lock_up_days: '30' }),
    ).toEqual({
      allowed_countries: ['DE', 'FR'],
      max_balance: { pct_of_supply: '5' },
      lock_up: { days_after_allocation: 30 },
    });
  });
});

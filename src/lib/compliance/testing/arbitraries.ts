/**
 * fast-check generators of rule sets and transfers, shared by the evaluator's property tests and
 * the parity test against the chain. Few countries and small quantities, so rules bite often.
 */
import fc from 'fast-check';
import type { ComplianceRules, LockUpRule, MaxBalanceRule } from '../compliance-rules.js';

export const testCountries = [840, 276, 250, 784] as const;
export const testEpoch = new Date('2027-01-01T00:00:00Z');
const dayMs = 86_400_000;

const country = fc.constantFrom(...testCountries);
const countries = fc.uniqueArray(country, { maxLength: testCountries.length });

export const maxBalanceRule: fc.Arbitrary<MaxBalanceRule> = fc.oneof(
  fc.record({ units: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ pctOfSupply: fc.constantFrom('5', '12.5', '30', '50', '100') }),
);

export const lockUpRule: fc.Arbitrary<LockUpRule> = fc.oneof(
  fc.record({
    until: fc.integer({ min: -30, max: 30 }).map((d) => new Date(+testEpoch + d * dayMs)),
  }),
  fc.record({ daysAfterAllocation: fc.integer({ min: 1, max: 60 }) }),
);

/** Rule sets the platform would store for a token of `totalSupply` (see ruleSetProblem). */
export function ruleSet(totalSupply: number): fc.Arbitrary<ComplianceRules> {
  return fc
    .record({
      allowedCountries: fc.option(
        countries.filter((c) => c.length > 0),
        { nil: null },
      ),
      blockedCountries: countries,
      maxBalance: fc.option(maxBalanceRule, { nil: null }),
      maxHolders: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
      maxHoldersPerCountry: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      lockUp: fc.option(lockUpRule, { nil: null }),
      supplyCap: fc.option(fc.integer({ min: 1, max: totalSupply }), { nil: null }),
    })
    .map((rules) => ({
      ...rules,
      blockedCountries: rules.blockedCountries.filter(
        (c) => !(rules.allowedCountries ?? []).includes(c),
      ),
    }));
}

export const holderState = fc.record({
  country,
  balance: fc.integer({ min: 0, max: 80 }),
  allocations: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 40 }),
      at: fc.integer({ min: -90, max: 10 }).map((d) => new Date(+testEpoch + d * dayMs)),
    }),
    { maxLength: 3 },
  ),
});

export const transferTime = fc
  .integer({ min: -40, max: 40 })
  .map((d) => new Date(+testEpoch + d * dayMs));

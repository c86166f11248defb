import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noComplianceRules, ruleSetProblem, type ComplianceRules } from './compliance-rules.js';
import {
  complianceError,
  evaluateTransfer,
  holdingVerdict,
  type HolderState,
  type TokenState,
  type TransferIntent,
} from './evaluate-transfer.js';
import { holderState, ruleSet, testEpoch, transferTime } from './testing/arbitraries.js';

const day = 86_400_000;
const us = 840;
const de = 276;
const token: TokenState = {
  totalSupply: 1000,
  minted: 400,
  holders: 3,
  holdersByCountry: new Map([
    [us, 2],
    [de, 1],
  ]),
};
const holder = (balance: number, country = us, allocations: HolderState['allocations'] = []) => ({
  country,
  balance,
  allocations,
});
const rules = (set: Partial<ComplianceRules>): ComplianceRules => ({
  ...noComplianceRules,
  ...set,
});
const verdict = (set: Partial<ComplianceRules>, intent: Partial<TransferIntent>, state = token) =>
  evaluateTransfer(rules(set), state, {
    from: holder(50),
    to: holder(0),
    quantity: 10,
    at: testEpoch,
    ...intent,
  });
const codeOf = (v: ReturnType<typeof evaluateTransfer>) => (v.allowed ? 'allowed' : v.rule);

describe('evaluateTransfer', () => {
  it('refuses receivers outside the allowed countries or in a blocked one', () => {
    expect(codeOf(verdict({ allowedCountries: [de] }, {}))).toBe('allowed_countries');
    expect(codeOf(verdict({ allowedCountries: [us] }, {}))).toBe('allowed');
    expect(codeOf(verdict({ blockedCountries: [us] }, {}))).toBe('blocked_countries');
    expect(
      codeOf(verdict({ blockedCountries: [us] }, { from: holder(50, de), to: holder(0, de) })),
    ).toBe('allowed');
  });

  it('bounds the receiver balance in units or percent of supply, mints included', () => {
    expect(codeOf(verdict({ maxBalance: { units: 20 } }, { to: holder(10), quantity: 10 }))).toBe(
      'allowed',
    );
    expect(codeOf(verdict({ maxBalance: { units: 20 } }, { to: holder(11), quantity: 10 }))).toBe(
      'max_balance',
    );
    // 2.5% of 1000 = 25
    const pct = { maxBalance: { pctOfSupply: '2.5' } };
    expect(codeOf(verdict(pct, { from: null, to: holder(15), quantity: 10 }))).toBe('allowed');
    expect(codeOf(verdict(pct, { from: null, to: holder(16), quantity: 10 }))).toBe('max_balance');
  });

  it('caps the minted supply and only mints', () => {
    expect(codeOf(verdict({ supplyCap: 410 }, { from: null, quantity: 10 }))).toBe('allowed');
    expect(codeOf(verdict({ supplyCap: 409 }, { from: null, quantity: 10 }))).toBe('supply_cap');
    expect(codeOf(verdict({ supplyCap: 1 }, { quantity: 10 }))).toBe('allowed');
  });

  it('refuses a new holder past the cap unless the sender leaves', () => {
    expect(codeOf(verdict({ maxHolders: 3 }, {}))).toBe('max_holders');
    expect(codeOf(verdict({ maxHolders: 4 }, {}))).toBe('allowed');
    expect(codeOf(verdict({ maxHolders: 3 }, { to: holder(5) }))).toBe('allowed');
    expect(codeOf(verdict({ maxHolders: 3 }, { from: holder(10) }))).toBe('allowed');
    expect(codeOf(verdict({ maxHoldersPerCountry: 2 }, {}))).toBe('max_holders_per_country');
    expect(codeOf(verdict({ maxHoldersPerCountry: 2 }, { to: holder(0, de) }))).toBe('allowed');
    expect(codeOf(verdict({ maxHoldersPerCountry: 2 }, { from: holder(10) }))).toBe('allowed');
    expect(
      codeOf(verdict({ maxHoldersPerCountry: 2 }, { from: holder(10, de), to: holder(0, us) })),
    ).toBe('max_holders_per_country');
  });

  it('locks primary allocations until a date or for days after each', () => {
    const allocated = holder(50, us, [
      { quantity: 30, at: new Date(+testEpoch - 10 * day) },
      { quantity: 15, at: new Date(+testEpoch - 2 * day) },
    ]);
    const until = { lockUp: { until: new Date(+testEpoch + day) } };
    expect(codeOf(verdict(until, { from: allocated, quantity: 5 }))).toBe('allowed');
    expect(codeOf(verdict(until, { from: allocated, quantity: 6 }))).toBe('lock_up');
    expect(
      codeOf(verdict(until, { from: allocated, quantity: 50, at: new Date(+testEpoch + day) })),
    ).toBe('allowed');
    const days = { lockUp: { daysAfterAllocation: 5 } };
    expect(codeOf(verdict(days, { from: allocated, quantity: 35 }))).toBe('allowed');
    expect(codeOf(verdict(days, { from: allocated, quantity: 36 }))).toBe('lock_up');
    expect(codeOf(verdict(days, { from: null, to: allocated, quantity: 5 }))).toBe('allowed');
  });

  it("locks an allocation with its own date (issuer's shares) whatever the token's rule", () => {
    const issuer = holder(100, us, [
      { quantity: 60, at: testEpoch, lockedUntil: new Date(+testEpoch + 365 * day) },
    ]);
    expect(codeOf(verdict({}, { from: issuer, quantity: 40 }))).toBe('allowed');
    expect(codeOf(verdict({}, { from: issuer, quantity: 41 }))).toBe('lock_up');
    const shortRule = { lockUp: { daysAfterAllocation: 1 } };
    const later = new Date(+testEpoch + 30 * day);
    expect(codeOf(verdict(shortRule, { from: issuer, quantity: 41, at: later }))).toBe('lock_up');
    const free = new Date(+testEpoch + 365 * day);
    expect(codeOf(verdict({}, { from: issuer, quantity: 100, at: free }))).toBe('allowed');
  });

  it('exempts the treasury and the issuer as receivers from countries, balance and holders, not the cap', () => {
    const treasury = { ...holder(0, de), exempt: true };
    const strict = {
      allowedCountries: [us],
      maxBalance: { units: 5 },
      maxHolders: 3,
      maxHoldersPerCountry: 1,
    };
    expect(codeOf(verdict(strict, { from: null, to: treasury, quantity: 500 }))).toBe('allowed');
    expect(codeOf(verdict(strict, { from: null, to: holder(0, de), quantity: 1 }))).toBe(
      'allowed_countries',
    );
    expect(
      codeOf(verdict({ ...strict, supplyCap: 500 }, { from: null, to: treasury, quantity: 101 })),
    ).toBe('supply_cap');
  });

  it('answers a refusal as the catalogue error naming the rule', () => {
    const refused = verdict({ blockedCountries: [us] }, {});
    if (refused.allowed) throw new Error('expected a refusal');
    const error = complianceError(refused);
    expect([error.code, error.status, error.extra]).toEqual([
      'COMPLIANCE_COUNTRY_BLOCKED',
      422,
      { rule: 'blocked_countries' },
    ]);
  });

  const tokenState = fc
    .record({
      minted: fc.integer({ min: 0, max: 200 }),
      holders: fc.integer({ min: 0, max: 8 }),
      perCountry: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 4, maxLength: 4 }),
    })
    .map(({ minted, holders, perCountry }): TokenState => ({
      totalSupply: 200,
      minted,
      holders,
      holdersByCountry: new Map([840, 276, 250, 784].map((c, i) => [c, perCountry[i]!])),
    }));
  const intent = fc.record({
    from: fc.option(holderState, { nil: null }),
    to: holderState,
    quantity: fc.integer({ min: 1, max: 80 }),
    at: transferTime,
  });
  const rulesOf = (set: ComplianceRules) =>
    (Object.keys(set) as (keyof ComplianceRules)[])
      .filter((k) => set[k] !== null && !(Array.isArray(set[k]) && set[k].length === 0))
      .map((k) => ({ ...noComplianceRules, [k]: set[k] }));

  it('accepts exactly when every rule alone accepts (the rules are a conjunction)', () => {
    fc.assert(
      fc.property(ruleSet(200), tokenState, intent, (set, state, move) => {
        expect(ruleSetProblem(set, state.totalSupply)).toBeNull();
        const alone = rulesOf(set).map((one) => evaluateTransfer(one, state, move));
        const combined = evaluateTransfer(set, state, move);
        expect(combined.allowed).toBe(alone.every((v) => v.allowed));
        if (!combined.allowed) expect(alone).toContainEqual(combined);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every smaller quantity of an accepted one when no holder cap applies', () => {
    fc.assert(
      fc.property(ruleSet(200), tokenState, intent, (set, state, move) => {
        const uncapped = { ...set, maxHolders: null, maxHoldersPerCountry: null };
        fc.pre(evaluateTransfer(uncapped, state, move).allowed);
        for (let q = 1; q < move.quantity; q++)
          expect(evaluateTransfer(uncapped, state, { ...move, quantity: q }).allowed).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts anything without rules', () => {
    fc.assert(
      fc.property(tokenState, intent, (state, move) => {
        expect(evaluateTransfer(noComplianceRules, state, move)).toEqual({ allowed: true });
      }),
    );
  });
});

describe('holdingVerdict', () => {
  const of = (set: Partial<ComplianceRules>, kept: HolderState) => {
    const v = holdingVerdict(rules(set), token, kept);
    return v.allowed ? 'allowed' : `${v.code} ${v.rule}`;
  };

  it('names a holding its holder’s new country may not keep', () => {
    expect(of({ blockedCountries: [us] }, holder(5, us))).toBe(
      'COMPLIANCE_COUNTRY_BLOCKED blocked_countries',
    );
    expect(of({ allowedCountries: [de] }, holder(5, us))).toBe(
      'COMPLIANCE_COUNTRY_BLOCKED allowed_countries',
    );
    expect(of({ blockedCountries: [us] }, holder(5, de))).toBe('allowed');
  });

  it('names a country holding more holders than its cap, counting the holder', () => {
    expect(of({ maxHoldersPerCountry: 1 }, holder(5, us))).toBe(
      'COMPLIANCE_MAX_HOLDERS max_holders_per_country',
    );
    expect(of({ maxHoldersPerCountry: 2 }, holder(5, us))).toBe('allowed');
  });

  it('says nothing of no units, nor of an exempt holder', () => {
    expect(of({ blockedCountries: [us] }, holder(0, us))).toBe('allowed');
    expect(of({ blockedCountries: [us] }, { ...holder(5, us), exempt: true })).toBe('allowed');
  });
});

import { describe, expect, it } from 'vitest';
import { subscriptionRefusal, type SubscriptionCheck } from './offering.rules.js';

const base: SubscriptionCheck = {
  now: new Date('2026-06-15T00:00:00Z'),
  quantity: 10,
  amount: '100.00',
  window: { start: new Date('2026-06-01T00:00:00Z'), end: new Date('2026-06-30T00:00:00Z') },
  minInvestment: '50',
  available: 100,
  investor: { accreditation: 'retail', fatca: 'clear' },
};
const refusal = (over: Partial<SubscriptionCheck>) =>
  subscriptionRefusal({ ...base, ...over })?.code;

describe('subscriptionRefusal', () => {
  it('accepts a subscription inside every rule', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ amount: '500.00' })).toBeUndefined();
    expect(refusal({ amount: '50.00' })).toBeUndefined();
    expect(refusal({ quantity: 100 })).toBeUndefined();
  });

  it('refuses outside the window', () => {
    expect(refusal({ now: new Date('2026-05-31T23:59:59Z') })).toBe('OFFERING_NOT_OPEN');
    expect(refusal({ now: new Date('2026-06-30T00:00:01Z') })).toBe('OFFERING_NOT_OPEN');
    expect(refusal({ window: { start: null, end: null } })).toBe('OFFERING_NOT_OPEN');
  });

  it('refuses below the minimum and above the tier limit', () => {
    expect(refusal({ amount: '49.99' })).toBe('BELOW_MIN_INVESTMENT');
    expect(refusal({ amount: '500.01' })).toBe('INVESTMENT_LIMIT_EXCEEDED');
    expect(
      refusal({ amount: '5000.00', investor: { accreditation: 'professional', fatca: 'clear' } }),
    ).toBeUndefined();
    expect(
      refusal({ amount: '5000.01', investor: { accreditation: 'professional', fatca: 'clear' } }),
    ).toBe('INVESTMENT_LIMIT_EXCEEDED');
    expect(
      refusal({ amount: '50000.00', investor: { accreditation: 'institutional', fatca: 'clear' } }),
    ).toBeUndefined();
  });

  it('refuses beyond the remaining supply and FATCA-blocked investors', () => {
    expect(refusal({ quantity: 101 })).toBe('SUPPLY_EXHAUSTED');
    expect(refusal({ available: 0 })).toBe('SUPPLY_EXHAUSTED');
    expect(refusal({ investor: { accreditation: 'retail', fatca: 'blocked' } })).toBe(
      'FATCA_BLOCKED',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { Exact } from '../../lib/money.js';
import { PriceWindow } from './price-window.js';
import {
  breakerTrips,
  fatFingerRefusal,
  marketBound,
  navDeviationRefused,
  overInvestmentLimit,
} from './risk.rules.js';

const block = { fatFingerMode: 'block' as const, fatFingerFactor: '3' };
const confirm = { fatFingerMode: 'confirm' as const, fatFingerFactor: '3' };

describe('fat-finger', () => {
  it('allows prices within a factor of 3 of the reference, bounds included', () => {
    expect(fatFingerRefusal('30.00', '10.00', block, false)).toBeUndefined();
    expect(fatFingerRefusal('3.34', '10.00', block, false)).toBeUndefined();
  });
  it('blocks beyond the bound in block mode, even when confirmed', () => {
    expect(fatFingerRefusal('30.01', '10.00', block, true)).toBe('FAT_FINGER_BLOCKED');
    expect(fatFingerRefusal('3.33', '10.00', block, true)).toBe('FAT_FINGER_BLOCKED');
  });
  it('asks for confirmation in confirm mode', () => {
    expect(fatFingerRefusal('30.01', '10.00', confirm, false)).toBe(
      'FAT_FINGER_CONFIRMATION_REQUIRED',
    );
    expect(fatFingerRefusal('30.01', '10.00', confirm, true)).toBeUndefined();
  });
  it('has nothing to compare without a reference', () => {
    expect(fatFingerRefusal('1000.00', null, block, false)).toBeUndefined();
  });
});

describe('the rules as integers', () => {
  // what they compared with decimal.js before: the same answer on every pair of a grid
  const prices = [
    '0.01',
    '3.33',
    '3.34',
    '9.99',
    '10',
    '10.00',
    '11.00',
    '12.00',
    '12.01',
    '30.01',
  ];
  const factors = ['3', '1.5', '2.25', '10'];
  const pcts = ['10', '20', '0.5', '33.333'];
  it('answers as decimal arithmetic does, and falls back to it for exponents', () => {
    for (const price of prices) {
      for (const reference of [...prices, '1e1']) {
        for (const factor of factors) {
          const ref = new Exact(reference);
          const p = new Exact(price);
          const far = p.greaterThan(ref.times(factor)) || p.lessThan(ref.dividedBy(factor));
          expect(
            fatFingerRefusal(price, reference, { ...block, fatFingerFactor: factor }, false),
          ).toBe(far ? 'FAT_FINGER_BLOCKED' : undefined);
        }
        for (const pct of pcts) {
          const moved = new Exact(price).minus(reference).abs().dividedBy(reference).times(100);
          expect(breakerTrips(reference, price, pct)).toBe(moved.greaterThanOrEqualTo(pct));
          expect(navDeviationRefused(price, reference, pct, false)).toBe(moved.greaterThan(pct));
        }
      }
    }
  });
});

describe('NAV deviation', () => {
  it('needs confirmation above 20% either way, not at 20%', () => {
    expect(navDeviationRefused('12.00', '10.00', '20', false)).toBe(false);
    expect(navDeviationRefused('12.01', '10.00', '20', false)).toBe(true);
    expect(navDeviationRefused('7.99', '10.00', '20', false)).toBe(true);
    expect(navDeviationRefused('12.01', '10.00', '20', true)).toBe(false);
    expect(navDeviationRefused('99.00', null, '20', false)).toBe(false);
  });
});

describe('investment limit', () => {
  it('caps the notional by tier, retail when unknown', () => {
    expect(overInvestmentLimit(50000n, null)).toBe(false);
    expect(overInvestmentLimit(50001n, 'retail')).toBe(true);
    expect(overInvestmentLimit(500000n, 'professional')).toBe(false);
    expect(overInvestmentLimit(5000001n, 'institutional')).toBe(true);
  });
});

describe('market bound', () => {
  it('rounds a buy bound down and a sell bound up to the tick', () => {
    expect(marketBound('buy', '10.01', '3', '0.01')).toBe('30.03');
    expect(marketBound('sell', '10.00', '3', '0.01')).toBe('3.34');
    expect(marketBound('buy', '10.00', '3', '0.25')).toBe('30.00');
    expect(marketBound('sell', '0.01', '3', '0.01')).toBe('0.01');
  });
});

describe('circuit breaker', () => {
  it('trips at a 10% move either way', () => {
    expect(breakerTrips('10.00', '11.00', '10')).toBe(true);
    expect(breakerTrips('10.00', '10.99', '10')).toBe(false);
    expect(breakerTrips('10.00', '9.00', '10')).toBe(true);
  });

  it('compares with the price in effect a window ago', () => {
    const window = new PriceWindow();
    expect(window.reference(0, 300_000)).toBeNull();
    window.record(0, '10.00');
    window.record(100_000, '10.50');
    window.record(200_000, '10.80');
    // before a window has passed: the earliest known price
    expect(window.reference(250_000, 300_000)).toBe('10.00');
    // at 350 s the price in effect at 50 s is still the first trade's
    expect(window.reference(350_000, 300_000)).toBe('10.00');
    // at 450 s the price at 150 s is the second trade's
    expect(window.reference(450_000, 300_000)).toBe('10.50');
    expect(window.reference(10_000_000, 300_000)).toBe('10.80');
  });
});

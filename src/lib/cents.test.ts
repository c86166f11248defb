import { describe, expect, it } from 'vitest';
import { centsOf, centsOrNull, divideHalfEven, formatCents } from './cents.js';
import { Exact, toMoney } from './money.js';

describe('cents', () => {
  it('parses decimal strings of whole cents exactly, and prints them as toMoney does', () => {
    for (const value of ['0', '0.5', '10.05', '-3.10', '123456789012345678.99', '7.000000']) {
      const cents = centsOf(value);
      expect(cents).toBe(BigInt(new Exact(value).times(100).toFixed(0)));
      expect(formatCents(cents)).toBe(toMoney(value));
    }
    expect(formatCents(-5n)).toBe('-0.05');
  });

  it('tells a value finer than a cent', () => {
    expect(centsOrNull('10.001')).toBeNull();
    expect(() => centsOf('10.001')).toThrow();
    expect(() => centsOf('1e3')).toThrow();
  });

  it('rounds half to even, as toMoney does', () => {
    for (let numerator = -40n; numerator <= 40n; numerator += 1n) {
      const expected = toMoney(new Exact(numerator.toString()).dividedBy(8).dividedBy(100));
      expect(formatCents(divideHalfEven(numerator, 8n))).toBe(expected);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { centsOf, centsOrNull, divideHalfEven, formatCents } from './cents.js';
import { Exact } from './money.js';

// decimal.js, half-even to the cent: what these replace on the batch's path
const decimalMoney = (value: Exact) => value.toDecimalPlaces(2, Exact.ROUND_HALF_EVEN).toFixed(2);

describe('cents', () => {
  it('parses decimal strings of whole cents exactly, and prints them as decimal.js does', () => {
    for (const value of ['0', '0.5', '10.05', '-3.10', '123456789012345678.99', '7.000000']) {
      const cents = centsOf(value);
      expect(cents).toBe(BigInt(new Exact(value).times(100).toFixed(0)));
      expect(formatCents(cents)).toBe(decimalMoney(new Exact(value)));
    }
    expect(formatCents(-5n)).toBe('-0.05');
  });

  it('tells a value finer than a cent', () => {
    expect(centsOrNull('10.001')).toBeNull();
    expect(() => centsOf('10.001')).toThrow();
    expect(centsOrNull('1e3')).toBeNull();
    expect(() => centsOf('1e3')).toThrow();
  });

  it('reads short and long strings alike', () => {
    const values = ['5.', '-0.00', '.5', '1.2.3', '', '-', '+1', '1,5', ' 1', '0.10', '0.100'];
    for (let length = 1; length <= 20; length += 1)
      values.push('9'.repeat(length), `-${'7'.repeat(length)}.05`);
    for (const value of values) {
      const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value);
      const expected =
        match && !/[1-9]/.test((match[3] ?? '').slice(2))
          ? BigInt(new Exact(value).times(100).toFixed(0))
          : null;
      expect(centsOrNull(value), value).toBe(expected);
    }
  });

  it('rounds half to even, as toMoney does', () => {
    for (let numerator = -40n; numerator <= 40n; numerator += 1n) {
      const expected = decimalMoney(new Exact(numerator.toString()).dividedBy(800));
      expect(formatCents(divideHalfEven(numerator, 8n))).toBe(expected);
    }
  });
});

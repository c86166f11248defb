import { describe, expect, it } from 'vitest';
import { Exact } from './money.js';
import { abs, compare, minus, scaledOrNull, times, whole, type Scaled } from './scaled-decimal.js';

const s = (value: string): Scaled => scaledOrNull(value)!;
const exactSign = (a: Exact, b: Exact) => a.comparedTo(b);

describe('scaled decimals', () => {
  const values = [
    '0',
    '0.5',
    '10.05',
    '-3.10',
    '7.000000',
    '123456789012345678.99',
    '3.333',
    '-0.001',
  ];

  it('compares, multiplies and subtracts exactly as decimal.js does', () => {
    for (const a of values) {
      for (const b of values) {
        expect(compare(s(a), s(b))).toBe(exactSign(new Exact(a), new Exact(b)));
        const product = times(s(a), s(b));
        expect(compare(product, s(new Exact(a).times(b).toFixed()))).toBe(0);
        const difference = minus(s(a), s(b));
        expect(compare(difference, s(new Exact(a).minus(b).toFixed()))).toBe(0);
        expect(compare(abs(difference), s(new Exact(a).minus(b).abs().toFixed()))).toBe(0);
      }
    }
    expect(compare(times(s('3.33'), whole(3)), s('9.99'))).toBe(0);
  });

  it('gives null for what is not a plain decimal', () => {
    expect(scaledOrNull('1e3')).toBeNull();
    expect(scaledOrNull('')).toBeNull();
    expect(scaledOrNull('ten')).toBeNull();
  });
});

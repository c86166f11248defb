import { describe, expect, it } from 'vitest';
import { soldPercent } from './progress.js';

describe('soldPercent', () => {
  it('reads to one decimal, never 0% once sold nor 100% before sold out', () => {
    expect(soldPercent(400, 60_000)).toBe('0.7% sold');
    expect(soldPercent(0, 60_000)).toBe('0% sold');
    expect(soldPercent(1, 60_000)).toBe('<0.1% sold');
    expect(soldPercent(30_000, 60_000)).toBe('50% sold');
    expect(soldPercent(59_999, 60_000)).toBe('99.9% sold');
    expect(soldPercent(60_000, 60_000)).toBe('100% sold');
    expect(soldPercent(5, 0)).toBe('—');
  });
});

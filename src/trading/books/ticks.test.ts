import { describe, expect, it } from 'vitest';
import { MAX_TICKS } from '../engine/index.js';
import { fromTicks, toTicks } from './ticks.js';

describe('ticks', () => {
  it('converts a price on the tick to ticks and back', () => {
    expect(toTicks('10.05', '0.01')).toBe(1005);
    expect(toTicks('10.50', '0.25')).toBe(42);
    expect(toTicks('12', '1.00')).toBe(12);
    expect(fromTicks(42, '0.25')).toBe('10.50');
    expect(fromTicks(MAX_TICKS, '0.01')).toBe('10000000000.00');
  });

  it('refuses a price off the tick or out of range', () => {
    expect(toTicks('10.05', '0.10')).toMatchObject({ code: 'PRICE_NOT_ON_TICK' });
    expect(toTicks('10.001', '0.01')).toMatchObject({ code: 'PRICE_NOT_ON_TICK' });
    expect(toTicks('0', '0.01')).toMatchObject({ code: 'PRICE_OUT_OF_RANGE' });
    expect(toTicks('10000000000.01', '0.01')).toMatchObject({ code: 'PRICE_OUT_OF_RANGE' });
  });
});

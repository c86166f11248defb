import { describe, expect, it } from 'vitest';
import { adjustPrice, adjustQuantity, priceFactor } from './price-adjustments.js';

const split = { ratioNew: 2, ratioOld: 1, from: new Date('2026-03-01T00:00:00Z') };
const consolidation = { ratioNew: 1, ratioOld: 10, from: new Date('2026-06-01T00:00:00Z') };

describe('price adjustments', () => {
  it('adjusts what came before each split, not what came after', () => {
    const before = new Date('2026-02-01T00:00:00Z');
    const between = new Date('2026-04-01T00:00:00Z');
    const after = new Date('2026-07-01T00:00:00Z');
    expect(adjustPrice([split], '10.00', before)).toBe('5.00');
    expect(adjustPrice([split], '5.10', between)).toBe('5.10');
    expect(adjustPrice([split, consolidation], '10.00', before)).toBe('50.00');
    expect(adjustPrice([split, consolidation], '5.00', between)).toBe('50.00');
    expect(adjustPrice([split, consolidation], '50.00', after)).toBe('50.00');
    expect(priceFactor([], before).toString()).toBe('1');
  });

  it('scales past quantities the other way', () => {
    const before = new Date('2026-02-01T00:00:00Z');
    expect(adjustQuantity([split], 7, before)).toBe('14');
    expect(adjustQuantity([split, consolidation], 15, before)).toBe('3');
    expect(adjustQuantity([consolidation], 15, before)).toBe('1.5');
  });

  it('applies at the moment trading stopped', () => {
    expect(adjustPrice([split], '10.00', split.from)).toBe('10.00');
    expect(adjustPrice([split], '10.00', new Date(split.from.getTime() - 1))).toBe('5.00');
  });
});

import { describe, expect, it } from 'vitest';
import { fillFigures, percentOf, sellerFee } from './fees.js';

describe('trading fees', () => {
  it('charges the seller bps of the total, half-even to the cent, as the trading process does', () => {
    expect(sellerFee('400.00', 50)).toBe('2.00');
    expect(sellerFee('1.00', 50)).toBe('0.00'); // 0.005: half-even to the even cent
    expect(sellerFee('3.00', 50)).toBe('0.02'); // 0.015
    expect(sellerFee('123456.78', 0)).toBe('0.00');
  });

  it('shows a fill gross, fee and net for each side', () => {
    expect(fillFigures({ side: 'sell', total: '400.00', fee: '2.00' })).toEqual({
      gross: '400.00',
      fee: '2.00',
      net: '398.00',
    });
    expect(fillFigures({ side: 'buy', total: '400.00', fee: '0.00' })).toEqual({
      gross: '400.00',
      fee: '0.00',
      net: '400.00',
    });
  });

  it('names the rate in percent', () => {
    expect(percentOf(50)).toBe('0.5%');
    expect(percentOf(125)).toBe('1.25%');
  });
});

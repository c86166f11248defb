import { describe, expect, it } from 'vitest';
import { depthAreas } from './depth-chart.js';

describe('depth chart', () => {
  it('draws both sides as areas from the best price out to their edge', () => {
    const { bids, asks } = depthAreas(
      [
        { price: '9.90', total: '10' },
        { price: '9.80', total: '20' },
      ],
      [{ price: '10.10', total: '5' }],
    );
    // bids: rise at 9.90 (x 10 + 80/3) to total 10 (half of the deepest 20), step to 9.80
    // (x 10), then out to the left edge
    expect(bids).toBe('36.67,50.00 36.67,26.00 10.00,26.00 10.00,2.00 0.00,2.00 0.00,50.00');
    // the one ask level, the highest price, is an area out to the right edge
    expect(asks).toBe('90.00,50.00 90.00,38.00 100.00,38.00 100.00,50.00');
  });

  it('draws one side alone, and nothing for an empty book', () => {
    const { bids, asks } = depthAreas([{ price: '10.00', total: '3' }], []);
    expect(bids).toBe('50.00,50.00 50.00,2.00 0.00,2.00 0.00,50.00');
    expect(asks).toBe('');
    expect(depthAreas([], [])).toEqual({ bids: '', asks: '' });
  });
});

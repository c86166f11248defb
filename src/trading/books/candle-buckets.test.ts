import { describe, expect, it } from 'vitest';
import { candleBuckets } from './candle-buckets.js';

const trade = (price: string, quantity: number, at: string) => ({
  token_id: 't',
  price,
  quantity,
  created_at: new Date(at),
});

describe('candleBuckets', () => {
  it('opens with the first trade, closes with the last, per interval and UTC bucket', () => {
    const rows = candleBuckets([
      trade('10.00', 2, '2026-01-05T10:00:59Z'),
      trade('10.50', 1, '2026-01-05T10:00:30Z'),
      trade('9.90', 4, '2026-01-05T10:01:00Z'),
      trade('10.10', 3, '2026-01-05T10:01:10Z'),
    ]);
    const of = (interval: string) => rows.filter((r) => r.interval === interval);
    expect(of('1m')).toEqual([
      expect.objectContaining({
        start: new Date('2026-01-05T10:00:00Z'),
        open: '10.00',
        high: '10.50',
        low: '10.00',
        close: '10.50',
        volume: 3,
        trades: 2,
      }),
      expect.objectContaining({
        start: new Date('2026-01-05T10:01:00Z'),
        open: '9.90',
        high: '10.10',
        low: '9.90',
        close: '10.10',
        volume: 7,
        trades: 2,
      }),
    ]);
    for (const interval of ['5m', '1h', '1d']) {
      expect(of(interval)).toEqual([
        expect.objectContaining({ open: '10.00', high: '10.50', low: '9.90', close: '10.10' }),
      ]);
    }
    expect(of('1d')[0]!.start).toEqual(new Date('2026-01-05T00:00:00Z'));
    expect(of('1h')[0]!.volume).toBe(10);
  });

  it('compares prices exactly, not as text or floats', () => {
    const [row] = candleBuckets([
      trade('9.99', 1, '2026-01-05T10:00:00Z'),
      trade('10.00', 1, '2026-01-05T10:00:01Z'),
    ]);
    expect(row).toMatchObject({ high: '10.00', low: '9.99' });
  });
});

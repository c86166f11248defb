import { describe, expect, it } from 'vitest';
import type { TradingRunRow } from './charts.queries.js';
import { tradingBuckets } from './trading-buckets.js';

const day = new Date('2026-03-02T00:00:00Z');
const split = { ratioNew: 3, ratioOld: 2, from: new Date('2026-03-02T12:00:00Z') };
const run = (row: Partial<TradingRunRow>): TradingRunRow => ({
  start: day,
  split_after: null,
  first_at: null,
  trades: 0,
  volume: '0',
  value: '0.00',
  open: null,
  high: null,
  low: null,
  close: null,
  ...row,
});

describe('trading buckets across a split', () => {
  it('adjusts the runs before the split only, then merges a bucket holding it', () => {
    const before = run({
      split_after: split.from,
      first_at: new Date('2026-03-02T09:00:00Z'),
      trades: 2,
      volume: '4',
      value: '6.12',
      open: '1.50',
      high: '1.56',
      low: '1.50',
      close: '1.56',
    });
    const after = run({
      first_at: new Date('2026-03-02T13:00:00Z'),
      trades: 1,
      volume: '3',
      value: '3.15',
      open: '1.05',
      high: '1.05',
      low: '1.05',
      close: '1.05',
    });
    const empty = run({ start: new Date('2026-03-03T00:00:00Z') });
    expect(tradingBuckets([before, after, empty], [split])).toEqual([
      {
        start: day,
        trades: 3,
        volume: '9', // 4 old tokens are 6 new ones
        value: '9.27',
        open: '1.00',
        high: '1.05',
        low: '1.00',
        close: '1.05', // not 0.70: the trade after the split is already in today's units
      },
      {
        start: empty.start,
        trades: 0,
        volume: '0',
        value: '0.00',
        open: null,
        high: null,
        low: null,
        close: null,
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { mergeRuns, type TradeRun } from './trade-runs.js';

const at = (time: string) => new Date(`2026-03-02T${time}Z`);
/** a 2:1 split at 10:30, inside the 10:00 hour */
const split = { ratioNew: 2, ratioOld: 1, from: at('10:30:00') };

const view = (merged: ReturnType<typeof mergeRuns>) =>
  merged && {
    trades: merged.trades,
    volume: merged.volume.toString(),
    open: merged.open.toFixed(2),
    high: merged.high.toFixed(2),
    low: merged.low.toFixed(2),
    close: merged.close.toFixed(2),
  };

describe("runs of trades merged in today's units", () => {
  // 10:05 4 @ 10.00 and 10:10 2 @ 10.50 before the split; 10:40 3 @ 5.50 and 10:50 1 @ 5.20 after
  const before: TradeRun = {
    first_at: at('10:05:00'),
    trades: 2,
    volume: '6',
    open: '10.00',
    high: '10.50',
    low: '10.00',
    close: '10.50',
  };
  const after: TradeRun = {
    first_at: at('10:40:00'),
    trades: 2,
    volume: '4',
    open: '5.50',
    high: '5.50',
    low: '5.20',
    close: '5.20',
  };

  it('adjusts each run by when it traded: a candle holding a split has no step', () => {
    // before: 10.00 and 10.50 are 5.00 and 5.25 a new token, 6 old tokens are 12 new ones;
    // after: as traded. Read as of the candle's start instead, the low and close would be 2.60.
    expect(view(mergeRuns([after, before], [split]))).toEqual({
      trades: 4,
      volume: '16',
      open: '5.00',
      high: '5.50',
      low: '5.00',
      close: '5.20',
    });
  });

  it('takes every later action for a run, and keeps a consolidation fraction', () => {
    // a 1:10 consolidation at 11:00 after the split: the 10:05 run is 10.00 x 1/2 x 10 = 50.00
    const consolidation = { ratioNew: 1, ratioOld: 10, from: at('11:00:00') };
    expect(view(mergeRuns([before], [split, consolidation]))).toEqual({
      trades: 2,
      volume: '1.2',
      open: '50.00',
      high: '52.50',
      low: '50.00',
      close: '52.50',
    });
  });

  it('answers nothing for a window without trades', () => {
    expect(mergeRuns([], [split])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { bucketStart, chartRange, maxChartBuckets } from './chart-range.js';

const now = new Date('2026-03-11T10:20:30.123Z'); // a Wednesday
const day = 86_400_000;
const defaults = { bucket: 'day' as const, spanMs: 30 * day };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, extra: error.extra };
    throw error;
  }
  throw new Error('not refused');
};

describe('chart range', () => {
  it('aligns buckets on UTC hours, days and Monday weeks', () => {
    expect(bucketStart(now, 'hour').toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(bucketStart(now, 'day').toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(bucketStart(now, 'week').toISOString()).toBe('2026-03-09T00:00:00.000Z');
    const monday = new Date('2026-03-09T00:00:00.000Z');
    expect(bucketStart(monday, 'week')).toEqual(monday);
    expect(bucketStart(new Date(monday.getTime() - 1), 'week').toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });

  it('defaults to the span before now, from the bucket holding its start', () => {
    const range = chartRange({}, now, defaults);
    expect(range).toEqual({
      bucket: 'day',
      first: new Date('2026-02-09T00:00:00.000Z'),
      last: new Date('2026-03-11T00:00:00.000Z'),
      to: now,
      buckets: 31,
    });
    const lastDay = chartRange({ bucket: 'hour' }, now, { bucket: 'day', spanMs: day });
    expect(lastDay.first.toISOString()).toBe('2026-03-10T10:00:00.000Z');
    expect(lastDay.buckets).toBe(25);
  });

  it('takes an explicit range; a `to` on a boundary opens its own bucket', () => {
    const range = chartRange(
      { from: '2026-01-05T00:00:00Z', to: '2026-01-12T00:00:00Z', bucket: 'day' },
      now,
      defaults,
    );
    expect(range.first.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(range.last.toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(range.buckets).toBe(8);
  });

  it('refuses a range in the future, inverted or empty, or too long', () => {
    expect(refusal(() => chartRange({ to: '2026-03-11T10:20:31Z' }, now, defaults)).code).toBe(
      'CHART_RANGE_FUTURE',
    );
    for (const from of ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z']) {
      expect(
        refusal(() => chartRange({ from, to: '2026-03-01T00:00:00Z' }, now, defaults)).code,
      ).toBe('INVALID_TIME_RANGE');
    }
    const hours = maxChartBuckets * 3_600_000;
    const tooLong = refusal(() =>
      chartRange(
        { from: new Date(now.getTime() - hours).toISOString(), bucket: 'hour' },
        now,
        defaults,
      ),
    );
    expect(tooLong).toEqual({
      code: 'CHART_RANGE_TOO_LONG',
      extra: { buckets: maxChartBuckets + 1, max_buckets: maxChartBuckets },
    });
    const justFits = chartRange(
      { from: new Date(now.getTime() - hours + 3_600_000).toISOString(), bucket: 'hour' },
      now,
      defaults,
    );
    expect(justFits.buckets).toBe(maxChartBuckets);
  });
});

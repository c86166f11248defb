/**
 * The range of a chart: whole UTC buckets (hours, days, or weeks from Monday) from the one holding
 * `from` to the one holding `to`, where `to` is now or past and the count of buckets is bounded,
 * so every series is a fixed number of rows whatever the request.
 */
import { AppError } from '../../lib/errors.js';

export const chartBuckets = ['hour', 'day', 'week'] as const;
export type ChartBucket = (typeof chartBuckets)[number];

/** A year of days, six weeks of hours, twenty years of weeks. */
export const maxChartBuckets = 1000;

const bucketMs: Record<ChartBucket, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};
/** 1970-01-05, a Monday: weeks start on Mondays, as PostgreSQL's date_trunc('week') has them. */
const firstMonday = 4 * 86_400_000;

export interface ChartRange {
  bucket: ChartBucket;
  /** the start of the first bucket (at or before the requested `from`) */
  first: Date;
  /** the start of the last bucket, the one holding `to` */
  last: Date;
  /** the end of the range, inclusive */
  to: Date;
  buckets: number;
}

export interface ChartRangeRequest {
  from?: string | undefined;
  to?: string | undefined;
  bucket?: ChartBucket | undefined;
}

export function bucketStart(at: Date, bucket: ChartBucket): Date {
  const size = bucketMs[bucket];
  const origin = bucket === 'week' ? firstMonday : 0;
  return new Date(Math.floor((at.getTime() - origin) / size) * size + origin);
}

/**
 * Resolves a request against `now` and the chart's defaults (`span` back from `to`). Refuses a
 * range that ends in the future, does not end after it starts, or holds too many buckets.
 */
export function chartRange(
  request: ChartRangeRequest,
  now: Date,
  defaults: { bucket: ChartBucket; spanMs: number },
): ChartRange {
  const bucket = request.bucket ?? defaults.bucket;
  const to = request.to ? new Date(request.to) : now;
  const from = request.from ? new Date(request.from) : new Date(to.getTime() - defaults.spanMs);
  if (to > now) {
    throw new AppError('CHART_RANGE_FUTURE', 'to is in the future', { to: to.toISOString() });
  }
  if (from >= to) throw new AppError('INVALID_TIME_RANGE', 'to must be after from');
  const first = bucketStart(from, bucket);
  const last = bucketStart(to, bucket);
  const buckets = (last.getTime() - first.getTime()) / bucketMs[bucket] + 1;
  if (buckets > maxChartBuckets) {
    throw new AppError(
      'CHART_RANGE_TOO_LONG',
      `the range holds ${buckets} ${bucket} buckets; at most ${maxChartBuckets}`,
      { buckets, max_buckets: maxChartBuckets },
    );
  }
  return { bucket, first, last, to, buckets };
}

/**
 * The charts of a token for its issuer and staff (holders over time, trading over time, holders
 * by country) and staff's activity of the platform (orders, trades and the queues), each over a
 * bounded range of whole buckets.
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { priceAdjustments } from '../../lib/db/price-adjustments.queries.js';
import { holderProfiles, holdingsAt, registerToken } from '../register/register.queries.js';
import type { Caller } from '../register/register.service.js';
import { chartRange, type ChartRangeRequest, type ChartRange } from './chart-range.js';
import { activityOverTime, holdersOverTime, tradingOverTime } from './charts.queries.js';
import { holdersByCountry } from './holders-by-country.js';
import { tradingBuckets } from './trading-buckets.js';

export interface ChartsDeps {
  db: Db;
  /** the country of a holder no KYC or KYB names (config.issuance.platformCountry) */
  platformCountry: string;
  /** defaults to the system clock */
  clock?: Clock;
}

const day = 86_400_000;
const readsEveryToken = new Set(['staff', 'admin']);

const rangeView = (range: ChartRange) => ({
  bucket: range.bucket,
  from: range.first.toISOString(),
  to: range.to.toISOString(),
});

export function chartsService({ db, platformCountry, clock = systemClock }: ChartsDeps) {
  return {
    /** Defaults to the last 30 days by day; holders by country are the register's at `to`. */
    async tokenCharts(caller: Caller, tokenId: string, request: ChartRangeRequest) {
      const token = await registerToken(db, tokenId);
      if (!token || (!readsEveryToken.has(caller.role) && token.owner_id !== caller.userId)) {
        throw new AppError('NOT_FOUND', 'No such token');
      }
      const range = chartRange(request, clock.now(), { bucket: 'day', spanMs: 30 * day });
      const [holders, trading, holdings, adjustments] = await Promise.all([
        holdersOverTime(db, { id: tokenId, issuerId: token.owner_id }, range),
        tradingOverTime(db, tokenId, range),
        holdingsAt(db, tokenId, range.to),
        priceAdjustments(db, tokenId),
      ]);
      const profiles = await holderProfiles(
        db,
        holdings.map((h) => h.userId),
      );
      return {
        token_id: token.id,
        symbol: token.symbol,
        ...rangeView(range),
        holders: holders.map((h) => ({ start: h.start.toISOString(), holders: h.holders })),
        // prices and volumes in today's units across splits and consolidations
        trading: tradingBuckets(trading, adjustments).map((t) => ({
          ...t,
          start: t.start.toISOString(),
        })),
        countries: holdersByCountry(holdings, profiles, platformCountry, token.owner_id),
      };
    },

    /** Defaults to the last 24 hours by hour. */
    async activity(request: ChartRangeRequest) {
      const range = chartRange(request, clock.now(), { bucket: 'hour', spanMs: day });
      const points = await activityOverTime(db, range);
      return {
        ...rangeView(range),
        points: points.map((p) => ({ ...p, start: p.start.toISOString() })),
      };
    },
  };
}

export type ChartsService = ReturnType<typeof chartsService>;

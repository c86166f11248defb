/** The charts' request and response schemas. */
import { Type } from '@sinclair/typebox';
import { DateTime } from '../../lib/http/route-schemas.js';
import { chartBuckets, maxChartBuckets } from './chart-range.js';

export const ChartQuery = Type.Object(
  {
    from: Type.Optional(DateTime('start of the range; the bucket holding it is the first')),
    to: Type.Optional(DateTime('end of the range, inclusive; default now; not in the future')),
    bucket: Type.Optional(
      Type.Union(
        chartBuckets.map((b) => Type.Literal(b)),
        { description: `UTC hours, days, or weeks from Monday; at most ${maxChartBuckets}` },
      ),
    ),
  },
  { additionalProperties: false },
);

const Decimal = (description: string) =>
  Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$', description });
const Price = (description: string) => Type.Union([Decimal(description), Type.Null()]);
const Start = DateTime('the start of the bucket (UTC)');
const Count = (description: string) => Type.Integer({ minimum: 0, description });

const RangeView = {
  bucket: Type.Union(chartBuckets.map((b) => Type.Literal(b))),
  from: DateTime('the start of the first bucket'),
  to: DateTime('the end of the range'),
};

export const TokenChartsView = Type.Object({
  token_id: Type.String({ format: 'uuid' }),
  symbol: Type.String(),
  ...RangeView,
  holders: Type.Array(
    Type.Object({
      start: Start,
      holders: Count(
        "the register's holders (its investors: not the issuer or the treasury) when the bucket closes",
      ),
    }),
  ),
  trading: Type.Array(
    Type.Object({
      start: Start,
      trades: Count('trades booked in the bucket'),
      volume: Decimal('units traded'),
      value: Decimal('sum of the trades’ totals (USD)'),
      open: Price("the bucket's first trade price; null without trades"),
      high: Price('the highest trade price'),
      low: Price('the lowest trade price'),
      close: Price("the bucket's last trade price"),
    }),
  ),
  countries: Type.Array(
    Type.Object({
      country: Type.String({
        description:
          "ISO 3166-1 alpha-2 as the register has it: the holder's country (docs/compliance.md)",
      }),
      holders: Count('holders (investors) in the country at `to`'),
      units: Decimal('their units at `to`'),
    }),
  ),
});

export const ActivityView = Type.Object({
  ...RangeView,
  points: Type.Array(
    Type.Object({
      start: Start,
      orders: Count('orders placed in the bucket'),
      trades: Count('trades booked in the bucket'),
      settlement_queue: Count('trades booked and not yet settled when the bucket closes'),
      verification_queue: Count('KYC and KYB applications waiting for a decision then'),
    }),
  ),
});

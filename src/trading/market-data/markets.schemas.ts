import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../../lib/http/pagination.js';

export const candleIntervals = { '1m': 60, '5m': 300, '1h': 3600, '1d': 86_400 } as const;
export type CandleInterval = keyof typeof candleIntervals;

export const TokenParams = Type.Object({ tokenId: Type.String({ format: 'uuid' }) });

export const MarketTradesQuery = Type.Object({ ...PageQuery });
export type MarketTradesQuery = Static<typeof MarketTradesQuery>;

export const PublicTrade = Type.Object({
  id: Type.String(),
  price: Type.String(),
  quantity: Type.Integer(),
  taker_side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  created_at: Type.String(),
});

export const CandlesQuery = Type.Object({
  interval: Type.Union(Object.keys(candleIntervals).map((k) => Type.Literal(k))),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});
export type CandlesQuery = { interval: CandleInterval; from?: string; to?: string };

export const Candle = Type.Object({
  start: Type.String(),
  open: Type.String(),
  high: Type.String(),
  low: Type.String(),
  close: Type.String(),
  volume: Type.Integer(),
  trades: Type.Integer(),
});

export const Ticker = Type.Object({
  token_id: Type.String(),
  symbol: Type.String(),
  last: Type.Union([Type.String(), Type.Null()]),
  open_24h: Type.Union([Type.String(), Type.Null()]),
  high_24h: Type.Union([Type.String(), Type.Null()]),
  low_24h: Type.Union([Type.String(), Type.Null()]),
  volume_24h: Type.Integer(),
  change_24h: Type.Union([Type.String(), Type.Null()]),
  change_pct_24h: Type.Union([Type.String(), Type.Null()]),
});
export type Ticker = Static<typeof Ticker>;

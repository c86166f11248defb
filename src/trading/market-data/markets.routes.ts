/** Public market data over REST: a token's trades, its candles, and every token's 24 h ticker. */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { HttpApp } from '../../lib/http/app.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import type { Clock } from '../../lib/clock.js';
import { assertKnownToken, candles, publicTrades, tickers } from './markets.queries.js';
import {
  Candle,
  CandlesQuery,
  candleIntervals,
  MarketTradesQuery,
  PublicTrade,
  Ticker,
  TokenParams,
} from './markets.schemas.js';
import { Exact } from '../../lib/money.js';

const tags = ['market data'];
/** most candles one read answers */
const maxCandles = 1000;

export function marketsRoutes(app: HttpApp, db: Db, clock: Clock): void {
  const known = (tokenId: string) => assertKnownToken(db, tokenId);

  app.get(
    '/api/v1/markets/:tokenId/trades',
    {
      schema: {
        tags,
        summary: "A token's public trades, newest first",
        params: TokenParams,
        querystring: MarketTradesQuery,
        response: { 200: Page(PublicTrade) },
      },
    },
    async (request) => {
      await known(request.params.tokenId);
      const limit = request.query.limit ?? 50;
      const rows = await publicTrades(db, request.params.tokenId, limit, request.query.cursor);
      return toPage(rows, limit, (row) => ({
        id: row.id,
        price: new Exact(row.price).toFixed(2),
        quantity: Number(row.quantity),
        taker_side: row.taker_side,
        created_at: row.created_at.toISOString(),
      }));
    },
  );

  app.get(
    '/api/v1/markets/:tokenId/candles',
    {
      schema: {
        tags,
        summary:
          "A token's candles (UTC buckets, oldest first; none for an interval without trades)",
        params: TokenParams,
        querystring: CandlesQuery,
        response: { 200: Type.Object({ data: Type.Array(Candle) }) },
      },
    },
    async (request) => {
      const query = request.query as CandlesQuery;
      await known(request.params.tokenId);
      const seconds = candleIntervals[query.interval];
      // `to` is exclusive; by default it takes in a trade of this very millisecond
      const to = query.to ? new Date(query.to) : new Date(clock.now().getTime() + 1);
      const from = query.from
        ? new Date(query.from)
        : new Date(to.getTime() - 300 * seconds * 1000);
      if (from >= to || (to.getTime() - from.getTime()) / 1000 / seconds > maxCandles) {
        throw new AppError(
          'VALIDATION_FAILED',
          `from must be before to, at most ${maxCandles} intervals apart`,
        );
      }
      return { data: await candles(db, request.params.tokenId, query.interval, from, to) };
    },
  );

  app.get(
    '/api/v1/tickers',
    {
      schema: {
        tags,
        summary: "Every traded token's 24 h ticker: last, open, high, low, volume, change",
        response: { 200: Type.Object({ data: Type.Array(Ticker) }) },
      },
    },
    async () => ({ data: await tickers(db, clock.now()) }),
  );
}

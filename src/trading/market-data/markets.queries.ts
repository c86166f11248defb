/**
 * Market data reads: trade history and the 24 h tickers read from the trades table, the system
 * of record; candles bucketed in UTC from the candles table, which the writer keeps in the same
 * transaction as the trades (so a restart keeps all history and they cannot drift apart); what
 * the WebSocket hub reads (a token's tick size, a user's balances, a committed book at its feed
 * sequence).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import type { OrderSide } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';
import { priceAdjustments } from '../../lib/db/price-adjustments.queries.js';
import { adjustPrice, adjustQuantity } from '../../lib/price-adjustments.js';
import { mergeRuns, type TradeRun } from '../../lib/trade-runs.js';
import type { DepthSnapshot, LevelView } from '../engine/index.js';
import { toTicks } from '../books/ticks.js';
import { candleIntervals, type CandleInterval, type Ticker } from './markets.schemas.js';

/** NOT_FOUND unless the token exists. */
export async function assertKnownToken(db: Db, tokenId: string): Promise<void> {
  const token = await db
    .selectFrom('tokens')
    .select('id')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
}

export async function publicTrades(db: Db, tokenId: string, limit: number, cursor?: string) {
  let query = db
    .selectFrom('trades')
    .select(['id', 'price', 'quantity', 'taker_side', 'created_at'])
    .where('token_id', '=', tokenId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor) query = query.where('id', '<', cursor);
  const [rows, adjustments] = await Promise.all([query.execute(), priceAdjustments(db, tokenId)]);
  // in today's units across splits and consolidations
  return rows.map((row) => ({
    ...row,
    price: adjustPrice(adjustments, row.price, row.created_at),
    quantity: Math.round(Number(adjustQuantity(adjustments, row.quantity, row.created_at))),
  }));
}

/**
 * A window's trades split at the token's done splits and consolidations: one row per token and
 * run of trades between two actions (`split_after`: the first action after them, null for the
 * latest run), so every trade of a run takes the same adjustment (src/lib/trade-runs.ts).
 */
interface RunRow extends TradeRun {
  token_id: string;
  split_after: Date | null;
}

function tradeRuns(db: Db, window: RawBuilder<unknown>) {
  return sql<RunRow>`
    select token_id, split_after, min(created_at) as first_at, count(*)::int as trades,
      (array_agg(price order by id))[1]::text as open, max(price)::text as high,
      min(price)::text as low, (array_agg(price order by id desc))[1]::text as close,
      sum(quantity)::text as volume
    from (
      select t.token_id, t.id, t.price, t.quantity, t.created_at,
        (select min(s.started_at) from share_splits s
          where s.token_id = t.token_id and s.status = 'done' and s.started_at > t.created_at
        ) as split_after
      from trades t
      where ${window}
    ) run
    group by token_id, split_after`.execute(db);
}

/**
 * Candles starting in [from, to), oldest first, from the candles table the writer keeps with the
 * trades; an interval without trades has none. Prices and volumes read in today's units
 * (src/lib/price-adjustments.ts), volumes rounded to whole tokens: a candle wholly before or
 * after every action is read by its start; one holding an action is made again from its trades,
 * each run adjusted by when it traded, as the 24 h ticker and the issuer's chart are.
 */
export async function candles(
  db: Db,
  tokenId: string,
  interval: CandleInterval,
  from: Date,
  to: Date,
) {
  const ms = candleIntervals[interval] * 1000;
  const [rows, adjustments] = await Promise.all([
    db
      .selectFrom('candles')
      .select(['start', 'open', 'high', 'low', 'close', 'volume', 'trades'])
      .where('token_id', '=', tokenId)
      .where('interval', '=', interval)
      // the bucket holding `from` counts when it has trades at or after `from`
      .where('start', '>', new Date(from.getTime() - ms))
      .where('start', '<', to)
      .orderBy('start')
      .execute(),
    priceAdjustments(db, tokenId),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const start = row.start.getTime();
      const holdsAction = adjustments.some(
        (a) => start < a.from.getTime() && a.from.getTime() < start + ms,
      );
      const merged = holdsAction
        ? mergeRuns(
            (
              await tradeRuns(
                db,
                sql`t.token_id = ${tokenId} and t.created_at >= ${row.start}
                  and t.created_at < ${new Date(start + ms)}`,
              )
            ).rows,
            adjustments,
          )
        : undefined;
      if (merged) {
        return {
          start: row.start.toISOString(),
          open: merged.open.toFixed(2),
          high: merged.high.toFixed(2),
          low: merged.low.toFixed(2),
          close: merged.close.toFixed(2),
          volume: Math.round(merged.volume.toNumber()),
          trades: merged.trades,
        };
      }
      return {
        start: row.start.toISOString(),
        open: adjustPrice(adjustments, row.open, row.start),
        high: adjustPrice(adjustments, row.high, row.start),
        low: adjustPrice(adjustments, row.low, row.start),
        close: adjustPrice(adjustments, row.close, row.start),
        volume: Math.round(Number(adjustQuantity(adjustments, row.volume, row.start))),
        trades: Number(row.trades),
      };
    }),
  );
}

/**
 * Every token's 24 h ticker at `now` (tokens that never traded have nulls), in today's units
 * across splits and consolidations (src/lib/trade-runs.ts): a 2:1 split inside the window is not
 * a 50 % fall. Volume is rounded to whole tokens, as candles are.
 */
export async function tickers(db: Db, now: Date, tokenId?: string): Promise<Ticker[]> {
  const since = new Date(now.getTime() - 24 * 3600 * 1000);
  const only = tokenId === undefined ? sql`true` : sql`t.token_id = ${tokenId}`;
  const [tokens, runs] = await Promise.all([
    db
      .selectFrom('tokens')
      .select(['id', 'symbol', 'last_price'])
      .where('status', 'in', ['secondary', 'paused'])
      .$if(tokenId !== undefined, (q) => q.where('id', '=', tokenId!))
      .orderBy('symbol')
      .execute(),
    tradeRuns(db, sql`t.created_at > ${since} and t.created_at <= ${now} and ${only}`),
  ]);
  const byToken = new Map<string, RunRow[]>();
  for (const run of runs.rows)
    byToken.set(run.token_id, [...(byToken.get(run.token_id) ?? []), run]);
  const adjustments = new Map(
    await Promise.all(
      [...byToken.entries()]
        .filter(([, list]) => list.some((run) => run.split_after !== null))
        .map(async ([id]) => [id, await priceAdjustments(db, id)] as const),
    ),
  );
  return tokens.map((token) => {
    const day = mergeRuns(byToken.get(token.id) ?? [], adjustments.get(token.id) ?? []);
    const open = day?.open ?? null;
    const last = day?.close ?? (token.last_price === null ? null : new Exact(token.last_price));
    const change = open !== null && last !== null ? last.minus(open) : null;
    const fixed = (value: Exact | null | undefined) => (value ? value.toFixed(2) : null);
    return {
      token_id: token.id,
      symbol: token.symbol,
      last: fixed(last),
      open_24h: fixed(open),
      high_24h: fixed(day?.high),
      low_24h: fixed(day?.low),
      volume_24h: day ? Math.round(day.volume.toNumber()) : 0,
      change_24h: change === null ? null : change.toFixed(2),
      change_pct_24h:
        change === null || open === null || open.isZero()
          ? null
          : change.dividedBy(open).times(100).toFixed(2),
    };
  });
}

/** A token's tick size; undefined for an unknown token. */
export async function tickSizeOf(db: Db, tokenId: string): Promise<string | undefined> {
  const token = await db
    .selectFrom('tokens')
    .select('tick_size')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return token?.tick_size;
}

/** A user's free and locked fiat and their wallet of one token, as committed. */
export async function balancesOf(db: Db, userId: string, tokenId: string) {
  const user = await db
    .selectFrom('users')
    .select('fiat_balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const locked = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(locked_fiat), 0)`.as('locked'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['open', 'partially_filled', 'pending_stop'])
    .executeTakeFirstOrThrow();
  const wallet = await db
    .selectFrom('wallets')
    .select(['balance', 'locked_balance'])
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return {
    fiat_balance: new Exact(user.fiat_balance).toFixed(2),
    fiat_locked: new Exact(locked.locked).toFixed(2),
    token_id: tokenId,
    token_balance: Number(wallet?.balance ?? 0),
    token_locked: Number(wallet?.locked_balance ?? 0),
  };
}

interface LevelRow {
  feed_sequence: string;
  tick_size: string;
  side: OrderSide | null;
  price: string | null;
  quantity: string | null;
  orders: string | null;
}

/**
 * A token's committed book at full depth (engine ticks, best first) at its feed sequence: the
 * resting orders' levels and `tokens.feed_sequence` read in one statement, so one snapshot of
 * the database. Undefined for an unknown token.
 */
export async function committedBook(db: Db, tokenId: string): Promise<DepthSnapshot | undefined> {
  const { rows } = await sql<LevelRow>`
    select t.feed_sequence, t.tick_size, l.side, l.price, l.quantity, l.orders
    from tokens t
    left join lateral (
      select side, price::text as price, sum(remaining_quantity) as quantity, count(*) as orders
      from orders
      where token_id = t.id and status in ('open', 'partially_filled')
      group by side, price
    ) l on true
    where t.id = ${tokenId}`.execute(db);
  if (rows.length === 0) return undefined;
  const bids: LevelView[] = [];
  const asks: LevelView[] = [];
  for (const row of rows) {
    if (row.side === null) continue;
    const price = toTicks(row.price!, row.tick_size);
    if (typeof price !== 'number') throw new Error(`stored price ${row.price} is off the tick`);
    (row.side === 'buy' ? bids : asks).push({
      price,
      quantity: Number(row.quantity),
      orderCount: Number(row.orders),
    });
  }
  bids.sort((a, b) => b.price - a.price);
  asks.sort((a, b) => a.price - b.price);
  return { sequence: Number(rows[0]!.feed_sequence), bids, asks };
}

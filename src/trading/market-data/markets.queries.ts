/**
 * Market data reads: trade history and the 24 h tickers read from the trades table, the system
 * of record; candles bucketed in UTC from the candles table, which the writer keeps in the same
 * transaction as the trades (so a restart keeps all history and they cannot drift apart); what
 * the WebSocket hub reads (a token's tick size, a user's balances, a committed book at its feed
 * sequence).
 */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import type { OrderSide } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';
import { priceAdjustments } from '../../lib/db/price-adjustments.queries.js';
import { adjustPrice, adjustQuantity, priceFactor } from '../../lib/price-adjustments.js';
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
 * Candles starting in [from, to), oldest first, from the candles table the writer keeps with the
 * trades; an interval without trades has none. Prices and volumes read in today's units
 * (src/lib/price-adjustments.ts), volumes rounded to whole tokens.
 */
export async function candles(
  db: Db,
  tokenId: string,
  interval: CandleInterval,
  from: Date,
  to: Date,
) {
  const ms = candleIntervals[interval] * 1000;
  const rows = await db
    .selectFrom('candles')
    .select(['start', 'open', 'high', 'low', 'close', 'volume', 'trades'])
    .where('token_id', '=', tokenId)
    .where('interval', '=', interval)
    // the bucket holding `from` counts when it has trades at or after `from`
    .where('start', '>', new Date(from.getTime() - ms))
    .where('start', '<', to)
    .orderBy('start')
    .execute();
  // in today's units across splits and consolidations: a candle is read as of its start
  const adjustments = await priceAdjustments(db, tokenId);
  return rows.map((row) => ({
    start: row.start.toISOString(),
    open: adjustPrice(adjustments, row.open, row.start),
    high: adjustPrice(adjustments, row.high, row.start),
    low: adjustPrice(adjustments, row.low, row.start),
    close: adjustPrice(adjustments, row.close, row.start),
    volume: Math.round(Number(adjustQuantity(adjustments, row.volume, row.start))),
    trades: Number(row.trades),
  }));
}

/**
 * A token's trades of a window split at its done splits and consolidations: one row per run of
 * trades between two actions (`split_after`: the first action after them, null for the latest run),
 * so every trade of a run takes the same adjustment.
 */
interface TickerRun {
  token_id: string;
  split_after: Date | null;
  first_at: Date;
  open: string;
  high: string;
  low: string;
  last: string;
  volume: string;
}

/**
 * Every token's 24 h ticker at `now` (tokens that never traded have nulls), in today's units
 * across splits and consolidations (src/lib/price-adjustments.ts): a 2:1 split inside the window
 * is not a 50 % fall. Volume is rounded to whole tokens, as candles are.
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
    sql<TickerRun>`
      select token_id, split_after, min(created_at) as first_at,
        (array_agg(price order by id))[1]::text as open, max(price)::text as high,
        min(price)::text as low, (array_agg(price order by id desc))[1]::text as last,
        sum(quantity)::text as volume
      from (
        select t.token_id, t.id, t.price, t.quantity, t.created_at,
          (select min(s.started_at) from share_splits s
            where s.token_id = t.token_id and s.status = 'done' and s.started_at > t.created_at
          ) as split_after
        from trades t
        where t.created_at > ${since} and t.created_at <= ${now} and ${only}
      ) run
      group by token_id, split_after`.execute(db),
  ]);
  const byToken = new Map<string, TickerRun[]>();
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
    const list = (byToken.get(token.id) ?? []).sort(
      (a, b) => a.first_at.getTime() - b.first_at.getTime(),
    );
    const done = adjustments.get(token.id) ?? [];
    const runsToday = list.map((run) => {
      const factor = priceFactor(done, run.first_at);
      return {
        open: new Exact(run.open).times(factor),
        high: new Exact(run.high).times(factor),
        low: new Exact(run.low).times(factor),
        last: new Exact(run.last).times(factor),
        volume: new Exact(run.volume).dividedBy(factor),
      };
    });
    const first = runsToday[0];
    const latest = runsToday.at(-1);
    const open = first?.open ?? null;
    const last = latest?.last ?? (token.last_price === null ? null : new Exact(token.last_price));
    const change = open !== null && last !== null ? last.minus(open) : null;
    const fixed = (value: Exact | null) => (value === null ? null : value.toFixed(2));
    return {
      token_id: token.id,
      symbol: token.symbol,
      last: fixed(last),
      open_24h: fixed(open),
      high_24h: fixed(first ? Exact.max(...runsToday.map((r) => r.high)) : null),
      low_24h: fixed(first ? Exact.min(...runsToday.map((r) => r.low)) : null),
      volume_24h: Math.round(
        runsToday.reduce((sum, r) => sum.plus(r.volume), new Exact(0)).toNumber(),
      ),
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

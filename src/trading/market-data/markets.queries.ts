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
import { adjustPrice, adjustQuantity } from '../../lib/price-adjustments.js';
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

const money = (value: string | null) => (value === null ? null : new Exact(value).toFixed(2));

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

/** Every token's 24 h ticker at `now` (tokens that never traded have nulls). */
export async function tickers(db: Db, now: Date, tokenId?: string): Promise<Ticker[]> {
  const since = new Date(now.getTime() - 24 * 3600 * 1000);
  const rows = await db
    .selectFrom('tokens')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('trades')
          .select([
            'token_id',
            sql<string>`(array_agg(price order by id))[1]`.as('open'),
            sql<string>`max(price)`.as('high'),
            sql<string>`min(price)`.as('low'),
            sql<string>`(array_agg(price order by id desc))[1]`.as('last'),
            sql<string>`sum(quantity)`.as('volume'),
          ])
          .where('created_at', '>', since)
          .where('created_at', '<=', now)
          .groupBy('token_id')
          .as('day'),
      (join) => join.onRef('day.token_id', '=', 'tokens.id'),
    )
    .select([
      'tokens.id',
      'tokens.symbol',
      'tokens.last_price',
      'day.open',
      'day.high',
      'day.low',
      'day.last',
      'day.volume',
    ])
    .where('tokens.status', 'in', ['secondary', 'paused'])
    .$if(tokenId !== undefined, (q) => q.where('tokens.id', '=', tokenId!))
    .orderBy('tokens.symbol')
    .execute();
  return rows.map((row) => {
    const last = row.last ?? row.last_price;
    const change = row.open !== null && last !== null ? new Exact(last).minus(row.open) : null;
    return {
      token_id: row.id,
      symbol: row.symbol,
      last: money(last),
      open_24h: money(row.open),
      high_24h: money(row.high),
      low_24h: money(row.low),
      volume_24h: Number(row.volume ?? 0),
      change_24h: change === null ? null : change.toFixed(2),
      change_pct_24h:
        change === null || new Exact(row.open!).isZero()
          ? null
          : change.dividedBy(row.open!).times(100).toFixed(2),
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

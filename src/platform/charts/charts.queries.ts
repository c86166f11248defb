/**
 * The series the charts draw, bucketed in SQL over a ChartRange: events counted per bucket, and
 * levels (holders, queues) as running totals of their changes, each change before the range
 * folded into the first bucket so a level starts from what it was then.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import type { ChartRange } from './chart-range.js';

const step = (range: ChartRange) => sql`${`1 ${range.bucket}`}::interval`;
const bucketOf = (range: ChartRange, at: RawBuilder<unknown>) =>
  sql`greatest(date_trunc(${range.bucket}, ${at}, 'UTC'), ${range.first}::timestamptz)`;
const buckets = (range: ChartRange) =>
  sql`select generate_series(${range.first}::timestamptz, ${range.last}::timestamptz, ${step(range)}) as start`;

/**
 * A level at the close of each bucket (the changes before the next bucket starts; the last bucket
 * up to `to`): the running sum of `changes`, rows of (at, change) at or before `to`.
 */
function levels(range: ChartRange, changes: RawBuilder<unknown>) {
  return sql<{ start: Date; level: string }>`
    with buckets as (${buckets(range)}),
    per_bucket as (
      select ${bucketOf(range, sql.ref('at'))} as start, sum(change) as change
      from (${changes}) c group by 1
    )
    select b.start, (sum(coalesce(p.change, 0)) over (order by b.start))::text as level
    from buckets b left join per_bucket p on p.start = b.start
    order by b.start`;
}

/**
 * Holders at each bucket's close: investors whose balance turned positive, less those it left.
 * A holder is an investor, as the register counts them and a dividend pays them: the token's
 * issuer and the platform's treasury are not counted (register.rules.ts holderKind).
 */
export async function holdersOverTime(
  db: Db,
  token: { id: string; issuerId: string },
  range: ChartRange,
) {
  const tokenId = token.id;
  const { rows } = await levels(
    range,
    sql`
      select at,
        (balance > 0)::int - coalesce((previous > 0)::int, 0) as change
      from (
        select at, balance,
          lag(balance) over (partition by user_id order by at, id) as previous
        from (
          select user_id, at, id, sum(delta) over (partition by user_id order by at, id) as balance
          from (
            select to_user_id as user_id, at, id, quantity as delta from token_movements
            where token_id = ${tokenId} and at <= ${range.to} and to_user_id is not null
            union all
            select from_user_id, at, id, -quantity from token_movements
            where token_id = ${tokenId} and at <= ${range.to} and from_user_id is not null
          ) deltas
          where user_id <> ${token.issuerId}
            and user_id not in (select id from users where role = 'treasury')
        ) balances
      ) steps`,
  ).execute(db);
  return rows.map((r) => ({ start: r.start, holders: Number(r.level) }));
}

export interface TradingRunRow {
  start: Date;
  /** the first done split after the run's trades; null for the latest run (or no trades) */
  split_after: Date | null;
  /** the run's first trade; null for a bucket without trades */
  first_at: Date | null;
  trades: number;
  volume: string;
  value: string;
  open: string | null;
  high: string | null;
  low: string | null;
  close: string | null;
}

/**
 * Trades per bucket: count, units, value, and the prices of the first, highest, lowest and last,
 * one row per run of trades between two done splits (a bucket holding a split has two), so every
 * trade of a row takes the same price adjustment (trading-buckets.ts); a bucket without trades
 * has one row of zeros. Ordered by bucket, then run.
 */
export async function tradingOverTime(db: Db, tokenId: string, range: ChartRange) {
  const { rows } = await sql<TradingRunRow>`
    with buckets as (${buckets(range)}),
    per_run as (
      select date_trunc(${range.bucket}, created_at, 'UTC') as start, split_after,
        min(created_at) as first_at, count(*)::int as trades,
        sum(quantity) as volume, sum(total) as value,
        (array_agg(price order by created_at, id))[1] as open, max(price) as high,
        min(price) as low, (array_agg(price order by created_at desc, id desc))[1] as close
      from (
        select t.created_at, t.id, t.price, t.quantity, t.total,
          (select min(s.started_at) from share_splits s
            where s.token_id = t.token_id and s.status = 'done' and s.started_at > t.created_at
          ) as split_after
        from trades t
        where t.token_id = ${tokenId} and t.created_at >= ${range.first}
          and t.created_at <= ${range.to}
      ) run
      group by 1, 2
    )
    select b.start, p.split_after, p.first_at, coalesce(p.trades, 0) as trades,
      coalesce(p.volume, 0)::text as volume, coalesce(p.value, 0.00)::text as value,
      p.open::text as open, p.high::text as high, p.low::text as low, p.close::text as close
    from buckets b left join per_run p on p.start = b.start
    order by b.start, p.first_at`.execute(db);
  return rows;
}

/** Orders placed and trades booked per bucket, across every token. */
async function countsPerBucket(db: Db, table: 'orders' | 'trades', range: ChartRange) {
  const { rows } = await sql<{ start: Date; n: number }>`
    with buckets as (${buckets(range)}),
    per_bucket as (
      select date_trunc(${range.bucket}, created_at, 'UTC') as start, count(*)::int as n
      from ${sql.table(table)}
      where created_at >= ${range.first} and created_at <= ${range.to}
      group by 1
    )
    select b.start, coalesce(p.n, 0) as n
    from buckets b left join per_bucket p on p.start = b.start
    order by b.start`.execute(db);
  return rows;
}

/** Trades booked and not yet settled at each bucket's close (failed ones wait too). */
async function settlementQueue(db: Db, range: ChartRange) {
  const { rows } = await levels(
    range,
    sql`
      select created_at as at, 1 as change from trades where created_at <= ${range.to}
      union all
      select settled_at, -1 from trades where settled_at <= ${range.to}`,
  ).execute(db);
  return rows.map((r) => Number(r.level));
}

/**
 * KYC and KYB applications waiting for a decision at each bucket's close: from submission to the
 * approval or rejection (the last change of a decided application, its updated_at).
 */
async function verificationQueue(db: Db, range: ChartRange) {
  const applications = (table: 'kyc_applications' | 'kyb_applications') => sql`
    select created_at as at, 1 as change from ${sql.table(table)} where created_at <= ${range.to}
    union all
    select updated_at, -1 from ${sql.table(table)}
    where status in ('approved', 'rejected') and updated_at <= ${range.to}`;
  const { rows } = await levels(
    range,
    sql`${applications('kyc_applications')} union all ${applications('kyb_applications')}`,
  ).execute(db);
  return rows.map((r) => Number(r.level));
}

/** Staff's activity: each bucket's orders and trades, and the queues at its close. */
export async function activityOverTime(db: Db, range: ChartRange) {
  const [orders, trades, settlement, verification] = await Promise.all([
    countsPerBucket(db, 'orders', range),
    countsPerBucket(db, 'trades', range),
    settlementQueue(db, range),
    verificationQueue(db, range),
  ]);
  return orders.map(({ start, n }, i) => ({
    start,
    orders: n,
    trades: trades[i]!.n,
    settlement_queue: settlement[i]!,
    verification_queue: verification[i]!,
  }));
}

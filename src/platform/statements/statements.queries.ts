/**
 * What an investor's statement is computed from, for a period [from, to): the token movement
 * record (positions), trades, prices and NAVs (valuation), allocations, dividend payments, fiat
 * requests and the two cash ledgers (USD and USDC). They run in one read-only snapshot
 * (statements.service.ts).
 */
import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import { dividendPaymentsOf } from '../portfolio/portfolio.queries.js';

/** The user with the name of their newest business (a company's account is in its name). */
export function statementUser(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'role', 'account_type'])
    .select((eb) =>
      eb
        .selectFrom('businesses')
        .select('businesses.name')
        .whereRef('businesses.owner_id', '=', 'users.id')
        .orderBy('businesses.id', 'desc')
        .limit(1)
        .as('business_name'),
    )
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface PositionRow {
  token_id: string;
  symbol: string;
  name: string;
  opening_units: string;
  closing_units: string;
}

/** Units per token held at `from` and at `to`; tokens held at either or moved between. */
export async function positions(
  trx: Trx,
  userId: string,
  from: Date,
  to: Date,
): Promise<PositionRow[]> {
  const { rows } = await sql<PositionRow>`
    select m.token_id, t.symbol, t.name,
      coalesce(sum(m.delta) filter (where m.at < ${from}), 0)::text as opening_units,
      sum(m.delta)::text as closing_units
    from (
      select token_id, at, quantity as delta from token_movements
      where to_user_id = ${userId} and at < ${to}
      union all
      select token_id, at, -quantity from token_movements
      where from_user_id = ${userId} and at < ${to}
    ) m
    join tokens t on t.id = m.token_id
    group by m.token_id, t.symbol, t.name
    having bool_or(m.at >= ${from}) or sum(m.delta) <> 0
    order by t.symbol`.execute(trx);
  return rows;
}

export interface PriceRow {
  token_id: string;
  trade_price: string | null;
  traded_at: Date | null;
  nav: string | null;
  nav_at: Date | null;
  price_per_token: string;
}

/** Each token's last trade price and last NAV before `at`, and its offering price. */
export async function pricesBefore(
  trx: Trx,
  tokenIds: readonly string[],
  at: Date,
): Promise<PriceRow[]> {
  if (tokenIds.length === 0) return [];
  const { rows } = await sql<PriceRow>`
    select t.id as token_id, tr.price as trade_price, tr.created_at as traded_at,
      n.nav, n.created_at as nav_at, t.price_per_token
    from tokens t
    left join lateral (
      select price, created_at from trades
      where token_id = t.id and created_at < ${at} order by created_at desc, id desc limit 1
    ) tr on true
    left join lateral (
      select nav, created_at from token_navs
      where token_id = t.id and created_at < ${at} order by created_at desc, id desc limit 1
    ) n on true
    where t.id = any(${[...tokenIds]}::uuid[])`.execute(trx);
  return rows;
}

/** The user's trades booked in the period, oldest first. */
export function tradesBetween(trx: Trx, userId: string, from: Date, to: Date) {
  return trx
    .selectFrom('trades')
    .innerJoin('tokens', 'tokens.id', 'trades.token_id')
    .select([
      'trades.id',
      'trades.created_at',
      'trades.token_id',
      'tokens.symbol',
      'trades.buyer_id',
      'trades.seller_id',
      'trades.price',
      'trades.quantity',
      'trades.total',
      'trades.platform_fee',
      'trades.accrued_interest',
    ])
    .where((eb) => eb.or([eb('trades.buyer_id', '=', userId), eb('trades.seller_id', '=', userId)]))
    .where('trades.created_at', '>=', from)
    .where('trades.created_at', '<', to)
    .orderBy('trades.created_at')
    .orderBy('trades.id')
    .execute();
}

/** The user's primary subscriptions made in the period, oldest first. */
export function subscriptionsBetween(trx: Trx, userId: string, from: Date, to: Date) {
  return trx
    .selectFrom('token_allocations')
    .innerJoin('tokens', 'tokens.id', 'token_allocations.token_id')
    .select([
      'token_allocations.id',
      'token_allocations.created_at',
      'token_allocations.token_id',
      'tokens.symbol',
      'token_allocations.quantity',
      'token_allocations.price_per_token',
      'token_allocations.amount',
      'token_allocations.status',
    ])
    .where('token_allocations.user_id', '=', userId)
    .where('token_allocations.allocation_type', '=', 'primary')
    .where('token_allocations.created_at', '>=', from)
    .where('token_allocations.created_at', '<', to)
    .orderBy('token_allocations.id')
    .execute();
}

/**
 * Dividend payments made to the user in the period, oldest first; a debt token's coupon or
 * redemption is paid as a dividend and says which (`debt_kind`).
 */
export function dividendsPaidBetween(trx: Trx, userId: string, from: Date, to: Date) {
  return dividendPaymentsOf(trx, userId)
    .leftJoin('debt_payments', 'debt_payments.dividend_id', 'dividend_payments.dividend_id')
    .select([
      'debt_payments.kind as debt_kind',
      'dividend_payments.id',
      'dividend_payments.paid_at',
      'dividend_declarations.token_id',
      'tokens.symbol',
      'dividend_declarations.dividend_type',
      'dividend_payments.token_balance',
      'dividend_payments.gross_amount',
      'dividend_payments.fee_amount',
      'dividend_payments.net_amount',
      'dividend_payments.quantity',
    ])
    .where('dividend_payments.status', '=', 'paid')
    .where('dividend_payments.paid_at', '>=', from)
    .where('dividend_payments.paid_at', '<', to)
    .orderBy('dividend_payments.paid_at')
    .orderBy('dividend_payments.id')
    .execute();
}

/**
 * Deposits credited in the period (at their confirmation) and withdrawals asked for in it (the
 * amount leaves the balance when asked), oldest first.
 */
export async function cashRequestsBetween(trx: Trx, userId: string, from: Date, to: Date) {
  const { rows } = await sql<{
    id: string;
    at: Date;
    kind: 'deposit' | 'withdrawal';
    amount: string;
    status: string;
  }>`
    select id, case when kind = 'deposit' then decided_at else created_at end as at,
      kind, amount, status
    from fiat_requests
    where user_id = ${userId} and (
      (kind = 'deposit' and status = 'confirmed' and decided_at >= ${from} and decided_at < ${to})
      or (kind = 'withdrawal' and created_at >= ${from} and created_at < ${to}))
    order by at, id`.execute(trx);
  return rows;
}

export interface LedgerSumRow {
  currency: string;
  kind: string;
  /** what the rows of this kind added before `from` */
  before: string;
  /** and in [from, to) */
  during: string;
}

/** The user's USD ledger (fiat_ledger) and other currencies' (balance_ledger) summed by kind. */
export async function ledgerSums(
  trx: Trx,
  userId: string,
  from: Date,
  to: Date,
): Promise<LedgerSumRow[]> {
  const { rows } = await sql<LedgerSumRow>`
    select currency, kind,
      coalesce(sum(amount) filter (where created_at < ${from}), 0)::text as before,
      coalesce(sum(amount) filter (where created_at >= ${from}), 0)::text as during
    from (
      select 'USD' as currency, kind, amount, created_at from fiat_ledger
      where user_id = ${userId} and created_at < ${to}
      union all
      select currency, kind, amount, created_at from balance_ledger
      where user_id = ${userId} and created_at < ${to}
    ) l
    group by currency, kind
    order by currency, kind`.execute(trx);
  return rows;
}

/**
 * What the user's trades did to cash in the period: the gross and the fees of the sales whose
 * proceeds the ledger credited in it (joined through the ledger row, so the two agree to the
 * cent), and the cost of the purchases booked in it.
 */
export async function tradeCash(
  trx: Trx,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ sales: string; fees: string; purchases: string; accrued_paid: string }> {
  const { rows } = await sql<{
    sales: string;
    fees: string;
    purchases: string;
    accrued_paid: string;
  }>`
    select
      (select coalesce(sum(t.total), 0) from fiat_ledger l join trades t on t.id = l.reference_id
       where l.user_id = ${userId} and l.kind = 'trade_sell'
         and l.created_at >= ${from} and l.created_at < ${to})::text as sales,
      (select coalesce(sum(t.platform_fee), 0) from fiat_ledger l join trades t on t.id = l.reference_id
       where l.user_id = ${userId} and l.kind = 'trade_sell'
         and l.created_at >= ${from} and l.created_at < ${to})::text as fees,
      (select coalesce(sum(total), 0) from trades
       where buyer_id = ${userId} and created_at >= ${from} and created_at < ${to})::text
        as purchases,
      (select coalesce(sum(accrued_interest), 0) from trades
       where buyer_id = ${userId} and created_at >= ${from} and created_at < ${to})::text
        as accrued_paid`.execute(trx);
  return rows[0]!;
}

export interface YearTokenRow {
  token_id: string;
  symbol: string;
  dividends_usd: string;
  dividends_usdc: string;
  dividend_units: string;
  dividend_fees: string;
  trading_fees: string;
}

/** Per token: dividends paid to the user in the period by kind, their fees, and trading fees. */
export async function dividendsAndFeesByToken(
  trx: Trx,
  userId: string,
  from: Date,
  to: Date,
): Promise<YearTokenRow[]> {
  const { rows } = await sql<YearTokenRow>`
    with d as (
      select dd.token_id,
        sum(p.net_amount) filter (where dd.dividend_type = 'fiat') as usd,
        sum(p.net_amount) filter (where dd.dividend_type = 'stablecoin') as usdc,
        sum(p.quantity) filter (where dd.dividend_type = 'token') as units,
        sum(p.fee_amount) as fees
      from dividend_payments p join dividend_declarations dd on dd.id = p.dividend_id
      where p.user_id = ${userId} and p.status = 'paid'
        and p.paid_at >= ${from} and p.paid_at < ${to}
      group by dd.token_id
    ), f as (
      select token_id, sum(platform_fee) as fees from trades
      where seller_id = ${userId} and created_at >= ${from} and created_at < ${to}
      group by token_id
    )
    select t.id as token_id, t.symbol,
      coalesce(d.usd, 0)::text as dividends_usd, coalesce(d.usdc, 0)::text as dividends_usdc,
      coalesce(d.units, 0)::text as dividend_units, coalesce(d.fees, 0)::text as dividend_fees,
      coalesce(f.fees, 0)::text as trading_fees
    from d full join f on f.token_id = d.token_id
    join tokens t on t.id = coalesce(d.token_id, f.token_id)
    order by t.symbol`.execute(trx);
  return rows;
}

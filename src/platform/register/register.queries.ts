/**
 * What the register of a token at an instant is computed from: the record of token movements up
 * to that instant, who the holders are, their sell orders then open, their primary allocations
 * (lock-up) and the token's lock-up rule.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { CountrySources } from '../../lib/compliance/holder-country.js';
import { countrySourcesSql } from '../../lib/compliance/holder-country.queries.js';
import { liveOrderStatuses } from '../../lib/db/schema-trading.js';

/** Each account's units at `at` (movements at or before it), in user id order; zero left out. */
export async function holdingsAt(
  db: Db | Trx,
  tokenId: string,
  at: Date,
): Promise<{ userId: string; units: string }[]> {
  const { rows } = await sql<{ user_id: string; units: string }>`
    select user_id, sum(delta)::text as units from (
      select to_user_id as user_id, quantity as delta from token_movements
      where token_id = ${tokenId} and at <= ${at} and to_user_id is not null
      union all
      select from_user_id, -quantity from token_movements
      where token_id = ${tokenId} and at <= ${at} and from_user_id is not null
    ) m
    group by user_id having sum(delta) <> 0 order by user_id`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, units: r.units }));
}

export interface HolderProfileRow extends CountrySources {
  id: string;
  email: string;
  full_name: string | null;
  accreditation_status: string | null;
  wallet_address: string | null;
  business_name: string | null;
}

/**
 * Who the holders are: the account, its company's name (a corporate investor's first) and what
 * its country is decided from (holder-country.ts).
 */
export async function holderProfiles(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const { rows } = await sql<HolderProfileRow>`
    with sources as (${countrySourcesSql(sql`${[...userIds]}::uuid[]`)})
    select u.id, u.email, u.full_name, u.accreditation_status, u.wallet_address,
      b.name as business_name, c.role, c.account_type, c.business_country, c.residence,
      c.nationality
    from users u
    join sources c on c.user_id = u.id
    left join lateral (
      select name from businesses where owner_id = u.id
      order by (kind = 'corporate_investor') desc, created_at limit 1
    ) b on true`.execute(db);
  return rows;
}

/** Units each account had in sell orders open at `at` (each order's last status by then). */
export async function lockedInSellOrdersAt(
  db: Db,
  tokenId: string,
  at: Date,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ user_id: string; locked: number }>`
    select o.user_id, sum(h.remaining_quantity)::bigint as locked
    from orders o
    join lateral (
      select status, remaining_quantity from order_status_history
      where order_id = o.id and created_at <= ${at} order by id desc limit 1
    ) h on true
    where o.token_id = ${tokenId} and o.side = 'sell' and o.created_at <= ${at}
      and h.status = any(${[...liveOrderStatuses]}::varchar[])
    group by o.user_id`.execute(db);
  return new Map(rows.map((r) => [r.user_id, Number(r.locked)]));
}

/**
 * Each account's allocations up to `at` (primary, and the issuer's team and reserve shares with
 * their own `locked_until`): the units a lock-up holds.
 */
export async function primaryAllocationsUntil(
  db: Db,
  tokenId: string,
  at: Date,
): Promise<Map<string, { quantity: number; at: Date; lockedUntil?: Date }[]>> {
  const rows = await db
    .selectFrom('token_movements as m')
    .leftJoin('token_allocations as a', 'a.id', 'm.source_id')
    .select(['m.to_user_id', 'm.quantity', 'm.at', 'a.locked_until'])
    .where('m.token_id', '=', tokenId)
    .where('m.kind', 'in', ['primary_allocation', 'team_allocation', 'reserve_allocation'])
    .where('m.at', '<=', at)
    .orderBy('m.id')
    .execute();
  const byUser = new Map<string, { quantity: number; at: Date; lockedUntil?: Date }[]>();
  for (const row of rows) {
    const list = byUser.get(row.to_user_id!) ?? [];
    list.push({
      quantity: Number(row.quantity),
      at: row.at,
      ...(row.locked_until ? { lockedUntil: row.locked_until } : {}),
    });
    byUser.set(row.to_user_id!, list);
  }
  return byUser;
}

export function registerToken(db: Db, tokenId: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .select([
      'tokens.id',
      'tokens.name',
      'tokens.symbol',
      'tokens.decimals',
      'tokens.total_supply',
      'tokens.contract_address',
      'tokens.status',
      'tokens.created_at',
      'businesses.owner_id',
      'businesses.name as issuer_name',
    ])
    .where('tokens.id', '=', tokenId)
    .executeTakeFirst();
}

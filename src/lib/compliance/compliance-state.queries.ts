/**
 * What the evaluator needs from the database for one token: its rules, and the state of the token
 * and of the holders a request or batch concerns, each in one statement. Platform and trading
 * both read through here (a subscription, a payout; an order, settlement's pre-check).
 */
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import type { Db, Trx } from '../db/database.js';
import type { TokenComplianceRulesRow } from '../db/schema-compliance.js';
import type { HolderRecord } from './compliance-checks.js';
import { holderCountry, type CountrySources } from './holder-country.js';
import { countrySourcesSql } from './holder-country.queries.js';
import type { ComplianceRules } from './compliance-rules.js';
import type { TokenState } from './evaluate-transfer.js';

/** The columns of a token's rules row that make its rules. */
export type RulesColumns = Pick<
  TokenComplianceRulesRow,
  | 'allowed_countries'
  | 'blocked_countries'
  | 'max_balance_units'
  | 'max_balance_pct'
  | 'max_holders'
  | 'max_holders_per_country'
  | 'lock_up_until'
  | 'lock_up_days'
  | 'supply_cap'
>;

export function rulesOfRow(row: RulesColumns): ComplianceRules {
  return {
    allowedCountries: row.allowed_countries,
    blockedCountries: row.blocked_countries,
    maxBalance:
      row.max_balance_units !== null
        ? { units: row.max_balance_units }
        : row.max_balance_pct !== null
          ? { pctOfSupply: new Decimal(row.max_balance_pct).toString() }
          : null,
    maxHolders: row.max_holders,
    maxHoldersPerCountry: row.max_holders_per_country,
    lockUp:
      row.lock_up_until !== null
        ? { until: row.lock_up_until }
        : row.lock_up_days !== null
          ? { daysAfterAllocation: row.lock_up_days }
          : null,
    supplyCap: row.supply_cap,
  };
}

/** The token's rules, or undefined when it has none (then nothing is checked). */
export async function findComplianceRules(
  db: Db | Trx,
  tokenId: string,
): Promise<ComplianceRules | undefined> {
  const row = await db
    .selectFrom('token_compliance_rules')
    .selectAll()
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return row && rulesOfRow(row);
}

/**
 * Who counts as a holder: `booked`, a balance above zero (settlement); `committed`, also whoever
 * has an open buy or a subscription awaiting payment (order time: docs/decisions/compliance.md).
 */
export type HolderCount = 'booked' | 'committed';

export interface ComplianceState {
  token: TokenState;
  /** the holders asked for, by user id (a user without a wallet holds nothing) */
  holders: Map<string, HolderRecord>;
}

interface StateRow {
  total_supply: number;
  minted: number;
  holder_countries: (CountrySources & { holders: number })[];
  users: (CountrySources & {
    id: string;
    balance: number;
    locked_balance: number;
    open_buys: number;
    pending_allocated: number;
    exempt: boolean;
    allocations: { quantity: number; at: string; locked_until: string | null }[];
  })[];
}

const liveBuy = sql`side = 'buy' and status in ('open', 'partially_filled', 'pending_stop')`;
const liveOtcBuy = sql`side = 'buy' and status in ('pending', 'approved', 'partially_filled')`;

/**
 * The token's supply, minted units (allocations pending or confirmed) and holders by country, and
 * each of `userIds`' balance, open buys, pending subscriptions and confirmed allocations (with
 * their own lock date, the issuer's shares) and whether it is an exempt receiver (the treasury,
 * the token's issuer), in one statement. A country is the holder's country (holder-country.ts),
 * the one its identity is registered with on chain.
 */
export async function readComplianceState(
  db: Db | Trx,
  tokenId: string,
  userIds: readonly string[],
  options: { count: HolderCount; platformCountry: string },
): Promise<ComplianceState> {
  const committed = options.count === 'committed';
  const { rows } = await sql<StateRow>`
    with holders as (
      select user_id from wallets where token_id = ${tokenId} and balance > 0
      union select user_id from token_allocations
        where ${committed} and token_id = ${tokenId} and status = 'pending_payment'
      union select user_id from orders where ${committed} and token_id = ${tokenId} and ${liveBuy}
      union select user_id from otc_orders
        where ${committed} and token_id = ${tokenId} and ${liveOtcBuy}
    ),
    sources as (${countrySourcesSql(
      sql`array(select user_id from holders union select unnest(${userIds}::uuid[]))`,
    )})
    select t.total_supply,
      (select coalesce(sum(quantity), 0)::bigint from token_allocations
       where token_id = t.id and status in ('pending_payment', 'confirmed')) as minted,
      (select coalesce(json_agg(c), '[]') from (
         select src.role, src.account_type, src.business_country, src.residence, src.nationality,
           count(*)::int as holders
         from holders h join sources src using (user_id)
         group by src.role, src.account_type, src.business_country, src.residence, src.nationality
       ) c) as holder_countries,
      (select coalesce(json_agg(u), '[]') from (
         select p.id, src.role, src.account_type, src.business_country, src.residence,
           src.nationality,
           coalesce(w.balance, 0) as balance, coalesce(w.locked_balance, 0) as locked_balance,
           (select coalesce(sum(remaining_quantity), 0) from orders
            where user_id = p.id and token_id = t.id and ${liveBuy})
           + (select coalesce(sum(remaining_quantity), 0) from otc_orders
              where user_id = p.id and token_id = t.id and ${liveOtcBuy}) as open_buys,
           (select coalesce(sum(quantity), 0) from token_allocations
            where user_id = p.id and token_id = t.id and status = 'pending_payment')
             as pending_allocated,
           exists (select 1 from users x where x.id = p.id and x.role = 'treasury')
             or p.id = (select owner_id from businesses where id = t.business_id)
             as exempt,
           (select coalesce(json_agg(json_build_object(
              'quantity', quantity, 'at', confirmed_at, 'locked_until', locked_until)),
              '[]') from token_allocations
            where user_id = p.id and token_id = t.id and status = 'confirmed') as allocations
         from unnest(${userIds}::uuid[]) as p(id)
         left join sources src on src.user_id = p.id
         left join wallets w on w.user_id = p.id and w.token_id = t.id
       ) u) as users
    from tokens t where t.id = ${tokenId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no token ${tokenId}`);
  const countryOf = (sources: CountrySources): number =>
    holderCountry(sources, options.platformCountry).numeric;
  const holdersByCountry = new Map<number, number>();
  let holders = 0;
  for (const { holders: count, ...sources } of row.holder_countries) {
    const country = countryOf(sources);
    holdersByCountry.set(country, (holdersByCountry.get(country) ?? 0) + count);
    holders += count;
  }
  return {
    token: {
      totalSupply: Number(row.total_supply),
      minted: Number(row.minted),
      holders,
      holdersByCountry,
    },
    holders: new Map(
      row.users.map((user) => [
        user.id,
        {
          country: countryOf(user),
          balance: Number(user.balance),
          lockedForSale: Number(user.locked_balance),
          openBuys: Number(user.open_buys),
          pendingAllocated: Number(user.pending_allocated),
          allocations: user.allocations.map((a) => ({
            quantity: a.quantity,
            at: new Date(a.at),
            ...(a.locked_until ? { lockedUntil: new Date(a.locked_until) } : {}),
          })),
          ...(user.exempt ? { exempt: true } : {}),
        },
      ]),
    ),
  };
}

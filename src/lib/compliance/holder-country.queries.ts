/**
 * The sources of holders' countries (holder-country.ts), as one statement or as a part of one:
 * the account's role and type, the country of the business it owns (a corporate investor's
 * first) and its newest approved KYC's residence and nationality.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, Trx } from '../db/database.js';
import type { CountrySources } from './holder-country.js';

/** The sources of each user of `userIds` (an expression of type uuid[]), with `user_id`. */
export function countrySourcesSql(userIds: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select u.id as user_id, u.role, u.account_type, b.country as business_country,
      k.country_of_residence as residence, k.nationality
    from users u
    left join lateral (
      select country from businesses where owner_id = u.id
      order by (kind = 'corporate_investor') desc, created_at limit 1
    ) b on true
    left join lateral (
      select country_of_residence, nationality from kyc_applications
      where user_id = u.id and status = 'approved' order by id desc limit 1
    ) k on true
    where u.id = any(${userIds})`;
}

export async function countrySources(
  db: Db | Trx,
  userIds: readonly string[],
): Promise<Map<string, CountrySources>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<CountrySources & { user_id: string }>`${countrySourcesSql(
    sql`${[...userIds]}::uuid[]`,
  )}`.execute(db);
  return new Map(rows.map(({ user_id, ...sources }) => [user_id, sources]));
}

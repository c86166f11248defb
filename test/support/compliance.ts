/**
 * A token's compliance rules and its holders' state written as the platform leaves them: the
 * rules row (staff's PUT), an approved KYC naming the holder's country, a confirmed primary
 * allocation (what a lock-up counts from).
 */
import type { Db } from '../../src/lib/db/database.js';
import type { TokenComplianceRulesTable } from '../../src/lib/db/schema-compliance.js';
import { newId } from '../../src/lib/ids.js';

type RuleColumns = Partial<
  Pick<
    TokenComplianceRulesTable,
    'max_balance_units' | 'max_holders' | 'max_holders_per_country' | 'lock_up_days' | 'supply_cap'
  > & { allowed_countries: readonly number[]; blocked_countries: readonly number[] }
>;

export const us = 840;
export const de = 276;

/** Replaces the token's rules (a first set or a change). */
export async function setRules(db: Db, tokenId: string, rules: RuleColumns): Promise<void> {
  const columns = {
    max_balance_units: null,
    max_holders: null,
    max_holders_per_country: null,
    lock_up_days: null,
    supply_cap: null,
    ...rules,
    allowed_countries: rules.allowed_countries ? [...rules.allowed_countries] : null,
    blocked_countries: [...(rules.blocked_countries ?? [])],
  };
  await db
    .insertInto('token_compliance_rules')
    .values({ id: newId(), token_id: tokenId, ...columns })
    .onConflict((oc) => oc.column('token_id').doUpdateSet(columns))
    .execute();
}

/**
 * The user's approved KYC: its nationality and, when given, its country of residence (the
 * holder's country; without one the nationality stands in).
 */
export async function approvedKyc(
  db: Db,
  userId: string,
  nationality: string,
  residence?: string,
): Promise<void> {
  await db
    .insertInto('kyc_applications')
    .values({
      id: newId(),
      user_id: userId,
      status: 'approved',
      verification_provider: 'provider',
      full_name: 'Test Holder',
      nationality,
      country_of_residence: residence ?? null,
    } as never)
    .execute();
}

/** A confirmed primary allocation of `quantity`, confirmed at `at` (the wallet is not credited). */
export async function confirmedAllocation(
  db: Db,
  userId: string,
  tokenId: string,
  quantity: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('token_allocations')
    .values({
      id: newId(),
      token_id: tokenId,
      user_id: userId,
      quantity,
      amount: '0.00',
      price_per_token: '10.00',
      allocation_type: 'primary',
      status: 'confirmed',
      on_chain_status: 'minted',
      confirmed_at: at,
    })
    .execute();
}

/** The token_compliance_rules rows, written from the evaluator's rules (read back by lib/compliance). */
import { sql } from 'kysely';
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import type { Db, Trx } from '../../lib/db/database.js';
import type { TokenComplianceRulesRow } from '../../lib/db/schema-compliance.js';
import { newId } from '../../lib/ids.js';

function columnsOf(rules: ComplianceRules) {
  const { maxBalance, lockUp } = rules;
  return {
    allowed_countries: rules.allowedCountries && [...rules.allowedCountries],
    blocked_countries: [...rules.blockedCountries],
    max_balance_units: maxBalance && 'units' in maxBalance ? maxBalance.units : null,
    max_balance_pct: maxBalance && 'pctOfSupply' in maxBalance ? maxBalance.pctOfSupply : null,
    max_holders: rules.maxHolders,
    max_holders_per_country: rules.maxHoldersPerCountry,
    lock_up_until: lockUp && 'until' in lockUp ? lockUp.until : null,
    lock_up_days: lockUp && 'daysAfterAllocation' in lockUp ? lockUp.daysAfterAllocation : null,
    supply_cap: rules.supplyCap,
  };
}

export function findRulesRow(
  db: Db | Trx,
  tokenId: string,
): Promise<TokenComplianceRulesRow | undefined> {
  return db
    .selectFrom('token_compliance_rules')
    .selectAll()
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
}

/**
 * Stores the token's rules (a first set or a replacement) under a new version, pending for the
 * chain; returns the row as it was before (undefined for a first set).
 */
export async function putRules(
  trx: Trx,
  tokenId: string,
  rules: ComplianceRules,
  actorId: string,
): Promise<{ before: TokenComplianceRulesRow | undefined; after: TokenComplianceRulesRow }> {
  const before = await trx
    .selectFrom('token_compliance_rules')
    .selectAll()
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
  const columns = { ...columnsOf(rules), updated_by: actorId };
  const after = await trx
    .insertInto('token_compliance_rules')
    .values({ id: newId(), token_id: tokenId, ...columns })
    .onConflict((oc) =>
      oc.column('token_id').doUpdateSet({
        ...columns,
        version: sql`token_compliance_rules.version + 1`,
        chain_sync: 'pending',
        chain_sync_attempts: 0,
        chain_sync_error: null,
        chain_sync_due_at: null,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}

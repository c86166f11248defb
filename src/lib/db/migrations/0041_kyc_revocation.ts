import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A revoked verification is marked apart from a rejection: the investor keeps reading what they
 * hold and may withdraw (under staff review), is told nothing of staff's reason (that stays on
 * the agent action), and may verify again only where staff allowed it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('kyc_applications')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('reverification_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('kyc_applications')
    .dropColumn('revoked_at')
    .dropColumn('reverification_allowed')
    .execute();
}

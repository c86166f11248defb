import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The bank's reference of the transfer behind a decided fiat request: the incoming transfer staff
 * matched when confirming a deposit, the outgoing one when approving a withdrawal's payout.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fiat_requests').addColumn('bank_reference', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fiat_requests').dropColumn('bank_reference').execute();
}

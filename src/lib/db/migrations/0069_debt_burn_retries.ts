import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A redemption's burn that failed for good (docs/corporate-actions.md, "A burn that fails"): staff
 * are alerted once per failure, one member of staff asks for a retry and another approves it (four
 * eyes), which puts the failed batches back in the queue. A batch whose transaction reverted on
 * chain goes again under a new key round: the reverted one changed nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('debt_payments')
    // staff were alerted that a burn batch of this redemption failed for good
    .addColumn('burn_failed_at', 'timestamptz')
    .addColumn('burn_retry_requested_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('burn_retry_requested_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('debt_payments')
    .addCheckConstraint(
      'debt_payments_burn_retry',
      sql`(burn_retry_requested_by is null) = (burn_retry_requested_at is null)`,
    )
    .execute();
  await db.schema
    .alterTable('debt_burn_batches')
    .addColumn('key_round', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`key_round >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('debt_burn_batches').dropColumn('key_round').execute();
  await db.schema.alterTable('debt_payments').dropConstraint('debt_payments_burn_retry').execute();
  await db.schema
    .alterTable('debt_payments')
    .dropColumn('burn_retry_requested_at')
    .dropColumn('burn_retry_requested_by')
    .dropColumn('burn_failed_at')
    .execute();
}

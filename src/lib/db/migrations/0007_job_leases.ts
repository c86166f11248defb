import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One shape for every job table (src/lib/worker/job-queue.ts): a claim id (the fencing token a
 * worker must still hold when it writes the outcome), a due time (the lease's end while claimed,
 * the backoff's end after a failed attempt) and an attempt count. The claimed_at columns it
 * replaces could not tell one claim from the next. A KYC claim revocation can now fail for good.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('token_allocations')
    .addColumn('on_chain_claim_id', 'uuid')
    .addColumn('on_chain_due_at', 'timestamptz')
    .execute();
  await sql`update token_allocations set on_chain_due_at = claimed_at`.execute(db);
  await db.schema.alterTable('token_allocations').dropColumn('claimed_at').execute();

  await db.schema
    .alterTable('tokens')
    .addColumn('chain_sync_claim_id', 'uuid')
    .addColumn('chain_sync_due_at', 'timestamptz')
    .addColumn('chain_sync_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update tokens set chain_sync_due_at = chain_sync_claimed_at`.execute(db);
  await db.schema.alterTable('tokens').dropColumn('chain_sync_claimed_at').execute();

  await db.schema
    .alterTable('kyc_claim_revocations')
    .addColumn('claim_id', 'uuid')
    .addColumn('due_at', 'timestamptz')
    .execute();
  await sql`update kyc_claim_revocations set due_at = claimed_at`.execute(db);
  await db.schema.alterTable('kyc_claim_revocations').dropColumn('claimed_at').execute();
  await sql`alter table kyc_claim_revocations drop constraint kyc_claim_revocations_status_check`.execute(
    db,
  );
  await sql`alter table kyc_claim_revocations add constraint kyc_claim_revocations_status_check
            check (status in ('pending', 'revoked', 'failed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update kyc_claim_revocations set status = 'pending' where status = 'failed'`.execute(
    db,
  );
  await sql`alter table kyc_claim_revocations drop constraint kyc_claim_revocations_status_check`.execute(
    db,
  );
  await sql`alter table kyc_claim_revocations add constraint kyc_claim_revocations_status_check
            check (status in ('pending', 'revoked'))`.execute(db);
  await db.schema
    .alterTable('kyc_claim_revocations')
    .addColumn('claimed_at', 'timestamptz')
    .dropColumn('claim_id')
    .dropColumn('due_at')
    .execute();
  await db.schema
    .alterTable('tokens')
    .addColumn('chain_sync_claimed_at', 'timestamptz')
    .dropColumn('chain_sync_claim_id')
    .dropColumn('chain_sync_due_at')
    .dropColumn('chain_sync_attempts')
    .execute();
  await db.schema
    .alterTable('token_allocations')
    .addColumn('claimed_at', 'timestamptz')
    .dropColumn('on_chain_claim_id')
    .dropColumn('on_chain_due_at')
    .execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Transient chain failures in a row, per job (src/lib/worker/chain-retry.ts): a node or chain
 * service that is down uses up no attempt; the job waits instead, the wait doubling with this
 * count, which any other outcome resets. Token dividends' on-chain batches join the job queue:
 * a claim id (fencing token) and a due time (the lease's end, or the wait's) replace claimed_at.
 */
const columns: [table: string, column: string][] = [
  ['token_allocations', 'on_chain_waits'],
  ['tokens', 'chain_sync_waits'],
  ['kyc_claim_revocations', 'waits'],
  ['trades', 'settlement_waits'],
  ['dividend_chain_batches', 'waits'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('dividend_chain_batches')
    .addColumn('claim_id', 'uuid')
    .addColumn('due_at', 'timestamptz')
    .execute();
  // A batch being sent at the upgrade is due at once: its key keeps a resend from paying twice.
  await db.schema.alterTable('dividend_chain_batches').dropColumn('claimed_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('dividend_chain_batches')
    .addColumn('claimed_at', 'timestamptz')
    .execute();
  await sql`update dividend_chain_batches set claimed_at = due_at where status = 'sending'`.execute(
    db,
  );
  await db.schema
    .alterTable('dividend_chain_batches')
    .dropColumn('claim_id')
    .dropColumn('due_at')
    .execute();
  for (const [table, column] of columns) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}

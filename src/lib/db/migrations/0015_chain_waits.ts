import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Transient chain failures in a row, per job (src/lib/worker/chain-retry.ts): a node or chain
 * service that is down uses up no attempt; the job waits instead, the wait doubling with this
 * count, which any other outcome resets.
 */
const columns: [table: string, column: string][] = [
  ['token_allocations', 'on_chain_waits'],
  ['tokens', 'chain_sync_waits'],
  ['kyc_claim_revocations', 'waits'],
  ['trades', 'settlement_waits'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of columns) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of columns) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}

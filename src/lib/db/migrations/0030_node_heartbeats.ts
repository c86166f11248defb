import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * When each trading node last beat (GET /api/v1/admin/cluster shows its age to staff): the row's
 * expiry alone does not say it, since the lease period it was set with is the node's own setting.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('trading_nodes')
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trading_nodes').dropColumn('heartbeat_at').execute();
}

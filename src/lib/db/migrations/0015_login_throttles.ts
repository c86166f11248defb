import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // Failed logins counted per (account, client address) and per client address, replacing the
  // account-wide lockout (docs/decisions/platform.md "Login throttle"). One row per key, kept small.
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures > 0`))
    .addColumn('last_failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // forgotten counts are pruned oldest first
  await db.schema
    .createIndex('login_throttles_last_failed_at')
    .on('login_throttles')
    .column('last_failed_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttles').execute();
}

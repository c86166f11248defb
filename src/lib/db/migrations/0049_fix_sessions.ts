import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * FIX sessions (docs/fix.md): staff set one up for a user with the API key its Logon signs with,
 * the addresses it may connect from, order entry or drop copy. One session in force per pair of
 * CompIDs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fix_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('api_key_id', 'uuid', (c) => c.notNull().references('api_keys.id'))
    // the client's CompID (its SenderCompID) and ours (its TargetCompID)
    .addColumn('sender_comp_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_comp_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('allowed_ips', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('disabled_at', 'timestamptz')
    .addCheckConstraint('fix_sessions_kind', sql`kind IN ('order_entry', 'drop_copy')`)
    .execute();
  await db.schema
    .createIndex('fix_sessions_comp_ids')
    .on('fix_sessions')
    .columns(['sender_comp_id', 'target_comp_id'])
    .unique()
    .where(sql.ref('disabled_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fix_sessions').execute();
}

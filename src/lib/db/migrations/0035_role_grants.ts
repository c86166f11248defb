import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Staff and admin accounts are granted by four eyes: an admin proposes, another admin approves,
 * and only then does the account exist. With one admin on the platform the grant takes effect
 * alone (`granted_alone`), and the account so made may not decide its granter's agent actions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('role_grants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('full_name', 'text')
    .addColumn('role', 'varchar(10)', (c) => c.notNull().check(sql`role in ('staff', 'admin')`))
    // the proposer's chosen password, hashed; cleared once decided
    .addColumn('password_hash', 'text')
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('proposed', 'approved', 'rejected', 'granted_alone')`),
    )
    .addColumn('proposed_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'role_grants_four_eyes',
      sql`decided_by is null or decided_by <> proposed_by`,
    )
    .execute();
  await db.schema
    .createIndex('role_grants_one_open_per_email')
    .on('role_grants')
    .column('email')
    .unique()
    .where(sql.ref('status'), '=', 'proposed')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('role_grants').execute();
}

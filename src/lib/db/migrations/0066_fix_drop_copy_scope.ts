import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A FIX session's scope (docs/fix.md, "Drop copy"): `own`, the reports of its user's orders;
 * `venue`, of every order on the venue, for a drop copy of a staff or admin user only (the
 * service checks the role, the row that only a drop copy has it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('fix_sessions')
    .addColumn('scope', 'varchar(8)', (c) => c.notNull().defaultTo('own'))
    .execute();
  await db.schema
    .alterTable('fix_sessions')
    .addCheckConstraint(
      'fix_sessions_scope',
      sql`scope = 'own' OR (scope = 'venue' AND kind = 'drop_copy')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fix_sessions').dropColumn('scope').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A dividend may be declared with a record date still to come: its holders are counted when the
 * record date passes, so the declaration records when its snapshot was taken (null until then).
 * Every declaration before this one took its snapshot when it was declared.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('dividend_declarations')
    .addColumn('snapshot_at', 'timestamptz')
    .execute();
  await sql`UPDATE dividend_declarations SET snapshot_at = created_at`.execute(db);
  // nothing is held before the holders are counted
  await sql`ALTER TABLE dividend_declarations
    DROP CONSTRAINT dividend_declarations_total_held_check,
    ADD CONSTRAINT dividend_declarations_total_held_check
      CHECK (total_held > 0 OR snapshot_at IS NULL OR status = 'cancelled')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM dividend_declarations WHERE total_held = 0`.execute(db);
  await sql`ALTER TABLE dividend_declarations
    DROP CONSTRAINT dividend_declarations_total_held_check,
    ADD CONSTRAINT dividend_declarations_total_held_check CHECK (total_held > 0)`.execute(db);
  await db.schema.alterTable('dividend_declarations').dropColumn('snapshot_at').execute();
}

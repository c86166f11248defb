import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The investor's classification, asked at onboarding: the tier they certify (retail,
 * professional, institutional), the criteria they meet and their statement; staff approve or
 * reject it against its evidence. Their accreditation (the investment limits) is the lower of the
 * approved classification and their KYC level's tier; without one they are retail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('investor_classifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('tier', 'varchar(20)', (c) =>
      c.notNull().check(sql`tier in ('retail', 'professional', 'institutional')`),
    )
    .addColumn('criteria', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('statement', 'text')
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('review_note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // one request waits at a time
  await sql`create unique index investor_classifications_one_pending on investor_classifications (user_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index investor_classifications_user on investor_classifications (user_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('investor_classifications').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The documents an investor proves themselves with: identity document images and a selfie for a
 * manual KYC, the evidence of a classification. The file is sealed with the field key (base64,
 * bound to its row); staff read it, the investor only sees what they sent. Each is kept until
 * `retain_until` (the retention policy), then the purge deletes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'varchar(20)', (c) =>
      c.notNull().check(sql`purpose in ('identity_front', 'identity_back', 'selfie', 'evidence')`),
    )
    .addColumn('content_type', 'varchar(20)', (c) =>
      c.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'application/pdf')`),
    )
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('key_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(20)', (c) =>
      c.check(sql`subject_type in ('kyc_application', 'classification')`),
    )
    .addColumn('subject_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retain_until', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'verification_documents_subject_whole',
      sql`(subject_type is null) = (subject_id is null)`,
    )
    .execute();
  await sql`create index verification_documents_subject on verification_documents (subject_type, subject_id)`.execute(
    db,
  );
  await sql`create index verification_documents_retention on verification_documents (retain_until)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('verification_documents').execute();
}

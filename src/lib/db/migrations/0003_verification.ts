import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const applicationStatus = sql`status in ('pending', 'in_review', 'approved', 'rejected')`;

function providerVerdict<T extends string>(table: CreateTableBuilder<T, any>) {
  return table
    .addColumn('provider_applicant_id', 'varchar(64)')
    .addColumn('review_answer', 'varchar(5)', (c) =>
      c.check(sql`review_answer in ('GREEN', 'RED')`),
    )
    .addColumn('reject_type', 'varchar(5)', (c) => c.check(sql`reject_type in ('RETRY', 'FINAL')`))
    .addColumn('reject_labels', 'jsonb')
    .addColumn('provider_event_at', 'timestamptz');
}

function timestamps<T extends string>(table: CreateTableBuilder<T, any>) {
  return table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    providerVerdict(
      db.schema
        .createTable('kyc_applications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'varchar(20)', (c) => c.notNull().check(applicationStatus))
        .addColumn('verification_provider', 'varchar(20)', (c) =>
          c.notNull().check(sql`verification_provider in ('manual', 'provider')`),
        )
        .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('nationality', 'varchar(3)', (c) => c.notNull())
        .addColumn('date_of_birth', 'date')
        .addColumn('document_type', 'varchar(20)', (c) =>
          c.check(
            sql`document_type in ('passport', 'emirates_id', 'national_id', 'drivers_license')`,
          ),
        )
        .addColumn('document_number', 'text')
        .addColumn('document_number_key_id', 'varchar(32)')
        .addColumn('address_line1', 'varchar(200)')
        .addColumn('address_line2', 'varchar(200)')
        .addColumn('city', 'varchar(100)')
        .addColumn('postal_code', 'varchar(20)')
        .addColumn('country_of_residence', 'varchar(3)')
        .addColumn('kyc_level', 'integer')
        .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
        .addColumn('reviewed_at', 'timestamptz')
        .addColumn('review_notes', 'text')
        .addColumn('rejection_reason', 'text')
        .addCheckConstraint(
          'kyc_rejection_has_reason',
          sql`status <> 'rejected' or rejection_reason is not null`,
        )
        .addCheckConstraint(
          'kyc_manual_has_document',
          sql`verification_provider <> 'manual' or (document_type is not null and document_number is not null)`,
        ),
    ),
  ).execute();
  // Spec rule: one open application (pending or in_review) per user, enforced by the database.
  await sql`create unique index kyc_one_open_application on kyc_applications (user_id)
            where status in ('pending', 'in_review')`.execute(db);
  await db.schema
    .createIndex('kyc_applications_queue')
    .on('kyc_applications')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('kyc_applications_applicant')
    .on('kyc_applications')
    .column('provider_applicant_id')
    .execute();

  await timestamps(
    db.schema
      .createTable('businesses')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'varchar(20)', (c) =>
        c.notNull().check(sql`kind in ('issuer', 'corporate_investor')`),
      )
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('registration_number', 'varchar(100)', (c) => c.notNull())
      .addColumn('country', 'varchar(3)', (c) => c.notNull())
      .addColumn('industry', 'varchar(100)')
      .addColumn('platform_allocation_pct', sql`numeric(5, 2)`, (c) =>
        c.check(sql`platform_allocation_pct >= 0 and platform_allocation_pct <= 100`),
      )
      .addColumn('status', 'varchar(20)', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'active')`),
      )
      .addColumn('kyb_status', 'varchar(20)', (c) =>
        c
          .notNull()
          .defaultTo('none')
          .check(sql`kyb_status in ('none', 'pending', 'in_review', 'approved', 'rejected')`),
      ),
  ).execute();
  await db.schema.createIndex('businesses_owner').on('businesses').column('owner_id').execute();

  await timestamps(
    providerVerdict(
      db.schema
        .createTable('kyb_applications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('business_id', 'uuid', (c) => c.notNull().references('businesses.id'))
        .addColumn('submitted_by', 'uuid', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'varchar(20)', (c) => c.notNull().check(applicationStatus))
        .addColumn('verification_provider', 'varchar(20)', (c) =>
          c.notNull().check(sql`verification_provider in ('manual', 'provider')`),
        )
        .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
        .addColumn('reviewed_at', 'timestamptz')
        .addColumn('review_notes', 'text')
        .addColumn('rejection_reason', 'text')
        .addCheckConstraint(
          'kyb_rejection_has_reason',
          sql`status <> 'rejected' or rejection_reason is not null`,
        ),
    ),
  ).execute();
  await sql`create unique index kyb_one_open_application on kyb_applications (business_id)
            where status in ('pending', 'in_review')`.execute(db);
  await db.schema
    .createIndex('kyb_applications_applicant')
    .on('kyb_applications')
    .column('provider_applicant_id')
    .execute();

  await providerVerdict(
    db.schema
      .createTable('business_owners')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('kyb_application_id', 'uuid', (c) => c.notNull().references('kyb_applications.id'))
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('ownership_pct', sql`numeric(5, 2)`, (c) =>
        c.notNull().check(sql`ownership_pct >= 0 and ownership_pct <= 100`),
      )
      .addColumn('role', 'varchar(20)', (c) =>
        c.notNull().check(sql`role in ('ubo', 'shareholder', 'director', 'primary_contact')`),
      )
      .addColumn('nationality', 'varchar(3)', (c) => c.notNull())
      .addColumn('date_of_birth', 'date')
      .addColumn('required', 'boolean', (c) => c.notNull())
      .addColumn('kyc_status', 'varchar(20)', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`kyc_status in ('pending', 'in_review', 'approved', 'rejected')`),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)),
  ).execute();
  await db.schema
    .createIndex('business_owners_application')
    .on('business_owners')
    .column('kyb_application_id')
    .execute();
  await db.schema
    .createIndex('business_owners_applicant')
    .on('business_owners')
    .column('provider_applicant_id')
    .execute();

  await db.schema
    .createTable('provider_webhook_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('applicant_id', 'varchar(64)')
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('outcome', 'varchar(40)', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('audience', 'varchar(20)', (c) => c.notNull().check(sql`audience in ('reviewers')`))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notifications_audience')
    .on('notifications')
    .columns(['audience', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'notifications',
    'provider_webhook_events',
    'business_owners',
    'kyb_applications',
    'businesses',
    'kyc_applications',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

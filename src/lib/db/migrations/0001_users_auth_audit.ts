import { sql, type Kysely } from 'kysely';
import { newId } from '../../ids.js';

// Migrations are typed Kysely<any>: they describe the database at their point in time, not today's types.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'varchar(20)', (c) =>
      c.notNull().check(sql`role in ('investor', 'issuer', 'staff', 'admin', 'treasury')`),
    )
    .addColumn('account_type', 'varchar(20)', (c) =>
      c.check(sql`account_type in ('individual', 'corporate')`),
    )
    .addColumn('full_name', 'varchar(200)')
    .addColumn('kyc_status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`kyc_status in ('none', 'pending', 'in_review', 'approved', 'rejected')`),
    )
    .addColumn('kyc_level', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`kyc_level between 0 and 5`),
    )
    .addColumn('accreditation_status', 'varchar(20)', (c) =>
      c.check(sql`accreditation_status in ('retail', 'professional', 'institutional')`),
    )
    .addColumn('fatca_status', 'varchar(20)', (c) =>
      c.check(sql`fatca_status in ('clear', 'blocked')`),
    )
    .addColumn('fiat_balance', sql`numeric(20, 2)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fiat_balance >= 0`),
    )
    .addColumn('wallet_address', 'varchar(42)', (c) =>
      c.unique().check(sql`wallet_address ~ '^0x[0-9a-fA-F]{40}$'`),
    )
    .addColumn('is_activated', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'users_role_account_type',
      sql`(role = 'investor') = (account_type is not null) or role = 'issuer'`,
    )
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  // Exactly one treasury: the platform's own account for fees and go-live allocations.
  await sql`create unique index users_one_treasury on users (role) where role = 'treasury'`.execute(
    db,
  );

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_user')
    .on('refresh_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)')
    .addColumn('target_id', 'varchar(254)')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_logs_action_target')
    .on('audit_logs')
    .columns(['action', 'target_id', 'created_at'])
    .execute();

  await db
    .insertInto('users')
    .values({
      id: newId(),
      email: 'treasury@tessera.internal',
      role: 'treasury',
      full_name: 'Tessera treasury',
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('users').execute();
}

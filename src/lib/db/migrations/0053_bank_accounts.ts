import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The bank account an investor's withdrawals are paid to: one on file per user (a new one
 * replaces it, the old row kept for the withdrawals paid to it), the account number sealed with
 * the field key and its last four characters in clear; verified once, when staff pay out to it
 * the first time. A withdrawal names the account it was requested to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('holder_name', 'varchar(140)', (c) => c.notNull())
    .addColumn('scheme', 'varchar(10)', (c) => c.notNull().check(sql`scheme in ('iban', 'local')`))
    .addColumn('account_sealed', 'text', (c) => c.notNull())
    .addColumn('account_key_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('bank_code', 'varchar(11)')
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('verified_by', 'uuid', (c) => c.references('users.id'))
    .addCheckConstraint(
      'bank_accounts_local_has_bank_code',
      sql`scheme = 'iban' or bank_code is not null`,
    )
    .execute();
  await sql`create unique index bank_accounts_one_on_file on bank_accounts (user_id) where replaced_at is null`.execute(
    db,
  );
  await db.schema
    .alterTable('fiat_requests')
    .addColumn('bank_account_id', 'uuid', (c) => c.references('bank_accounts.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fiat_requests').dropColumn('bank_account_id').execute();
  await db.schema.dropTable('bank_accounts').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  // Deposits and withdrawals share one table: the same life (requested by a user, decided by an
  // admin), told apart by kind; each kind has its own states.
  await db.schema
    .createTable('fiat_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (c) =>
      c.notNull().check(sql`kind in ('deposit', 'withdrawal')`),
    )
    .addColumn('amount', sql`numeric(20, 2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'fiat_requests_status_of_kind',
      sql`(kind = 'deposit' and status in ('requested', 'confirmed', 'rejected'))
          or (kind = 'withdrawal' and status in ('held', 'paid', 'released'))`,
    )
    .addCheckConstraint(
      'fiat_requests_decided',
      sql`(status in ('requested', 'held')) = (decided_at is null)`,
    )
    .execute();
  await db.schema
    .createIndex('fiat_requests_user')
    .on('fiat_requests')
    .columns(['user_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('fiat_requests_queue')
    .on('fiat_requests')
    .columns(['kind', 'status', 'id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('wallet_custody', 'varchar(10)', (c) =>
      c.check(sql`wallet_custody in ('custodial', 'self')`),
    )
    .execute();

  // Custodial addresses: the BIP-44 address index each user was given, kept even after the user
  // links an address of their own, so the platform can always re-derive the key of what it holds.
  await sql`create sequence custodial_address_index as integer minvalue 0 start 0`.execute(db);
  await db.schema
    .createTable('custodial_addresses')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('address_index', 'integer', (c) => c.notNull().unique())
    .addColumn('address', 'varchar(42)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // One live challenge per user: asking for a new one replaces the previous.
  await db.schema
    .createTable('wallet_challenges')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_challenges').execute();
  await db.schema.dropTable('custodial_addresses').execute();
  await sql`drop sequence custodial_address_index`.execute(db);
  await db.schema.alterTable('users').dropColumn('wallet_custody').execute();
  await db.schema.dropTable('fiat_requests').execute();
}

import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The email outbox (docs/configuration.md "Email"): each email a row written in the transaction of
 * the change that causes it, sent by a worker on the job queue. A user's own notifications (the
 * in-app list) and their email preferences per kind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbound_emails')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('claim_id', 'uuid')
    .addColumn('due_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index outbound_emails_queue on outbound_emails (id) where status in ('pending', 'sending')`.execute(
    db,
  );
  await db.schema
    .createIndex('outbound_emails_user')
    .on('outbound_emails')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('user_notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_notifications_user')
    .on('user_notifications')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pkey', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notification_preferences', 'user_notifications', 'outbound_emails'])
    await db.schema.dropTable(table).execute();
}

import { sql, type Kysely } from 'kysely';
import { newId } from '../../ids.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The jobs that bring the country the chain holds for a holder's wallet (`investorCountry`) in
 * line with the holder's country (docs/compliance.md "Which country"): one after each approved
 * verification of a holder with a wallet. Identities were registered with the KYC nationality
 * until then, so every wallet already known gets a job (`backfill`): it sends nothing where the
 * chain already holds the holder's country or holds no identity for the wallet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_country_updates')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'varchar(16)', (c) =>
      c.notNull().check(sql`reason in ('verification', 'backfill')`),
    )
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'done', 'failed')`),
    )
    .addColumn('wallet_address', 'varchar(42)')
    .addColumn('previous_country', 'integer')
    .addColumn('country', 'integer')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_id', 'uuid')
    .addColumn('due_at', 'timestamptz')
    .addColumn('waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index identity_country_updates_queue on identity_country_updates (id)
    where status = 'pending'`.execute(db);
  await db.schema
    .createIndex('identity_country_updates_user')
    .on('identity_country_updates')
    .column('user_id')
    .execute();
  const { rows } = await sql<{ id: string }>`
    select id from users where wallet_address is not null order by id`.execute(db);
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('identity_country_updates')
      .values(
        rows.slice(i, i + 1000).map((u) => ({ id: newId(), user_id: u.id, reason: 'backfill' })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('identity_country_updates').execute();
}

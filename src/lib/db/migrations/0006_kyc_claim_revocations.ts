import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** On-chain KYC claims to revoke after a user's approved KYC is later rejected (DECISIONS "Chain"). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_claim_revocations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('wallet_address', 'varchar(42)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'revoked')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index kyc_claim_revocations_queue on kyc_claim_revocations (id) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('kyc_claim_revocations_wallet')
    .on('kyc_claim_revocations')
    .column('wallet_address')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_claim_revocations').execute();
}

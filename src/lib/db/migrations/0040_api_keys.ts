import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * API keys of programs (docs/security.md, "API keys"): the secret sealed with the platform's field
 * key (the server recomputes each request's HMAC, so it must be able to read it back), never
 * shown again after creation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    // the public half, sent in X-Tessera-Key
    .addColumn('access_key', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    .addColumn('secret_key_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('allowed_ips', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'api_keys_scopes',
      sql`cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'trade']::text[]`,
    )
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
  // every process loads the keys still in force each second
  await db.schema
    .createIndex('api_keys_active')
    .on('api_keys')
    .column('id')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}

import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { ApiKeysTable } from '../../lib/db/schema.js';

const viewColumns = [
  'id',
  'label',
  'access_key',
  'scopes',
  'allowed_ips',
  'expires_at',
  'created_at',
  'last_used_at',
  'revoked_at',
] as const;

export async function insertKey(trx: Trx, key: Insertable<ApiKeysTable>) {
  return trx.insertInto('api_keys').values(key).returning(viewColumns).executeTakeFirstOrThrow();
}

/** The user's keys not revoked and not expired at `now`. */
export async function countKeysInForce(trx: Trx, userId: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('api_keys')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The user's keys, newest first (revoked ones too, with when). */
export async function keysOf(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(viewColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes the user's key; undefined when it is not theirs or was revoked before. */
export async function revokeKey(trx: Trx, userId: string, keyId: string) {
  return trx
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(viewColumns)
    .executeTakeFirst();
}

/** The user's key (revoked or not), or undefined. */
export async function keyOf(trx: Trx, userId: string, keyId: string) {
  return trx
    .selectFrom('api_keys')
    .select(viewColumns)
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { FixSessionsTable } from '../../lib/db/schema-fix.js';

const viewColumns = [
  'id',
  'user_id',
  'api_key_id',
  'sender_comp_id',
  'target_comp_id',
  'kind',
  'scope',
  'allowed_ips',
  'created_at',
  'disabled_at',
] as const;

export type FixSessionRow = Awaited<ReturnType<typeof fixSessions>>[number];

export async function insertFixSession(trx: Trx, row: Insertable<FixSessionsTable>) {
  return trx
    .insertInto('fix_sessions')
    .values(row)
    .returning(viewColumns)
    .executeTakeFirstOrThrow();
}

/** The key, when it is the user's and in force. */
export async function keyInForce(trx: Trx, userId: string, keyId: string) {
  return trx
    .selectFrom('api_keys')
    .select(['id', 'scopes'])
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

export async function userRole(trx: Trx, userId: string) {
  return trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
}

/** Every session, newest first; of one user when given. */
export async function fixSessions(db: Db, userId?: string) {
  let query = db.selectFrom('fix_sessions').select(viewColumns);
  if (userId) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Disables the session; undefined when unknown or disabled before. */
export async function disableFixSession(trx: Trx, id: string) {
  return trx
    .updateTable('fix_sessions')
    .set({ disabled_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .returning(viewColumns)
    .executeTakeFirst();
}

export async function fixSessionOf(trx: Trx, id: string) {
  return trx.selectFrom('fix_sessions').select(viewColumns).where('id', '=', id).executeTakeFirst();
}

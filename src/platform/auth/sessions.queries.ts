import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { RefreshToken } from '../../lib/db/schema.js';
import type { AuthMethod, SessionRow, SessionsTable } from '../../lib/db/schema-factors.js';

export async function insertRefreshToken(
  trx: Trx,
  row: Pick<RefreshToken, 'id' | 'user_id' | 'family_id' | 'token_hash' | 'expires_at'>,
): Promise<void> {
  await trx.insertInto('refresh_tokens').values(row).execute();
}

/** Locks the token's row so two concurrent refreshes with one token cannot both rotate it. */
export function findRefreshTokenForUpdate(
  trx: Trx,
  tokenHash: string,
): Promise<RefreshToken | undefined> {
  return trx
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRotated(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ rotated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function revokeFamily(trx: Trx, familyId: string): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('id', '=', familyId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every session of the user except `keepFamilyId`; returns how many sessions ended. */
export async function revokeOtherSessions(
  trx: Trx,
  userId: string,
  keepFamilyId: string,
): Promise<number> {
  const revoked = await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('family_id', '<>', keepFamilyId)
    .where('revoked_at', 'is', null)
    .returning('family_id')
    .execute();
  await trx
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('id', '<>', keepFamilyId)
    .where('ended_at', 'is', null)
    .execute();
  return new Set(revoked.map((row) => row.family_id)).size;
}

export async function insertSession(trx: Trx, row: Insertable<SessionsTable>): Promise<SessionRow> {
  return trx.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findSession(db: Db | Trx, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Seen again now (a refresh); the row as it now is. */
export function touchSession(trx: Trx, id: string, at: Date): Promise<SessionRow> {
  return trx
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A second factor verified for the session now: its methods gain it, its factor time moves. */
export function recordSessionFactor(
  db: Db | Trx,
  id: string,
  method: AuthMethod,
  at: Date,
): Promise<SessionRow | undefined> {
  return db
    .updateTable('sessions')
    .set({
      amr: sql<
        AuthMethod[]
      >`(SELECT array_agg(DISTINCT m ORDER BY m DESC) FROM unnest(amr || ARRAY[${method}]::text[]) AS m)`,
      factor_at: at,
      last_seen_at: at,
    })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the user signed in before at all, and from this browser (the same user agent). */
export async function devicesSeen(
  db: Db | Trx,
  userId: string,
  userAgent: string,
): Promise<{ any: boolean; this: boolean }> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => [
      eb.fn.countAll<string>().as('any'),
      eb.fn.countAll<string>().filterWhere('user_agent', '=', userAgent).as('same'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { any: Number(row.any) > 0, this: Number(row.same) > 0 };
}

/** The user's sessions still open, the latest seen first. */
export function openSessions(db: Db | Trx, userId: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends every session of the user (a password reset, staff); returns how many were open. */
export async function revokeAllSessions(trx: Trx, userId: string): Promise<number> {
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  const ended = await trx
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length;
}

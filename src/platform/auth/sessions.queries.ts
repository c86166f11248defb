import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import type { RefreshToken } from '../../lib/db/schema.js';

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
  return new Set(revoked.map((row) => row.family_id)).size;
}

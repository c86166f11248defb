import type { Db } from '../../lib/db/database.js';

/** The login sessions (refresh token families) revoked after `since`. */
export async function sessionsRevokedSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('revoked_at', '>', since)
    .execute();
  return rows.map((row) => row.family_id);
}

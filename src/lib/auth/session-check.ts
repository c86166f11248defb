import type { Db } from '../db/database.js';

/**
 * True while the login session (refresh-token family) has not been revoked: logout and refresh-token
 * reuse revoke the family, and with it every access token that names it.
 */
export function sessionChecker(db: Db) {
  return async (sessionId: string): Promise<boolean> => {
    const revoked = await db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', sessionId)
      .where('revoked_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return revoked === undefined;
  };
}

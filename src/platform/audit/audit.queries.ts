import type { Db } from '../../lib/db/database.js';

// The platform's use cases take the shared writer from here, beside the platform's own reads.
export { recordAudit, type AuditEntry } from '../../lib/db/audit.queries.js';

/** Times of the newest `limit` failed logins for an email since `since`, newest first (the lockout). */
export async function recentFailedLogins(
  db: Db,
  email: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('audit_logs')
    .select('created_at')
    .where('action', '=', 'auth.login_failed')
    .where('target_id', '=', email)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.created_at);
}

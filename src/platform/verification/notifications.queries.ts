import type { Db, Trx } from '../../lib/db/database.js';
import { newId } from '../../lib/ids.js';

/** Tells the reviewers (staff and admins) that something entered their queue. */
export async function notifyReviewers(
  trx: Trx,
  notification: { kind: string; subjectType: string; subjectId: string; message: string },
): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({
      id: newId(),
      audience: 'reviewers',
      kind: notification.kind,
      subject_type: notification.subjectType,
      subject_id: notification.subjectId,
      message: notification.message,
    })
    .execute();
}

export function reviewerNotifications(
  db: Db,
  options: { limit: number; cursor?: string; unreadOnly: boolean },
) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('audience', '=', 'reviewers')
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  return query.execute();
}

export async function markNotificationRead(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

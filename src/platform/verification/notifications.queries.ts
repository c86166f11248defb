import type { Db, Trx } from '../../lib/db/database.js';
import { newId } from '../../lib/ids.js';

export const notificationKinds = [
  'kyc.submitted',
  'kyb.submitted',
  /** an investor certified a professional or institutional classification: its evidence waits */
  'classification.submitted',
  'fiat.deposit_pending',
  'business.awaiting_activation',
  /** a holder's country changed and the rules of the new one do not allow a holding they keep */
  'holder.country_restricted',
  'staff.role_proposed',
  'staff.role_granted',
  // written by the chain process's confirmation watcher (subject: the gas_transactions row)
  'chain.transaction_undecided',
  'chain.transaction_stalled',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Tells the reviewers (staff and admins) that something awaits them. */
export async function notifyReviewers(
  trx: Trx,
  notification: {
    kind: NotificationKind;
    subjectType: string;
    subjectId: string;
    message: string;
  },
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
  options: { limit: number; cursor?: string; unreadOnly: boolean; kind?: string },
) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('audience', '=', 'reviewers')
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  if (options.kind) query = query.where('kind', '=', options.kind);
  return query.execute();
}

export async function markNotificationRead(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function notificationExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

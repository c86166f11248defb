import type { Db, Trx } from '../../lib/db/database.js';
import type { UserNotificationKind } from './notification-kinds.js';

export async function emailChoices(db: Db | Trx, userId: string): Promise<Map<string, boolean>> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'email'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.kind, row.email]));
}

export async function saveEmailChoices(
  trx: Trx,
  userId: string,
  choices: { kind: UserNotificationKind; email: boolean }[],
): Promise<void> {
  if (choices.length === 0) return;
  await trx
    .insertInto('notification_preferences')
    .values(choices.map((c) => ({ user_id: userId, kind: c.kind, email: c.email })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
    )
    .execute();
}

export function userNotifications(
  db: Db,
  userId: string,
  options: { limit: number; cursor?: string; unreadOnly: boolean },
) {
  let query = db
    .selectFrom('user_notifications')
    .select(['id', 'kind', 'title', 'body', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  return query.execute();
}

/** Marks the user's notification read; false when the user has no such notification. */
export async function markUserNotificationRead(
  db: Db,
  userId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('user_notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

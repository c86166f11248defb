/**
 * The one way the platform tells a user something: `notify(trx, notice)` writes the in-app
 * notification and, when the kind and the user's preferences say so, the email (an outbox row),
 * both in the caller's transaction, so the notice exists exactly when the change it reports does.
 *
 * Say what was done to the account, in plain words; never the suspicion or the staff reason
 * behind it.
 */
import type { Trx } from '../../lib/db/database.js';
import { renderEmail } from './email-message.js';
import { digested, sendsEmail, type UserNotificationKind } from './notification-kinds.js';
import { emailChoice, insertNotification } from './notifications.queries.js';
import { queueEmail } from './outbox.queries.js';

export interface Notice {
  userId: string;
  kind: UserNotificationKind;
  /** one line: the in-app title and the email's subject */
  title: string;
  /** what happened, a sentence or two */
  body: string;
  /** the web app page to look at, as a full URL (the email's button) */
  link?: string;
}

export async function notify(trx: Trx, notice: Notice): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', notice.userId)
    .executeTakeFirstOrThrow();
  const email = sendsEmail(notice.kind, await emailChoice(trx, notice.userId, notice.kind));
  const digest = digested(notice.kind);
  await insertNotification(trx, {
    userId: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    digestPending: email && digest,
  });
  if (!email || digest) return;
  await queueEmail(trx, {
    userId: notice.userId,
    to: user.email,
    kind: notice.kind,
    ...renderEmail({
      subject: notice.title,
      paragraphs: [notice.body],
      ...(notice.link ? { action: { label: 'Open Tessera', url: notice.link } } : {}),
    }),
  });
}

/**
 * The one way the platform tells a user something: `notify(trx, notice)` writes the in-app
 * notification and, when the kind and the user's preferences say so, the email (an outbox row),
 * both in the caller's transaction, so the notice exists exactly when the change it reports does.
 * `notifyMany` does the same for a batch in a fixed number of statements (a dividend's payments).
 *
 * Say what was done to the account, in plain words; never the suspicion or the staff reason
 * behind it.
 */
import type { Trx } from '../../lib/db/database.js';
import { newId } from '../../lib/ids.js';
import { renderEmail } from './email-message.js';
import { sendsEmail, type UserNotificationKind } from './notification-kinds.js';

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

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const chunk = 1000;

export function notify(trx: Trx, notice: Notice): Promise<void> {
  return notifyMany(trx, [notice]);
}

export async function notifyMany(trx: Trx, notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const users = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', userIds)
    .execute();
  const addresses = new Map(users.map((u) => [u.id, u.email]));
  const choices = await trx
    .selectFrom('notification_preferences')
    .select(['user_id', 'kind', 'email'])
    .where('user_id', 'in', userIds)
    .where('kind', 'in', [...new Set(notices.map((n) => n.kind))])
    .execute();
  const choice = new Map(choices.map((c) => [`${c.user_id} ${c.kind}`, c.email]));

  const rows = notices.map((notice) => {
    const email = sendsEmail(notice.kind, choice.get(`${notice.userId} ${notice.kind}`));
    return { notice, email };
  });
  for (let start = 0; start < rows.length; start += chunk) {
    await trx
      .insertInto('user_notifications')
      .values(
        rows.slice(start, start + chunk).map(({ notice }) => ({
          id: newId(),
          user_id: notice.userId,
          kind: notice.kind,
          title: notice.title,
          body: notice.body,
        })),
      )
      .execute();
  }
  const mailed = rows.filter(({ email }) => email);
  for (let start = 0; start < mailed.length; start += chunk) {
    await trx
      .insertInto('outbound_emails')
      .values(
        mailed.slice(start, start + chunk).map(({ notice }) => {
          const content = renderEmail({
            subject: notice.title,
            paragraphs: [notice.body],
            ...(notice.link ? { action: { label: 'Open Tessera', url: notice.link } } : {}),
          });
          return {
            id: newId(),
            user_id: notice.userId,
            to_address: addresses.get(notice.userId)!,
            kind: notice.kind,
            subject: content.subject,
            text_body: content.text,
            html_body: content.html,
          };
        }),
      )
      .execute();
  }
}

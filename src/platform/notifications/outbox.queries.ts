import type { Db, Trx } from '../../lib/db/database.js';
import type { OutboundEmail } from '../../lib/db/schema-mail.js';
import { newId } from '../../lib/ids.js';
import type { EmailContent } from './email-message.js';

export interface QueuedEmail extends EmailContent {
  /** the account it concerns; null for an address without one */
  userId: string | null;
  to: string;
  /** what the email is about (a notification kind, `auth.verify_email`...) */
  kind: string;
}

/** Writes an email into the outbox; it goes when `trx` commits, and never if it rolls back. */
export async function queueEmail(trx: Trx, email: QueuedEmail): Promise<string> {
  const id = newId();
  await trx
    .insertInto('outbound_emails')
    .values({
      id,
      user_id: email.userId,
      to_address: email.to,
      kind: email.kind,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
    })
    .execute();
  return id;
}

/** A user's emails, newest first (tests and support read what was sent). */
export function emailsTo(db: Db | Trx, address: string): Promise<OutboundEmail[]> {
  return db
    .selectFrom('outbound_emails')
    .selectAll()
    .where('to_address', '=', address.toLowerCase())
    .orderBy('id', 'desc')
    .execute();
}

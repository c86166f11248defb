/**
 * Tables of the email outbox, the users' notifications, email tokens (migrations 0042-0043) and
 * the trade notices' windows (0036).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export const outboundEmailStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboundEmailStatus = (typeof outboundEmailStatuses)[number];

export interface OutboundEmailsTable {
  id: string;
  user_id: string | null;
  to_address: string;
  kind: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<OutboundEmailStatus, OutboundEmailStatus | undefined>;
  claim_id: string | null;
  due_at: Date | null;
  attempts: Generated<number>;
  waits: Generated<number>;
  last_error: string | null;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserNotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  read_at: Date | null;
  created_at: CreatedAt;
}

export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  email: boolean;
}

export const emailTokenPurposes = ['verify', 'reset'] as const;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** The end of the last window of trading events told (trade-notices.ts). */
export interface NoticeCursorsTable {
  name: 'order_fills' | 'settlement_failures';
  through: Date;
}

export interface MailTables {
  outbound_emails: OutboundEmailsTable;
  user_notifications: UserNotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  email_tokens: EmailTokensTable;
  notice_cursors: NoticeCursorsTable;
}

export type OutboundEmail = Selectable<OutboundEmailsTable>;
export type UserNotification = Selectable<UserNotificationsTable>;

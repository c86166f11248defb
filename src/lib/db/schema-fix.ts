/** The FIX gateway's tables (docs/fix.md). */
import type { ColumnType, Generated, Selectable } from 'kysely';

export const fixSessionKinds = ['order_entry', 'drop_copy'] as const;
export type FixSessionKind = (typeof fixSessionKinds)[number];
/** whose orders the session reports: its user's, or (a staff drop copy) the venue's */
export const fixSessionScopes = ['own', 'venue'] as const;
export type FixSessionScope = (typeof fixSessionScopes)[number];

export interface FixSessionsTable {
  id: string;
  user_id: string;
  api_key_id: string;
  /** the client's CompID: the SenderCompID of what it sends */
  sender_comp_id: string;
  /** ours: the TargetCompID of what it sends */
  target_comp_id: string;
  kind: FixSessionKind;
  /** migration 0066: `venue` only for a drop copy of a staff or admin user */
  scope: ColumnType<FixSessionScope, FixSessionScope | undefined, never>;
  /** addresses or CIDRs the client may connect from; empty: any */
  allowed_ips: ColumnType<string[], string[] | undefined>;
  created_by: string;
  created_at: ColumnType<Date, never, never>;
  disabled_at: ColumnType<Date | null, never, Date>;
  /** the session layer (migration 0050): the next MsgSeqNum each way */
  next_sender_seq: Generated<number>;
  next_target_seq: Generated<number>;
  /** YYYY-MM-DD (UTC) of the last sequence reset */
  sequence_day: ColumnType<string, string | undefined, string>;
}

export interface FixMessagesTable {
  session_id: string;
  seq: number;
  msg_type: string;
  /** the message as sent, SOH-delimited */
  body: string;
  sent_at: Date;
}

export interface FixReportedEventsTable {
  session_id: string;
  history_id: number;
}

export interface FixTables {
  fix_sessions: FixSessionsTable;
  fix_messages: FixMessagesTable;
  fix_reported_events: FixReportedEventsTable;
}

export type FixSession = Selectable<FixSessionsTable>;

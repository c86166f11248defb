/** The FIX gateway's tables (docs/fix.md). */
import type { ColumnType, Selectable } from 'kysely';

export const fixSessionKinds = ['order_entry', 'drop_copy'] as const;
export type FixSessionKind = (typeof fixSessionKinds)[number];

export interface FixSessionsTable {
  id: string;
  user_id: string;
  api_key_id: string;
  /** the client's CompID: the SenderCompID of what it sends */
  sender_comp_id: string;
  /** ours: the TargetCompID of what it sends */
  target_comp_id: string;
  kind: FixSessionKind;
  /** addresses or CIDRs the client may connect from; empty: any */
  allowed_ips: ColumnType<string[], string[] | undefined>;
  created_by: string;
  created_at: ColumnType<Date, never, never>;
  disabled_at: ColumnType<Date | null, never, Date>;
}

export interface FixTables {
  fix_sessions: FixSessionsTable;
}

export type FixSession = Selectable<FixSessionsTable>;

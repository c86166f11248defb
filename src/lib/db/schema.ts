/**
 * Table types of the one shared PostgreSQL database, as Kysely sees them. NUMERIC columns are
 * strings (exact; convert with lib/money), BIGINT columns are numbers (parsed with a safe-integer
 * check in database.ts). Each later migration adds its tables here.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Json = ColumnType<Record<string, unknown>, string, string>;

export const roles = ['investor', 'issuer', 'staff', 'admin', 'treasury'] as const;
export type Role = (typeof roles)[number];
export const accountTypes = ['individual', 'corporate'] as const;
export type AccountType = (typeof accountTypes)[number];
export const verificationStatuses = [
  'none',
  'pending',
  'in_review',
  'approved',
  'rejected',
] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
export type AccreditationStatus = 'retail' | 'professional' | 'institutional';
export type FatcaStatus = 'clear' | 'blocked';

export interface UsersTable {
  id: string;
  email: string;
  /** null for system users (the treasury), which cannot log in */
  password_hash: string | null;
  role: Role;
  account_type: AccountType | null;
  full_name: string | null;
  kyc_status: ColumnType<VerificationStatus, VerificationStatus | undefined>;
  kyc_level: ColumnType<number, number | undefined>;
  accreditation_status: AccreditationStatus | null;
  fatca_status: FatcaStatus | null;
  fiat_balance: ColumnType<string, string | undefined>;
  wallet_address: string | null;
  is_activated: ColumnType<boolean, boolean | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** every rotation of one login shares the family; reuse of a rotated token revokes it all */
  family_id: string;
  token_hash: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface AuditLogsTable {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Json;
  ip: string | null;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  audit_logs: AuditLogsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
export type AuditLog = Selectable<AuditLogsTable>;
export type { Generated };

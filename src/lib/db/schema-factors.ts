/** Tables of second factors and sign-in sessions (migrations 0044, 0045). */
import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** how a session authenticated (RFC 8176 values): password, one-time code, hardware key */
export const authMethods = ['pwd', 'otp', 'hwk'] as const;
export type AuthMethod = (typeof authMethods)[number];

export interface TotpFactorsTable {
  user_id: string;
  secret_ciphertext: string;
  secret_key_id: string;
  confirmed_at: Date | null;
  last_step: number | null;
  created_at: CreatedAt;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  label: string;
  last_used_at: Date | null;
  created_at: CreatedAt;
}

export interface FactorChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  webauthn_challenge: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  user_agent: string;
  ip: string;
  amr: AuthMethod[];
  auth_time: Date;
  factor_at: Date | null;
  last_seen_at: Date;
  ended_at: Date | null;
  created_at: CreatedAt;
}
export type SessionRow = Selectable<SessionsTable>;

export interface FactorTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  factor_challenges: FactorChallengesTable;
  sessions: SessionsTable;
}

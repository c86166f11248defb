/**
 * Table types of the one shared PostgreSQL database, as Kysely sees them. NUMERIC columns are
 * strings (exact; convert with lib/money), BIGINT columns are numbers (parsed with a safe-integer
 * check in database.ts). Each later migration adds its tables here.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AgentActionTables } from './schema-agent-actions.js';
import type { ComplianceTables } from './schema-compliance.js';
import type { DebtTables } from './schema-debt.js';
import type { DividendTables } from './schema-dividends.js';
import type { FactorTables } from './schema-factors.js';
import type { FiatTables, WalletCustody } from './schema-fiat.js';
import type { DocumentTables } from './schema-documents.js';
import type { FixTables } from './schema-fix.js';
import type { IssuanceTables } from './schema-issuance.js';
import type { MailTables } from './schema-mail.js';
import type { MarketDataTables } from './schema-market-data.js';
import type { MeetingTables } from './schema-meetings.js';
import type { OtcTables } from './schema-otc.js';
import type { RegisterTables } from './schema-registers.js';
import type { SessionTables } from './schema-sessions.js';
import type { SplitTables } from './schema-splits.js';
import type { TradingTables, UserTradingColumns } from './schema-trading.js';
import type { VerificationTables } from './schema-verification.js';

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

export interface UsersTable extends UserTradingColumns {
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
  /** how wallet_address is held; null while the user has none (src/platform/wallets) */
  wallet_custody: ColumnType<WalletCustody | null, WalletCustody | null | undefined>;
  is_activated: ColumnType<boolean, boolean | undefined>;
  /** set on the first admin whose password set-up printed: nothing else until it is changed */
  password_change_required: ColumnType<boolean, boolean | undefined>;
  /** null until the user follows the link sent to their address (migration 0043) */
  email_verified_at: ColumnType<Date | null, Date | null | undefined>;
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

/** failed logins under one key: an (account, client address) pair or a client address */
export interface LoginThrottlesTable {
  key: string;
  failures: number;
  last_failed_at: Date;
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

export type ApiKeyScope = 'read' | 'trade';

/** A program's key (src/platform/api-keys); its secret sealed with the platform's field key. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  label: string;
  access_key: string;
  secret_ciphertext: string;
  secret_key_id: string;
  scopes: ApiKeyScope[];
  /** addresses or CIDRs; empty: any */
  allowed_ips: ColumnType<string[], string[] | undefined>;
  expires_at: Date | null;
  last_used_at: ColumnType<Date | null, never, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
  created_at: CreatedAt;
}

export const chainTransactionStatuses = ['queued', 'sent', 'mined', 'reverted', 'failed'] as const;
export type ChainTransactionStatus = (typeof chainTransactionStatuses)[number];
export type PayerType = 'platform' | 'issuer';

/** The one-time contracts of one chain (src/chain/infrastructure). */
export interface ChainInfrastructureTable {
  chain_id: number;
  deployer: string;
  claim_signer: string;
  trex_factory: string;
  trex_implementation_authority: string;
  id_factory: string;
  claim_issuer: string;
  identity_registry_storage: string;
  /** implementation contract addresses by name (Token, IdentityRegistry, Identity...) */
  implementations: ColumnType<Record<string, string>, string, string>;
  created_at: CreatedAt;
}

/** One T-REX suite per token; the salt is the token id. */
export interface TokenSuitesTable {
  chain_id: number;
  salt: string;
  token_address: string;
  identity_registry: string;
  identity_registry_storage: string;
  trusted_issuers_registry: string;
  claim_topics_registry: string;
  compliance: string;
  /** null when the suite was found on chain without a record of its deployment */
  deploy_tx_hash: string | null;
  created_at: CreatedAt;
}

/** Every transaction of the chain service; amounts of wei are NUMERIC(78,0) strings. */
export interface GasTransactionsTable {
  id: string;
  chain_id: number;
  operation: string;
  idempotency_key: string;
  /** sha256 of the request a key was first used with; a key reused for another request is refused */
  request_hash: string;
  token_address: string | null;
  payer_type: PayerType;
  payer_ref: string | null;
  status: ChainTransactionStatus;
  from_address: string;
  nonce: number | null;
  tx_hash: string | null;
  raw_transaction: string | null;
  block_number: number | null;
  gas_used: string | null;
  effective_gas_price: string | null;
  cost_wei: string | null;
  result: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  error_code: string | null;
  error_detail: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  sent_at: Date | null;
  finished_at: Date | null;
  block_hash: string | null;
  /** the block is CHAIN_CONFIRMATIONS deep and still carries the transaction: final */
  confirmed_at: Date | null;
  /** the watcher's claim: not looked at again before */
  watch_due_at: Date | null;
  /** times a lost block sent it back to the chain */
  redrives: ColumnType<number, number | undefined, number>;
  /** what staff were told when the watcher could not decide (cleared once it is mined again) */
  alert: ChainAlert | null;
  alerted_at: Date | null;
}

export const roleGrantStatuses = ['proposed', 'approved', 'rejected', 'granted_alone'] as const;
export type RoleGrantStatus = (typeof roleGrantStatuses)[number];

/** A staff or admin account proposed by an admin (docs/compliance.md "Staff accounts"). */
export interface RoleGrantsTable {
  id: string;
  /** the account's id, once it exists */
  user_id: string;
  email: string;
  full_name: string | null;
  role: 'staff' | 'admin';
  password_hash: string | null;
  status: RoleGrantStatus;
  proposed_by: string;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type RoleGrant = Selectable<RoleGrantsTable>;

export type ChainAlert = 'undecided' | 'stalled';

export interface Database
  extends
    VerificationTables,
    IssuanceTables,
    FiatTables,
    DividendTables,
    DebtTables,
    TradingTables,
    OtcTables,
    MarketDataTables,
    ComplianceTables,
    RegisterTables,
    SessionTables,
    AgentActionTables,
    FixTables,
    MailTables,
    MeetingTables,
    SplitTables,
    DocumentTables,
    FactorTables {
  users: UsersTable;
  role_grants: RoleGrantsTable;
  refresh_tokens: RefreshTokensTable;
  audit_logs: AuditLogsTable;
  api_keys: ApiKeysTable;
  login_throttles: LoginThrottlesTable;
  chain_infrastructure: ChainInfrastructureTable;
  token_suites: TokenSuitesTable;
  gas_transactions: GasTransactionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
export type AuditLog = Selectable<AuditLogsTable>;
export type { Generated };

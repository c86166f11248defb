/** Table types of fiat deposits and withdrawals, custodial addresses and wallet-link challenges. */
import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export const depositStatuses = ['requested', 'confirmed', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
/** A withdrawal's amount leaves the balance when it is requested (held), so it is never "open". */
export const withdrawalStatuses = ['held', 'paid', 'released'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type FiatRequestKind = 'deposit' | 'withdrawal';

export interface FiatRequestsTable {
  id: string;
  user_id: string;
  kind: FiatRequestKind;
  amount: string;
  status: DepositStatus | WithdrawalStatus;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  /** the bank's reference of the transfer staff matched (deposit) or made (withdrawal payout) */
  bank_reference: string | null;
  /** withdrawals: the bank account on file when it was requested, the one it is paid to */
  bank_account_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An IBAN, or a local account number with its bank's code (BIC or routing number). */
export const bankAccountSchemes = ['iban', 'local'] as const;
export type BankAccountScheme = (typeof bankAccountSchemes)[number];

export interface BankAccountsTable {
  id: string;
  user_id: string;
  holder_name: string;
  scheme: BankAccountScheme;
  /** the IBAN or account number, sealed (FieldEncryption, context bankAccountContext) */
  account_sealed: string;
  account_key_id: string;
  account_last4: string;
  bank_code: string | null;
  country: string;
  created_at: CreatedAt;
  /** set when another account took its place; withdrawals paid to it keep naming it */
  replaced_at: Date | null;
  /** the first payout staff made to it */
  verified_at: Date | null;
  verified_by: string | null;
}

export type WalletCustody = 'custodial' | 'self';

export interface CustodialAddressesTable {
  user_id: string;
  address_index: number;
  address: string;
  created_at: CreatedAt;
}

export interface WalletChallengesTable {
  user_id: string;
  nonce: string;
  message: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface FiatTables {
  fiat_requests: FiatRequestsTable;
  bank_accounts: BankAccountsTable;
  custodial_addresses: CustodialAddressesTable;
  wallet_challenges: WalletChallengesTable;
}

export type FiatRequest = Selectable<FiatRequestsTable>;
export type WalletChallenge = Selectable<WalletChallengesTable>;
export type BankAccount = Selectable<BankAccountsTable>;

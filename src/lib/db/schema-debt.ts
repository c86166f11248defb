/** Table types of debt tokens: their terms, payments, calls and burns (migrations 0068, 0069). */
import type { ColumnType, Selectable } from 'kysely';
import type { DayCount, Frequency } from '../debt/debt-schedule.math.js';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** a `date` column: read as the calendar day 'YYYY-MM-DD' (pg type 1082 parser, database.ts) */
type Day = string;

export const debtPaymentKinds = ['coupon', 'redemption'] as const;
export type DebtPaymentKind = (typeof debtPaymentKinds)[number];
export const debtPaymentStatuses = [
  'scheduled',
  'declared',
  'paying',
  'burning',
  'paid',
  'cancelled',
] as const;
export type DebtPaymentStatus = (typeof debtPaymentStatuses)[number];
export const debtCallStatuses = ['pending_approval', 'approved', 'rejected'] as const;
export type DebtCallStatus = (typeof debtCallStatuses)[number];
export type BurnBatchStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface DebtTermsTable {
  token_id: string;
  face_value: string;
  coupon_rate_pct: string;
  frequency: Frequency;
  day_count: DayCount;
  first_coupon_date: Day;
  maturity_date: Day;
  record_days: number;
  created_at: CreatedAt;
}
export type DebtTermsRow = Selectable<DebtTermsTable>;

export interface DebtCallsTable {
  id: string;
  token_id: string;
  call_date: Day;
  status: DebtCallStatus;
  requested_by: string;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}
export type DebtCall = Selectable<DebtCallsTable>;

export interface DebtPaymentsTable {
  id: string;
  token_id: string;
  number: number;
  kind: DebtPaymentKind;
  accrual_start: Day;
  payment_date: Day;
  record_date: Day;
  coupon_per_unit: string;
  principal_per_unit: string;
  call_id: string | null;
  status: DebtPaymentStatus;
  dividend_id: string | null;
  funding_warned_at: Date | null;
  /** staff were alerted that a burn batch failed for good (cleared by a retry) */
  burn_failed_at: Date | null;
  /** the member of staff who asked to retry the failed burns; another approves (four eyes) */
  burn_retry_requested_by: string | null;
  burn_retry_requested_at: Date | null;
  paid_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type DebtPayment = Selectable<DebtPaymentsTable>;

/** One holder's redeemed units in a burn batch. */
export interface BurnHolder {
  user_id: string;
  quantity: number;
}

export interface DebtBurnBatchesTable {
  id: string;
  payment_id: string;
  holders: ColumnType<BurnHolder[], string, string>;
  status: Defaulted<BurnBatchStatus>;
  claim_id: string | null;
  due_at: Date | null;
  attempts: Defaulted<number>;
  waits: Defaulted<number>;
  error: string | null;
  tx_hash: string | null;
  /** which idempotency key the batch goes under: a new round after a reverted transaction */
  key_round: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type DebtBurnBatch = Selectable<DebtBurnBatchesTable>;

export interface DebtTables {
  debt_terms: DebtTermsTable;
  debt_calls: DebtCallsTable;
  debt_payments: DebtPaymentsTable;
  debt_burn_batches: DebtBurnBatchesTable;
}

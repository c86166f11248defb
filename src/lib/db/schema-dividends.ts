/** Table types of dividends: declarations, their payments and chain batches, other-currency balances. */
import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const dividendTypes = ['fiat', 'stablecoin', 'token'] as const;
export type DividendType = (typeof dividendTypes)[number];
export const dividendStatuses = [
  'draft',
  'pending_approval',
  'approved',
  'distributing',
  'distributed',
  'cancelled',
] as const;
export type DividendStatus = (typeof dividendStatuses)[number];
export const dividendPaymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type DividendPaymentStatus = (typeof dividendPaymentStatuses)[number];
export type ChainBatchStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface DividendDeclarationsTable {
  id: string;
  token_id: string;
  issuer_id: string;
  dividend_type: DividendType;
  per_token_usd: string | null;
  per_token_qty: number | null;
  fee_pct: string;
  /** tokens held by the snapshot's holders */
  total_held: number;
  total_gross_usd: string;
  total_fee_usd: string;
  total_net_usd: string;
  remainder_usd: string;
  total_quantity: Defaulted<number>;
  held_usd: Defaulted<string>;
  held_quantity: Defaulted<number>;
  holder_count: number;
  record_date: Date;
  payment_date: Date;
  /** when the holders were counted: at declaration, or once the record date passed (null until) */
  snapshot_at: Date | null;
  status: DividendStatus;
  submitted_at: Date | null;
  approved_by: string | null;
  approved_at: Date | null;
  distribution_started_by: string | null;
  distribution_started_at: Date | null;
  distributed_at: Date | null;
  cancelled_by: string | null;
  cancelled_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DividendPaymentsTable {
  id: string;
  dividend_id: string;
  user_id: string;
  token_balance: number;
  gross_amount: string;
  fee_amount: string;
  net_amount: string;
  /** tokens paid (token dividends) */
  quantity: Defaulted<number>;
  status: DividendPaymentStatus;
  failure_reason: string | null;
  attempts: Defaulted<number>;
  paid_at: Date | null;
  chain_batch_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DividendChainBatchesTable {
  id: string;
  dividend_id: string;
  status: Defaulted<ChainBatchStatus>;
  attempts: Defaulted<number>;
  /** the job's fencing token, due time and transient waits (src/lib/worker/job-queue.ts) */
  claim_id: string | null;
  due_at: Date | null;
  waits: Defaulted<number>;
  tx_hash: string | null;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserBalancesTable {
  user_id: string;
  currency: string;
  balance: string;
  updated_at: UpdatedAt;
}

export interface BalanceLedgerTable {
  id: string;
  user_id: string;
  currency: string;
  kind: string;
  /** signed: credit positive, debit negative */
  amount: string;
  balance_after: string;
  reference_type: string;
  reference_id: string;
  created_at: CreatedAt;
}

export interface DividendTables {
  dividend_declarations: DividendDeclarationsTable;
  dividend_payments: DividendPaymentsTable;
  dividend_chain_batches: DividendChainBatchesTable;
  user_balances: UserBalancesTable;
  balance_ledger: BalanceLedgerTable;
}

export type DividendDeclaration = Selectable<DividendDeclarationsTable>;
export type DividendPayment = Selectable<DividendPaymentsTable>;
export type DividendChainBatch = Selectable<DividendChainBatchesTable>;

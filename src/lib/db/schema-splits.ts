/** Table types of share splits and consolidations (migration 0065, docs/corporate-actions.md). */
import type { ColumnType, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * proposed: awaits staff; rejected; approved: waits for its effective moment; halting: trading
 * halted, open orders being cancelled; scaling: holders being scaled; done; failed: it could not
 * start (the issuer could not pay the cash in lieu), trading resumed and nobody scaled.
 */
export const splitStatuses = [
  'proposed',
  'rejected',
  'approved',
  'halting',
  'scaling',
  'done',
  'failed',
] as const;
export type SplitStatus = (typeof splitStatuses)[number];

/** The split's job (src/lib/worker/job-queue.ts): idle until approved, then ready until done. */
export const splitJobStates = ['idle', 'ready', 'running', 'failed'] as const;
export type SplitJobState = (typeof splitJobStates)[number];

/** pending: not scaled yet; scaled: the database scaled it and its chain batch is fixed. */
export const splitHolderStatuses = ['pending', 'scaled'] as const;
export type SplitHolderStatus = (typeof splitHolderStatuses)[number];

export interface ShareSplitsTable {
  id: string;
  token_id: string;
  /** the business owner who proposed it: who pays the cash in lieu */
  issuer_id: string;
  /** the issuer, or staff on its behalf */
  proposed_by: string;
  /** ratio_new new tokens for every ratio_old old ones: 2:1 is a split, 1:10 a consolidation */
  ratio_new: number;
  ratio_old: number;
  effective_at: Date;
  reason: string;
  status: SplitStatus;
  decided_by: string | null;
  decided_at: Date | null;
  /** the price fractions are paid at, per old token, and where it came from */
  reference_price: string | null;
  reference_source: 'last_trade' | 'nav' | 'offering' | null;
  holder_count: Defaulted<number>;
  holders_scaled: Defaulted<number>;
  /** taken from the issuer when scaling starts, paid out to the holders batch by batch */
  cash_total: Defaulted<string>;
  cash_paid: Defaulted<string>;
  /** why it failed (it could not start) */
  error: string | null;
  /** the job's last failed attempt */
  job_error: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  job_state: Defaulted<SplitJobState>;
  claim_id: string | null;
  due_at: Date | null;
  attempts: Defaulted<number>;
  waits: Defaulted<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One holder of a split: what it held, what it holds after, and its cash in lieu. */
export interface ShareSplitHoldersTable {
  split_id: string;
  user_id: string;
  old_balance: number;
  new_balance: number;
  old_locked: number;
  new_locked: number;
  old_frozen: number;
  new_frozen: number;
  cash_in_lieu: string;
  status: SplitHolderStatus;
  /** the chain batch that carries its change (null while pending, or when nothing changes) */
  batch_no: number | null;
}

/** The chain calls of a split: one per batch of holders, keyed `split:<id>:<batch_no>`. */
export interface ShareSplitBatchesTable {
  split_id: string;
  batch_no: number;
  status: 'pending' | 'sent';
  tx_hash: string | null;
}

export interface SplitTables {
  share_splits: ShareSplitsTable;
  share_split_holders: ShareSplitHoldersTable;
  share_split_batches: ShareSplitBatchesTable;
}

export type ShareSplit = Selectable<ShareSplitsTable>;
export type ShareSplitHolder = Selectable<ShareSplitHoldersTable>;

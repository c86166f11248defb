/**
 * Table types of the token agent's actions (migrations 0019 and 0024, docs/compliance.md "Agent
 * actions").
 */
import type { ColumnType, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const agentActionKinds = [
  'freeze_address',
  'unfreeze_address',
  'freeze_units',
  'unfreeze_units',
  'pause',
  'unpause',
  'forced_transfer',
  'revoke_verification',
  'recover_wallet',
] as const;
export type AgentActionKind = (typeof agentActionKinds)[number];

/**
 * proposed: awaits an admin's approval; rejected: an admin refused it; pending: decided, its chain
 * call waits for the worker; done; failed: the worker's attempts are spent (staff may retry).
 */
export const agentActionStatuses = ['proposed', 'rejected', 'pending', 'done', 'failed'] as const;
export type AgentActionStatus = (typeof agentActionStatuses)[number];

/** How a recovering investor proved their identity again: a new KYC check, or staff's review. */
export const identityChecks = ['kyc', 'staff_review'] as const;
export type IdentityCheck = (typeof identityChecks)[number];

export interface AgentActionsTable {
  id: string;
  kind: AgentActionKind;
  token_id: string | null;
  /** the holder acted on (the sender of a forced transfer) */
  user_id: string | null;
  /** the receiver of a forced transfer */
  to_user_id: string | null;
  /** whole tokens, for partial freezes and forced transfers */
  quantity: number | null;
  reason: string;
  /** the order's document reference (court, regulator), or staff's own reference */
  reference: string | null;
  status: AgentActionStatus;
  /** a recovery's lost address (kept for good) and the new one the investor proved */
  old_address: ColumnType<string | null, string | null | undefined, string | null>;
  new_address: ColumnType<string | null, string | null | undefined, string | null>;
  identity_check: ColumnType<IdentityCheck | null, IdentityCheck | null | undefined, never>;
  proposed_by: string;
  decided_by: string | null;
  decided_at: Date | null;
  /** the chain job's fencing token, due time and attempts (src/lib/worker/job-queue.ts) */
  chain_claim_id: string | null;
  chain_due_at: Date | null;
  chain_attempts: Defaulted<number>;
  /** transient chain failures in a row (src/lib/worker/chain-retry.ts) */
  chain_waits: Defaulted<number>;
  chain_error: string | null;
  tx_hash: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The new address an investor who lost their key proved by its signature (one per investor). */
export interface WalletRecoveryAddressesTable {
  user_id: string;
  address: string;
  linked_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AgentActionTables {
  agent_actions: AgentActionsTable;
  wallet_recovery_addresses: WalletRecoveryAddressesTable;
}

export type AgentAction = Selectable<AgentActionsTable>;

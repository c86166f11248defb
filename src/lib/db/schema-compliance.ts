/** Table types of the tokens' compliance rules (migration 0015). */
import type { ColumnType, Selectable } from 'kysely';
import type { ChainSync } from './schema-issuance.js';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface TokenComplianceRulesTable {
  id: string;
  token_id: string;
  /** ISO 3166-1 numeric; null: any country */
  allowed_countries: number[] | null;
  blocked_countries: Defaulted<number[]>;
  max_balance_units: number | null;
  max_balance_pct: string | null;
  max_holders: number | null;
  max_holders_per_country: number | null;
  lock_up_until: Date | null;
  lock_up_days: number | null;
  supply_cap: number | null;
  /** bumped at every change; part of the chain call's idempotency key */
  version: Defaulted<number>;
  chain_sync: Defaulted<ChainSync>;
  /** the job's fencing token, due time and attempts (src/lib/worker/job-queue.ts) */
  chain_sync_claim_id: string | null;
  chain_sync_due_at: Date | null;
  chain_sync_attempts: Defaulted<number>;
  /** transient chain failures in a row (src/lib/worker/chain-retry.ts) */
  chain_sync_waits: Defaulted<number>;
  chain_sync_error: string | null;
  updated_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ComplianceTables {
  token_compliance_rules: TokenComplianceRulesTable;
}

export type TokenComplianceRulesRow = Selectable<TokenComplianceRulesTable>;

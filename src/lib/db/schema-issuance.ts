/** Table types of issuance: tokens, offering rounds, allocations, token wallets, the fiat ledger. */
import type { ColumnType, Selectable } from 'kysely';
import type { TokenTradingColumns } from './schema-trading.js';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const tokenStatuses = [
  'draft',
  'primary',
  'secondary',
  'paused',
  'matured',
  'delisted',
] as const;
export type TokenStatus = (typeof tokenStatuses)[number];
export type TradingMode = 'primary_subscription' | 'full_orderbook' | 'fixed_price_otc';
/** Whether the contract's paused flag still has to follow the token's status. */
export type ChainSync = 'synced' | 'pending' | 'failed';

export interface TokensTable extends TokenTradingColumns {
  id: string;
  business_id: string;
  name: string;
  symbol: string;
  decimals: number;
  status: Defaulted<TokenStatus>;
  trading_mode: Defaulted<TradingMode>;
  total_supply: number;
  primary_offering_pct: string;
  team_pct: string;
  reserve_pct: string;
  price_per_token: string;
  min_investment: string;
  raise_currency: string;
  tick_size: Defaulted<string>;
  /** quantity held by pending_payment and confirmed primary allocations */
  tokens_reserved: Defaulted<number>;
  tokens_sold: Defaulted<number>;
  total_raised: Defaulted<string>;
  primary_start: Date | null;
  primary_end: Date | null;
  maturity_date: Date | null;
  contract_address: string | null;
  identity_registry_addr: string | null;
  deploy_tx_hash: string | null;
  chain_sync: Defaulted<ChainSync>;
  /** bumped at every status change that the contract must follow; part of the chain call's idempotency key */
  chain_sync_version: Defaulted<number>;
  chain_sync_error: string | null;
  /** the job's fencing token, due time and attempts (src/lib/worker/job-queue.ts) */
  chain_sync_claim_id: string | null;
  chain_sync_due_at: Date | null;
  chain_sync_attempts: Defaulted<number>;
  /** transient chain failures in a row (src/lib/worker/chain-retry.ts) */
  chain_sync_waits: Defaulted<number>;
  success_fee: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OfferingRoundsTable {
  id: string;
  token_id: string;
  name: string;
  starts_at: Date;
  ends_at: Date;
  price_per_token: string | null;
  max_quantity: number;
  quantity_reserved: Defaulted<number>;
  created_by: string;
  created_at: CreatedAt;
}

/** team and reserve: the issuer's own shares, allocated at go-live */
export type AllocationType = 'primary' | 'secondary' | 'airdrop' | 'go_live' | 'team' | 'reserve';
export type AllocationStatus = 'pending_payment' | 'confirmed' | 'rejected';
export type OnChainStatus = 'pending' | 'minting' | 'minted' | 'failed';

export interface TokenAllocationsTable {
  id: string;
  token_id: string;
  user_id: string;
  round_id: string | null;
  quantity: number;
  /** fiat paid (held from the subscriber until confirmed or refunded) */
  amount: string;
  price_per_token: string;
  allocation_type: AllocationType;
  status: AllocationStatus;
  on_chain_status: Defaulted<OnChainStatus>;
  on_chain_tx_hash: string | null;
  on_chain_error: string | null;
  on_chain_attempts: Defaulted<number>;
  /** the mint job's fencing token and due time (src/lib/worker/job-queue.ts) */
  on_chain_claim_id: string | null;
  on_chain_due_at: Date | null;
  /** transient chain failures in a row (src/lib/worker/chain-retry.ts) */
  on_chain_waits: Defaulted<number>;
  /** units under a lock-up of their own until then (the issuer's shares), whatever the token's rule */
  locked_until: Defaulted<Date | null>;
  wallet_transaction_id: string | null;
  confirmed_by: string | null;
  confirmed_at: Date | null;
  rejected_by: string | null;
  rejected_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WalletsTable {
  id: string;
  user_id: string;
  token_id: string;
  balance: Defaulted<number>;
  locked_balance: Defaulted<number>;
  /** set by the token's agent: the address may neither send nor receive (migration 0019) */
  address_frozen: Defaulted<boolean>;
  /** units the token's agent froze: they cannot be sold */
  frozen_quantity: Defaulted<number>;
  /** raised by a trigger at every update (migration 0071) */
  trading_version: ColumnType<number, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type WalletTransactionType =
  'token_buy' | 'token_sell' | 'dividend' | 'go_live' | 'refund' | 'forced_transfer';
export interface WalletTransactionsTable {
  id: string;
  user_id: string;
  token_id: string;
  type: WalletTransactionType;
  status: 'pending' | 'completed' | 'cancelled';
  quantity: number;
  amount: string;
  reference_type: string | null;
  reference_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FiatLedgerTable {
  id: string;
  user_id: string;
  kind: string;
  /** signed: credit positive, debit negative */
  amount: string;
  balance_after: string;
  reference_type: string;
  reference_id: string;
  created_at: CreatedAt;
}

export interface IssuanceTables {
  tokens: TokensTable;
  offering_rounds: OfferingRoundsTable;
  token_allocations: TokenAllocationsTable;
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  fiat_ledger: FiatLedgerTable;
}

export type Token = Selectable<TokensTable>;
export type OfferingRound = Selectable<OfferingRoundsTable>;
export type TokenAllocation = Selectable<TokenAllocationsTable>;
export type Wallet = Selectable<WalletsTable>;
export type FiatLedgerEntry = Selectable<FiatLedgerTable>;

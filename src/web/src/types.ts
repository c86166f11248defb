/** The API's resource shapes the client reads (snake_case, money as decimal strings). */
export type Role = 'investor' | 'issuer' | 'staff' | 'admin';

export interface Me {
  id: string;
  email: string;
  role: Role;
  account_type: 'individual' | 'corporate' | null;
  full_name: string | null;
  kyc_status: string;
  kyc_level: number;
  /** the investor's classification in force (their limits); null before KYC */
  accreditation_status: 'retail' | 'professional' | 'institutional' | null;
  kyb_status: string | null;
  fiat_balance: string;
  wallet_address: string | null;
  /** the account must replace a password it was given before anything else */
  password_change_required: boolean;
  /** the user followed the link emailed at sign-up (needed to move money or trade) */
  email_verified: boolean;
}

export type Permission = { allowed: boolean; missing: string | null };
export type Permissions = Record<string, Permission>;

export interface KycApplication {
  id: string;
  status: string;
  verification_provider: string;
  full_name: string;
  nationality: string;
  rejection_reason: string | null;
  review_notes: string | null;
  /** staff revoked the approval (their reason is never sent to the applicant) */
  revoked_at: string | null;
  can_resubmit: boolean;
}

/** Where the latest application stands (a provider application: the provider's live state). */
export type KycStage = 'created' | 'documents_pending' | 'submitted' | 'in_review' | 'decided';

export interface KycStatus {
  status: string;
  kyc_level: number;
  can_submit: boolean;
  application: KycApplication | null;
  stage: KycStage | null;
}

export interface Business {
  id: string;
  name: string;
  registration_number: string;
  country: string;
  industry: string | null;
  status: string;
  kyb_status: string;
}

export interface KybOwner {
  first_name: string;
  last_name: string;
  ownership_pct: string;
  role: string;
  kyc_status: string;
}

export interface KybApplication {
  id: string;
  business_id: string;
  business_name: string;
  status: string;
  kyb_status: string;
  verification_provider: string;
  rejection_reason: string | null;
  owners: KybOwner[];
  created_at: string;
}

export interface Token {
  id: string;
  business_id: string;
  name: string;
  symbol: string;
  status: string;
  trading_mode: string;
  total_supply: number;
  price_per_token: string;
  min_investment: string;
  tick_size: string;
  primary_supply: number;
  tokens_available: number;
  tokens_sold: number;
  total_raised: string;
  primary_start: string | null;
  primary_end: string | null;
  contract_address: string | null;
  chain_sync: string;
  /** taken from the issuer at go-live */
  success_fee?: string | null;
  /** the fee on each trade's total, paid by the seller */
  trading_fee_bps: number;
}

export interface Round {
  id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  price_per_token: string | null;
  max_quantity: number;
  quantity_reserved: number;
}

/** A person as staff lists name them (`user` of a staff list's rows). */
export interface UserRef {
  id: string;
  email: string;
  full_name: string | null;
}

export interface Allocation {
  id: string;
  token_id: string;
  user_id?: string;
  user?: UserRef | null;
  symbol?: string;
  quantity: number;
  amount: string;
  price_per_token: string;
  status: string;
  on_chain_status: string;
  on_chain_error: string | null;
  created_at: string;
}

export interface Portfolio {
  fiat_balance: string;
  fiat_held_withdrawals: string;
  fiat_held_subscriptions: string;
  trading_fees_paid: string;
  wallet_address: string | null;
  wallet_custody: 'custodial' | 'self' | null;
  wallets: {
    token_id: string;
    symbol: string;
    name: string;
    status: string;
    contract_address: string | null;
    balance: number;
    locked_balance: number;
    /** the token's agent froze the holding, or some of its units */
    address_frozen: boolean;
    frozen_quantity: number;
  }[];
  allocations: Allocation[];
  /** other currencies, e.g. USDC from stablecoin dividends */
  balances: { currency: string; balance: string }[];
  /** the latest 20 dividends paid to you */
  dividends: DividendReceived[];
}

export interface FiatRequest {
  id: string;
  user_id: string;
  email?: string;
  amount: string;
  status: string;
  decision_reason: string | null;
  /** deposits: the reference the investor quotes on the bank transfer */
  payment_reference: string | null;
  /** the bank's reference of the transfer staff matched or made */
  bank_reference: string | null;
  /** withdrawals: the bank account it is paid to (whole for staff, last four for its owner) */
  bank_account: Payee | null;
  created_at: string;
}

export interface Payee {
  holder_name: string;
  account: string;
  bank_code: string | null;
  country: string;
  verified: boolean;
  holder_is_investor?: boolean;
}

/** GET /fiat/bank-account's account: the number shown by its last four characters. */
export interface BankAccount {
  id: string;
  holder_name: string;
  scheme: 'iban' | 'local';
  account: string;
  bank_code: string | null;
  country: string;
  verified_at: string | null;
  created_at: string;
}

export interface LedgerRow {
  id: string;
  kind: string;
  amount: string;
  balance_after: string;
  created_at: string;
}

/** Dividends (docs/dividends.md). */
export interface Dividend {
  id: string;
  token_id: string;
  dividend_type: 'fiat' | 'stablecoin' | 'token';
  per_token_usd: string | null;
  per_token_qty: number | null;
  fee_pct: string;
  total_held: number;
  total_gross_usd: string;
  total_fee_usd: string;
  total_net_usd: string;
  total_quantity: number;
  held_usd: string;
  holder_count: number;
  record_date: string;
  ex_date: string;
  payment_date: string;
  snapshot_at: string | null;
  status: string;
  created_at: string;
}

export interface DividendPayment {
  id: string;
  user_id: string;
  user?: UserRef | null;
  token_balance: number;
  net_amount: string;
  fee_amount: string;
  quantity: number;
  status: string;
  failure_reason: string | null;
  paid_at: string | null;
  chain_status: string | null;
  chain_error: string | null;
}

/** A dividend paid to the portfolio's owner (GET /portfolio `dividends`). */
export interface DividendReceived {
  id: string;
  token_id: string;
  symbol: string;
  dividend_type: string;
  net_amount: string;
  quantity: number;
  status: string;
  paid_at: string | null;
}

/** A user as staff list them (GET /admin/users). */
export interface UserRow extends Me {
  is_activated: boolean;
  created_at: string;
}

/** Settlement dashboard (trading process, docs/settlement.md). */
export interface FailedTrade {
  id: string;
  token_id: string;
  buyer_id: string;
  seller_id: string;
  quantity: number;
  price: string;
  settlement_attempts: number;
  settlement_error: string | null;
  failed_at: string;
}

export interface Reconciliation {
  generated_at: string;
  tokens: {
    token_id: string;
    symbol: string;
    holders: number;
    in_flight_trades: number;
    database_total: string;
    chain_total_supply: string;
  }[];
  mismatches: {
    token_id: string;
    symbol: string;
    kind: string;
    user_id: string | null;
    wallet_address: string | null;
    database: string | null;
    chain: string | null;
  }[];
}

/** A token's trading settings and circuit-breaker halt (trading process). */
export interface TradingSettings {
  token_id: string;
  fee_bps: number;
  fat_finger_mode: string;
  fat_finger_factor: string;
  circuit_breaker_pct: string;
  circuit_breaker_window_seconds: number;
  halt_seconds: number;
  nav_deviation_pct: string;
  halted_until: string | null;
  last_price: string | null;
}

/** A token agent's action (docs/compliance.md "Agent actions"). */
export interface AgentAction {
  id: string;
  kind: string;
  token_id: string | null;
  user_id: string | null;
  to_user_id: string | null;
  quantity: number | null;
  reason: string;
  reference: string | null;
  old_address: string | null;
  new_address: string | null;
  identity_check: 'kyc' | 'staff_review' | null;
  status: 'proposed' | 'rejected' | 'pending' | 'done' | 'failed';
  proposed_by: string;
  decided_by: string | null;
  decided_at: string | null;
  chain_error: string | null;
  tx_hash: string | null;
  created_at: string;
  /** the people of the ids above, by name */
  holder: UserRef | null;
  receiver: UserRef | null;
  proposer: UserRef | null;
  decider: UserRef | null;
}

/** GET /api/v1/wallet/recovery */
export interface WalletRecovery {
  wallet_address: string | null;
  new_address: string | null;
  linked_at: string | null;
  recovery: {
    id: string;
    status: AgentAction['status'];
    old_address: string;
    new_address: string;
    created_at: string;
    decided_at: string | null;
  } | null;
}

/** Splits and consolidations (docs/corporate-actions.md). */
export interface Split {
  id: string;
  token_id: string;
  symbol: string;
  kind: 'split' | 'consolidation';
  ratio: string;
  ratio_new: number;
  ratio_old: number;
  effective_at: string;
  reason: string;
  status: 'proposed' | 'rejected' | 'approved' | 'halting' | 'scaling' | 'done' | 'failed';
  proposed_by: string;
  decided_by: string | null;
  decided_at: string | null;
  reference_price: string | null;
  reference_source: 'last_trade' | 'nav' | 'offering' | null;
  holder_count: number;
  holders_scaled: number;
  batches: number;
  batches_sent: number;
  cash_total: string;
  cash_paid: string;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
}

/** A debt token's terms, schedule and calls (GET /api/v1/tokens/:id/debt). */
export interface DebtTermsView {
  face_value: string;
  coupon_rate_pct: string;
  frequency: 'annual' | 'semi_annual' | 'quarterly' | 'monthly';
  day_count: '30_360' | 'act_365' | 'act_act';
  first_coupon_date: string;
  maturity_date: string;
  record_days: number;
}

export interface DebtPaymentView {
  id: string;
  number: number;
  kind: 'coupon' | 'redemption';
  accrual_start: string;
  record_date: string;
  payment_date: string;
  coupon_per_unit: string;
  principal_per_unit: string;
  status: string;
  dividend_id: string | null;
  funding_short: boolean;
}

export interface DebtCallView {
  id: string;
  token_id: string;
  call_date: string;
  status: 'pending_approval' | 'approved' | 'rejected';
  requested_by: string;
  decided_by: string | null;
  created_at: string;
}

export interface DebtSchedule {
  token_id: string;
  terms: DebtTermsView;
  accrued_interest_per_unit: string;
  payments: DebtPaymentView[];
  calls: DebtCallView[];
}

/** A holder's coupon or redemption (GET /api/v1/debt-payments). */
export interface HolderDebtPayment {
  id: string;
  token_id: string;
  symbol: string;
  number: number;
  kind: 'coupon' | 'redemption';
  record_date: string;
  payment_date: string;
  coupon_per_unit: string;
  principal_per_unit: string;
  status: string;
  units: number | null;
  amount: string | null;
}

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
  kyb_status: string | null;
  fiat_balance: string;
  wallet_address: string | null;
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
  can_resubmit: boolean;
}

export interface KycStatus {
  status: string;
  kyc_level: number;
  can_submit: boolean;
  application: KycApplication | null;
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

export interface Allocation {
  id: string;
  token_id: string;
  user_id?: string;
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
  }[];
  allocations: Allocation[];
}

export interface FiatRequest {
  id: string;
  user_id: string;
  email?: string;
  amount: string;
  status: string;
  decision_reason: string | null;
  created_at: string;
}

export interface LedgerRow {
  id: string;
  kind: string;
  amount: string;
  balance_after: string;
  created_at: string;
}

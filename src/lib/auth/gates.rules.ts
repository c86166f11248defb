/**
 * The verification matrix of DECISIONS.md "Access" as one pure function. Unverified users are
 * read-only; individual investors need KYC; corporate investors and issuers act for a company and
 * need its KYB as well. Registering a business needs KYC at level 2 or more. Moving money or
 * securities (deposit, withdraw, subscribe, trade) needs a verified email address first.
 */
import type { AccountType, Role, VerificationStatus } from '../db/schema.js';

export const gatedActions = [
  'view_portfolio',
  'place_orders',
  'subscribe',
  'move_fiat',
  'withdraw_fiat',
  'receive_dividends',
  'register_business',
  'issuer_actions',
] as const;
export type GatedAction = (typeof gatedActions)[number];

export interface VerificationState {
  role: Role;
  account_type: AccountType | null;
  kyc_status: VerificationStatus;
  kyc_level: number;
  /** the user's company passed KYB (corporate investors, issuers) */
  kyb_approved: boolean;
  /** staff revoked the user's verification (absent where it cannot matter: placing orders) */
  kyc_revoked?: boolean;
  /** the user followed the link sent to their address (absent: not asked, as for dividends) */
  email_verified?: boolean;
}

export type GateRefusal =
  'EMAIL_NOT_VERIFIED' | 'KYC_REQUIRED' | 'KYB_REQUIRED' | 'KYC_LEVEL_TOO_LOW' | 'FORBIDDEN_ROLE';

const investorActions: ReadonlySet<GatedAction> = new Set(['place_orders', 'subscribe']);
/** What moves money or securities: it waits for a verified email address (a way to reach the user). */
const needVerifiedEmail: ReadonlySet<GatedAction> = new Set([
  'place_orders',
  'subscribe',
  'move_fiat',
  'withdraw_fiat',
]);
/**
 * What a user whose verification staff revoked still may do: read what they hold and ask for
 * their money back (each withdrawal waits for an admin's decision anyway).
 */
const afterRevocation: ReadonlySet<GatedAction> = new Set(['view_portfolio', 'withdraw_fiat']);

/** Why `state` may not do `action`, or undefined when it may. */
export function gateRefusal(
  state: VerificationState,
  action: GatedAction,
): GateRefusal | undefined {
  if (state.role !== 'investor' && state.role !== 'issuer') return 'FORBIDDEN_ROLE';
  if (investorActions.has(action) && state.role !== 'investor') return 'FORBIDDEN_ROLE';
  if (action === 'issuer_actions' && state.role !== 'issuer') return 'FORBIDDEN_ROLE';
  if (state.email_verified === false && needVerifiedEmail.has(action)) return 'EMAIL_NOT_VERIFIED';
  if (state.kyc_status !== 'approved') {
    return state.kyc_revoked && afterRevocation.has(action) ? undefined : 'KYC_REQUIRED';
  }
  if (action === 'register_business') return state.kyc_level >= 2 ? undefined : 'KYC_LEVEL_TOO_LOW';
  if (action === 'view_portfolio') return undefined;
  const actsForCompany = state.role === 'issuer' || state.account_type === 'corporate';
  return actsForCompany && !state.kyb_approved ? 'KYB_REQUIRED' : undefined;
}

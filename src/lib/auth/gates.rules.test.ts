import { describe, expect, it } from 'vitest';
import {
  gateRefusal,
  gatedActions,
  type GatedAction,
  type VerificationState,
} from './gates.rules.js';

const individual = (over: Partial<VerificationState> = {}): VerificationState => ({
  role: 'investor',
  account_type: 'individual',
  kyc_status: 'none',
  kyc_level: 0,
  kyb_approved: false,
  ...over,
});
const corporate = (over: Partial<VerificationState> = {}) =>
  individual({ account_type: 'corporate', ...over });
const issuer = (over: Partial<VerificationState> = {}) =>
  individual({ role: 'issuer', account_type: 'corporate', ...over });
const kyc = { kyc_status: 'approved', kyc_level: 2 } as const;
/** staff revoked the approval: KYC rejected, an application marked revoked */
const revoked = { kyc_status: 'rejected', kyc_level: 2, kyc_revoked: true } as const;

// DECISIONS.md "Access": one row per action, columns No KYC / KYC approved / KYC + KYB approved.
const matrix: Record<GatedAction, Record<string, [VerificationState, string | undefined][]>> = {
  view_portfolio: {
    all: [
      [individual(), 'KYC_REQUIRED'],
      [individual(kyc), undefined],
      [corporate(kyc), undefined],
      [issuer(kyc), undefined],
      [individual({ kyc_status: 'rejected' }), 'KYC_REQUIRED'],
      [individual(revoked), undefined],
      [corporate(revoked), undefined],
    ],
  },
  place_orders: {
    all: [
      [individual(), 'KYC_REQUIRED'],
      [individual(kyc), undefined],
      [corporate(kyc), 'KYB_REQUIRED'],
      [corporate({ ...kyc, kyb_approved: true }), undefined],
      [issuer({ ...kyc, kyb_approved: true }), 'FORBIDDEN_ROLE'],
      [individual(revoked), 'KYC_REQUIRED'],
    ],
  },
  subscribe: {
    all: [
      [individual(), 'KYC_REQUIRED'],
      [individual(kyc), undefined],
      [corporate(kyc), 'KYB_REQUIRED'],
      [corporate({ ...kyc, kyb_approved: true }), undefined],
    ],
  },
  move_fiat: {
    all: [
      [individual(), 'KYC_REQUIRED'],
      [individual(kyc), undefined],
      [corporate(kyc), 'KYB_REQUIRED'],
      [issuer({ ...kyc, kyb_approved: true }), undefined],
      [individual(revoked), 'KYC_REQUIRED'],
    ],
  },
  withdraw_fiat: {
    all: [
      [individual(), 'KYC_REQUIRED'],
      [individual(kyc), undefined],
      [corporate(kyc), 'KYB_REQUIRED'],
      [issuer({ ...kyc, kyb_approved: true }), undefined],
      [individual(revoked), undefined],
      [corporate(revoked), undefined],
    ],
  },
  receive_dividends: {
    all: [
      [individual({ kyc_status: 'pending' }), 'KYC_REQUIRED'],
      [individual(kyc), undefined],
      [corporate({ ...kyc, kyb_approved: true }), undefined],
    ],
  },
  register_business: {
    all: [
      [issuer(), 'KYC_REQUIRED'],
      [issuer({ kyc_status: 'approved', kyc_level: 1 }), 'KYC_LEVEL_TOO_LOW'],
      [issuer(kyc), undefined],
      [corporate(kyc), undefined],
    ],
  },
  issuer_actions: {
    all: [
      [issuer(), 'KYC_REQUIRED'],
      [issuer(kyc), 'KYB_REQUIRED'],
      [issuer({ ...kyc, kyb_approved: true }), undefined],
      [corporate({ ...kyc, kyb_approved: true }), 'FORBIDDEN_ROLE'],
    ],
  },
};

describe('gateRefusal', () => {
  for (const action of gatedActions) {
    it.each(matrix[action].all!)(`${action}: %o -> %s`, (state, expected) => {
      expect(gateRefusal(state, action)).toBe(expected);
    });
  }

  it('never lets staff or admins through an investor or issuer gate', () => {
    for (const action of gatedActions) {
      expect(gateRefusal(individual({ ...kyc, role: 'admin', kyb_approved: true }), action)).toBe(
        'FORBIDDEN_ROLE',
      );
    }
  });

  it('asks a verified email address before money or securities move, and nothing else', () => {
    const unverified = individual({ ...kyc, email_verified: false });
    const moving = ['place_orders', 'subscribe', 'move_fiat', 'withdraw_fiat'];
    for (const action of gatedActions) {
      const expected = moving.includes(action)
        ? 'EMAIL_NOT_VERIFIED'
        : gateRefusal(individual(kyc), action);
      expect(gateRefusal(unverified, action), action).toBe(expected);
    }
    // before KYC too: the address is the first step
    expect(gateRefusal(individual({ email_verified: false }), 'move_fiat')).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    expect(gateRefusal(individual({ ...kyc, email_verified: true }), 'move_fiat')).toBeUndefined();
  });
});

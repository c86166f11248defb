import { describe, expect, it } from 'vitest';
import {
  assertIdentityReproven,
  assertInputFits,
  assertMayDecide,
  assertNewAddress,
  frozenAfter,
  needsApproval,
  senderFrozenAfterTransfer,
} from './agent-actions.rules.js';

const wallet = (balance: number, locked: number, frozen: number) => ({
  balance,
  locked,
  frozen,
  addressFrozen: false,
});
const code = (work: () => unknown) => {
  try {
    work();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('agent action rules', () => {
  it('freezes at most the units held and unfreezes at most the units frozen', () => {
    expect(frozenAfter(wallet(10, 6, 0), 10, true)).toBe(10);
    expect(code(() => frozenAfter(wallet(10, 0, 4), 7, true))).toBe('INSUFFICIENT_TOKENS');
    expect(frozenAfter(wallet(10, 0, 4), 4, false)).toBe(0);
    expect(code(() => frozenAfter(wallet(10, 0, 4), 5, false))).toBe('FROZEN_UNITS_EXCEEDED');
  });

  it('takes a forced transfer from the free units first, then unfreezes what it must', () => {
    expect(senderFrozenAfterTransfer(wallet(10, 0, 4), 6)).toBe(4);
    expect(senderFrozenAfterTransfer(wallet(10, 0, 8), 3)).toBe(7);
    expect(senderFrozenAfterTransfer(wallet(10, 0, 10), 10)).toBe(0);
    // units held by open sells belong to the trading process
    expect(code(() => senderFrozenAfterTransfer(wallet(10, 8, 0), 3))).toBe('INSUFFICIENT_TOKENS');
  });

  it('needs another admin to decide, and the members each kind names', () => {
    expect(code(() => assertMayDecide('a', 'a'))).toBe('FOUR_EYES_REQUIRED');
    expect(code(() => assertMayDecide('a', 'b'))).toBeNull();
    expect(code(() => assertInputFits({ kind: 'pause', token_id: 't' }))).toBeNull();
    expect(code(() => assertInputFits({ kind: 'pause', token_id: 't', user_id: 'u' }))).toBe(
      'VALIDATION_FAILED',
    );
    const transfer = {
      kind: 'forced_transfer',
      token_id: 't',
      user_id: 'u',
      to_user_id: 'v',
      quantity: 1,
    } as const;
    expect(code(() => assertInputFits(transfer))).toBe('VALIDATION_FAILED');
    expect(code(() => assertInputFits({ ...transfer, reference: 'CFI-1' }))).toBeNull();
    expect(code(() => assertInputFits({ ...transfer, to_user_id: 'u', reference: 'CFI-1' }))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('recovers a wallet only with four eyes, a new address and the identity proven again', () => {
    expect(needsApproval('recover_wallet')).toBe(true);
    expect(needsApproval('freeze_units')).toBe(false);
    const recovery = { kind: 'recover_wallet', user_id: 'u' } as const;
    expect(code(() => assertInputFits(recovery))).toBe('VALIDATION_FAILED');
    expect(code(() => assertInputFits({ ...recovery, identity_check: 'kyc' }))).toBeNull();
    expect(code(() => assertInputFits({ ...recovery, identity_check: 'staff_review' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      code(() => assertInputFits({ ...recovery, identity_check: 'staff_review', reference: 'r' })),
    ).toBeNull();
    expect(
      code(() => assertInputFits({ kind: 'pause', token_id: 't', identity_check: 'kyc' })),
    ).toBe('VALIDATION_FAILED');

    expect(code(() => assertNewAddress('0xAbC', '0xabc'))).toBe('RECOVERY_SAME_ADDRESS');
    expect(code(() => assertNewAddress('0xabc', '0xabd'))).toBeNull();

    const linked = new Date('2026-11-26T10:00:00Z');
    const approved = (at: string | null) => ({
      kyc_status: 'approved',
      kyc_approved_at: at === null ? null : new Date(at),
    });
    expect(
      code(() => assertIdentityReproven('kyc', approved('2026-11-26T11:00:00Z'), linked)),
    ).toBeNull();
    expect(
      code(() => assertIdentityReproven('kyc', approved('2026-11-25T11:00:00Z'), linked)),
    ).toBe('RECOVERY_IDENTITY_NOT_VERIFIED');
    expect(code(() => assertIdentityReproven('kyc', approved(null), linked))).toBe(
      'RECOVERY_IDENTITY_NOT_VERIFIED',
    );
    expect(
      code(() => assertIdentityReproven('staff_review', approved('2025-01-01T00:00:00Z'), linked)),
    ).toBeNull();
    expect(
      code(() =>
        assertIdentityReproven(
          'staff_review',
          { kyc_status: 'rejected', kyc_approved_at: null },
          linked,
        ),
      ),
    ).toBe('RECOVERY_IDENTITY_NOT_VERIFIED');
  });
});

/**
 * The token agent's actions (pure): which need an admin's approval, four eyes, what a freeze or a
 * forced transfer does to a holder's wallet, and when a recovery may go ahead (docs/compliance.md
 * "Agent actions").
 */
import type { AgentActionKind, IdentityCheck } from '../../lib/db/schema-agent-actions.js';
import { AppError } from '../../lib/errors.js';

/**
 * A court's or regulator's transfer and a wallet recovery move a holder's property: entered by
 * staff, carried out only once an admin approves.
 */
export function needsApproval(kind: AgentActionKind): boolean {
  return kind === 'forced_transfer' || kind === 'recover_wallet';
}

/** Four eyes: an admin who did not propose the action decides it. */
export function assertMayDecide(proposedBy: string, deciderId: string): void {
  if (proposedBy === deciderId) {
    throw new AppError(
      'FOUR_EYES_REQUIRED',
      'You proposed this action: another admin must approve or reject it',
    );
  }
}

/**
 * An admin made by the proposer alone (the platform's only admin then) is no second pair of eyes
 * on that proposer's actions: they may reject, not approve.
 */
export function assertNotMadeByProposer(soleGranter: string | undefined, proposedBy: string): void {
  if (soleGranter === proposedBy) {
    throw new AppError(
      'FOUR_EYES_REQUIRED',
      'The proposer made your admin account alone: another admin must approve this action',
    );
  }
}

/** What the input of each kind must name: a token, a holder, a receiver, a quantity. */
const needs: Record<
  AgentActionKind,
  { token: boolean; user: boolean; toUser: boolean; quantity: boolean; reference: boolean }
> = {
  freeze_address: { token: true, user: true, toUser: false, quantity: false, reference: false },
  unfreeze_address: { token: true, user: true, toUser: false, quantity: false, reference: false },
  freeze_units: { token: true, user: true, toUser: false, quantity: true, reference: false },
  unfreeze_units: { token: true, user: true, toUser: false, quantity: true, reference: false },
  pause: { token: true, user: false, toUser: false, quantity: false, reference: false },
  unpause: { token: true, user: false, toUser: false, quantity: false, reference: false },
  forced_transfer: { token: true, user: true, toUser: true, quantity: true, reference: true },
  revoke_verification: {
    token: false,
    user: true,
    toUser: false,
    quantity: false,
    reference: false,
  },
  recover_wallet: { token: false, user: true, toUser: false, quantity: false, reference: false },
};

export interface AgentActionInput {
  kind: AgentActionKind;
  token_id?: string | undefined;
  user_id?: string | undefined;
  to_user_id?: string | undefined;
  quantity?: number | undefined;
  reference?: string | undefined;
  identity_check?: IdentityCheck | undefined;
  allow_reverification?: boolean | undefined;
}

/** The members a kind needs are there and the others absent; else VALIDATION_FAILED. */
export function assertInputFits(input: AgentActionInput): void {
  const need = needs[input.kind];
  const members: [keyof typeof need, string, unknown][] = [
    ['token', 'token_id', input.token_id],
    ['user', 'user_id', input.user_id],
    ['toUser', 'to_user_id', input.to_user_id],
    ['quantity', 'quantity', input.quantity],
  ];
  for (const [key, name, value] of members) {
    if (need[key] && value === undefined) {
      throw new AppError('VALIDATION_FAILED', `${input.kind} needs ${name}`, { field: name });
    }
    if (!need[key] && value !== undefined) {
      throw new AppError('VALIDATION_FAILED', `${input.kind} takes no ${name}`, { field: name });
    }
  }
  if (need.reference && input.reference === undefined) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${input.kind} needs the reference of the order's document`,
      { field: 'reference' },
    );
  }
  const recovery = input.kind === 'recover_wallet';
  if (recovery !== (input.identity_check !== undefined)) {
    throw new AppError(
      'VALIDATION_FAILED',
      recovery
        ? 'recover_wallet needs identity_check: kyc or staff_review'
        : `${input.kind} takes no identity_check`,
      { field: 'identity_check' },
    );
  }
  if (input.allow_reverification !== undefined && input.kind !== 'revoke_verification') {
    throw new AppError('VALIDATION_FAILED', `${input.kind} takes no allow_reverification`, {
      field: 'allow_reverification',
    });
  }
  if (input.identity_check === 'staff_review' && input.reference === undefined) {
    throw new AppError('VALIDATION_FAILED', "A staff review needs the review's reference", {
      field: 'reference',
    });
  }
  if (input.kind === 'forced_transfer' && input.user_id === input.to_user_id) {
    throw new AppError('VALIDATION_FAILED', 'The sender and the receiver are the same user', {
      field: 'to_user_id',
    });
  }
}

export interface HolderWallet {
  balance: number;
  locked: number;
  frozen: number;
  addressFrozen: boolean;
}

/** The frozen units after freezing (positive) or unfreezing (negative) `quantity` more. */
export function frozenAfter(wallet: HolderWallet, quantity: number, freeze: boolean): number {
  if (freeze) {
    if (wallet.frozen + quantity > wallet.balance) {
      throw new AppError(
        'INSUFFICIENT_TOKENS',
        `The holder has ${wallet.balance - wallet.frozen} unfrozen units, ${quantity} to freeze`,
      );
    }
    return wallet.frozen + quantity;
  }
  if (quantity > wallet.frozen) {
    throw new AppError(
      'FROZEN_UNITS_EXCEEDED',
      `The holder has ${wallet.frozen} frozen units, ${quantity} to unfreeze`,
    );
  }
  return wallet.frozen - quantity;
}

/**
 * A forced transfer takes units not held by open sell orders (the trading process owns those),
 * the unfrozen ones first; frozen units it must take are unfrozen, as T-REX's `forcedTransfer`
 * does on chain. Answers the sender's frozen units after it.
 */
export function senderFrozenAfterTransfer(wallet: HolderWallet, quantity: number): number {
  if (wallet.balance - wallet.locked < quantity) {
    throw new AppError(
      'INSUFFICIENT_TOKENS',
      `The holder has ${wallet.balance - wallet.locked} units outside open sell orders, ${quantity} ordered`,
    );
  }
  const unfrozen = wallet.balance - wallet.frozen;
  return quantity > unfrozen ? wallet.frozen - (quantity - unfrozen) : wallet.frozen;
}

/**
 * A recovery goes ahead only for an investor whose verification stands (else the new wallet
 * would be unverified on chain and T-REX refuses the move) and who proved their identity again
 * after reporting the loss: a KYC check approved after the new address was linked, or staff's
 * review (its reference on the action).
 */
export function assertIdentityReproven(
  check: IdentityCheck,
  investor: { kyc_status: string; kyc_approved_at: Date | null },
  newAddressLinkedAt: Date,
): void {
  if (investor.kyc_status !== 'approved') {
    throw new AppError(
      'RECOVERY_IDENTITY_NOT_VERIFIED',
      `The investor's verification is ${investor.kyc_status}: the new wallet would be unverified`,
    );
  }
  if (
    check === 'kyc' &&
    (investor.kyc_approved_at === null || investor.kyc_approved_at < newAddressLinkedAt)
  ) {
    throw new AppError(
      'RECOVERY_IDENTITY_NOT_VERIFIED',
      'No KYC check was approved since the investor linked the new address',
    );
  }
}

/** The new address is another one than the lost address (EVM addresses compare case-blind). */
export function assertNewAddress(lost: string, proposed: string): void {
  if (lost.toLowerCase() === proposed.toLowerCase()) {
    throw new AppError('RECOVERY_SAME_ADDRESS', 'The new address is the current one');
  }
}

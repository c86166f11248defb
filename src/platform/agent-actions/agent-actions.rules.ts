/**
 * The token agent's actions (pure): which need an admin's approval, four eyes, and what a freeze
 * or a forced transfer does to a holder's wallet (docs/compliance.md "Agent actions").
 */
import type { AgentActionKind } from '../../lib/db/schema-agent-actions.js';
import { AppError } from '../../lib/errors.js';

/** A court's or regulator's transfer is entered by staff and carried out only once an admin approves. */
export function needsApproval(kind: AgentActionKind): boolean {
  return kind === 'forced_transfer';
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
};

export interface AgentActionInput {
  kind: AgentActionKind;
  token_id?: string | undefined;
  user_id?: string | undefined;
  to_user_id?: string | undefined;
  quantity?: number | undefined;
  reference?: string | undefined;
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

/**
 * The life of a fiat request as one pure table (DECISIONS.md "Tokens and offering", fiat): a
 * deposit is announced, then an admin confirms it (credited) or rejects it; a withdrawal's amount
 * is held at request, then an admin approves it (paid out: the money already left the balance) or
 * rejects it (released back).
 */
import type { DepositStatus, FiatRequestKind, WithdrawalStatus } from '../../lib/db/schema-fiat.js';
import type { LedgerKind } from '../../lib/ledger/fiat-ledger.js';

export type DepositDecision = 'confirm' | 'reject';
export type WithdrawalDecision = 'approve' | 'reject';
export type FiatDecision = DepositDecision | WithdrawalDecision;

/** A balance change: credit adds the request's amount, debit takes it. */
export interface Movement {
  direction: 'credit' | 'debit';
  kind: LedgerKind;
}

export interface Step {
  status: DepositStatus | WithdrawalStatus;
  movement?: Movement;
}

/** Where a new request starts, and what it moves at once. */
export function opening(kind: FiatRequestKind): Step {
  return kind === 'deposit'
    ? { status: 'requested' }
    : { status: 'held', movement: { direction: 'debit', kind: 'withdrawal_hold' } };
}

const decisions: Record<FiatRequestKind, Partial<Record<FiatDecision, Step>>> = {
  deposit: {
    confirm: { status: 'confirmed', movement: { direction: 'credit', kind: 'deposit' } },
    reject: { status: 'rejected' },
  },
  withdrawal: {
    approve: { status: 'paid' },
    reject: { status: 'released', movement: { direction: 'credit', kind: 'withdrawal_release' } },
  },
};

/**
 * The step `decision` takes a request to, or undefined when the request is no longer open (it
 * was decided before). Every decision starts from the opening status.
 */
export function decide(
  kind: FiatRequestKind,
  status: DepositStatus | WithdrawalStatus,
  decision: FiatDecision,
): Step | undefined {
  if (status !== opening(kind).status) return undefined;
  const step = decisions[kind][decision];
  if (!step) throw new Error(`${decision} is not a decision on a ${kind}`);
  return step;
}

/**
 * The reference an investor quotes on the bank transfer of a deposit, so staff match the money
 * to the request: `DEP-` and the last ten hex digits of its id (a UUIDv7's random part).
 */
export function paymentReference(depositId: string): string {
  return `DEP-${depositId.replaceAll('-', '').slice(-10).toUpperCase()}`;
}

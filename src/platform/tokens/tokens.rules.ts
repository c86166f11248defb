/**
 * Token rules (pure): the lifecycle of DECISIONS.md, the supply splits, the go-live allocation and
 * the success fee.
 */
import type { TokenStatus } from '../../lib/db/schema-issuance.js';
import type { Role } from '../../lib/db/schema.js';
import { Exact, toMoney } from '../../lib/money.js';

export type TokenAction =
  'deploy' | 'start_offering' | 'enable_secondary' | 'pause' | 'resume' | 'delist' | 'mature';

const moves: Record<TokenAction, { from: readonly TokenStatus[]; to: TokenStatus }> = {
  deploy: { from: ['draft'], to: 'primary' },
  // A deployed token (primary) opens or re-opens its offering window.
  start_offering: { from: ['primary'], to: 'primary' },
  enable_secondary: { from: ['primary'], to: 'secondary' },
  pause: { from: ['secondary'], to: 'paused' },
  resume: { from: ['paused'], to: 'secondary' },
  delist: { from: ['draft', 'primary', 'secondary', 'paused'], to: 'delisted' },
  mature: { from: ['primary', 'secondary', 'paused'], to: 'matured' },
};

/** Staff and admins see every draft token; anyone else only the drafts of their own businesses. */
export function seesEveryDraft(role: Role): boolean {
  return role === 'staff' || role === 'admin';
}

/** The status after `action`, or undefined when the action is not allowed from `status`. */
export function nextStatus(status: TokenStatus, action: TokenAction): TokenStatus | undefined {
  const move = moves[action];
  return move.from.includes(status) ? move.to : undefined;
}

/** Whether the contract should be paused in this status (only secondary trading moves tokens). */
export function contractPausedIn(status: TokenStatus): boolean {
  return status !== 'secondary';
}

/** Exact decimals, so 33.33 + 33.33 + 33.34 is 100. */
export function percentagesSumTo100(
  primary: string | number,
  team: string | number,
  reserve: string | number,
): boolean {
  return new Exact(primary).plus(team).plus(reserve).equals(100);
}

/** Whole tokens for `pct` percent of `supply`, rounded down (never more than the share). */
export function shareOf(supply: number, pct: string | number): number {
  return new Exact(supply).times(pct).dividedBy(100).floor().toNumber();
}

/**
 * Why go-live cannot succeed now, or null when it can: it needs a deployed token in primary whose
 * offering window has opened, and no subscription still awaiting payment (the success fee is
 * taken on the amount raised at that moment).
 */
export function goLiveBlock(
  token: { status: TokenStatus; contract_address: string | null; primary_start: Date | null },
  pendingPayments: number,
  now: Date,
):
  | 'TOKEN_STATE_CONFLICT'
  | 'TOKEN_NOT_DEPLOYED'
  | 'OFFERING_NOT_OPENED'
  | 'PAYMENTS_PENDING'
  | null {
  if (!nextStatus(token.status, 'enable_secondary')) return 'TOKEN_STATE_CONFLICT';
  if (!token.contract_address) return 'TOKEN_NOT_DEPLOYED';
  if (!token.primary_start || token.primary_start > now) return 'OFFERING_NOT_OPENED';
  if (pendingPayments > 0) return 'PAYMENTS_PENDING';
  return null;
}

/** The success fee: a rate in basis points of the amount raised, to the cent. */
export function successFee(totalRaised: string, bps: number): string {
  return toMoney(new Exact(totalRaised).times(bps).dividedBy(10_000));
}

/**
 * The allocations go-live makes (pure): the platform's share to the treasury and the issuer's
 * team and reserve shares to the issuer, each a whole number of tokens rounded down, and the date
 * the issuer's shares are locked up to (docs/decisions/platform.md "Issuance"): the token's own lock-up
 * rule when it has one, else a year, so an issuer cannot sell its shares into the market it just
 * opened unless staff set a shorter lock-up first.
 */
import type { LockUpRule } from '../../lib/compliance/compliance-rules.js';
import { shareOf } from './tokens.rules.js';

export const defaultIssuerLockUpDays = 365;
const dayMs = 86_400_000;

export interface GoLiveShare {
  type: 'go_live' | 'team' | 'reserve';
  to: 'treasury' | 'issuer';
  quantity: number;
  lockedUntil: Date | null;
}

export function issuerLockedUntil(rule: LockUpRule | null, goLiveAt: Date): Date {
  if (rule && 'until' in rule) return rule.until;
  const days = rule ? rule.daysAfterAllocation : defaultIssuerLockUpDays;
  return new Date(goLiveAt.getTime() + days * dayMs);
}

/** The non-empty go-live allocations, treasury's first. */
export function goLiveShares(
  token: { total_supply: number; team_pct: string; reserve_pct: string },
  platformAllocationPct: string,
  lockUp: LockUpRule | null,
  at: Date,
): GoLiveShare[] {
  const lockedUntil = issuerLockedUntil(lockUp, at);
  const shares: GoLiveShare[] = [
    {
      type: 'go_live',
      to: 'treasury',
      quantity: shareOf(token.total_supply, platformAllocationPct),
      lockedUntil: null,
    },
    {
      type: 'team',
      to: 'issuer',
      quantity: shareOf(token.total_supply, token.team_pct),
      lockedUntil,
    },
    {
      type: 'reserve',
      to: 'issuer',
      quantity: shareOf(token.total_supply, token.reserve_pct),
      lockedUntil,
    },
  ];
  return shares.filter((share) => share.quantity > 0);
}

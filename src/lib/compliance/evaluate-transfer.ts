/**
 * The one compliance evaluator: may this holder receive or send this quantity now, under the
 * token's rules and the holders' state. Pure (no IO, no clock: the time is an input), so the
 * platform (subscriptions), trading (orders, settlement's pre-check) and the parity test against
 * the chain decide alike. Rules are checked in a fixed order and the first refusal is answered.
 */
import { AppError } from '../errors.js';
import { maxBalanceUnits, type ComplianceRules, type LockUpRule } from './compliance-rules.js';

export interface HolderState {
  /** ISO 3166-1 numeric, as registered on chain */
  country: number;
  balance: number;
  /**
   * the holder's primary allocations (the token's lock-up counts from each); one with its own
   * `lockedUntil` (the issuer's team and reserve shares) is locked to that date whatever the rule
   */
  allocations: readonly { quantity: number; at: Date; lockedUntil?: Date }[];
  /**
   * the platform treasury and the token's issuer: a receiver exempt from the country, maximum
   * balance and holder-count rules, so the go-live allocations cannot be refused (docs/compliance.md)
   */
  exempt?: boolean;
}

export interface TokenState {
  /** the token's total supply as issued: the base of a max balance in percent */
  totalSupply: number;
  /** tokens minted so far: what the supply cap bounds */
  minted: number;
  /** holders with a balance above zero, overall and by country */
  holders: number;
  holdersByCountry: ReadonlyMap<number, number>;
}

export interface TransferIntent {
  /** null for a mint (a subscription or allocation) */
  from: HolderState | null;
  to: HolderState;
  quantity: number;
  at: Date;
}

export type ComplianceCode =
  | 'COMPLIANCE_COUNTRY_BLOCKED'
  | 'COMPLIANCE_SUPPLY_CAP'
  | 'COMPLIANCE_MAX_BALANCE'
  | 'COMPLIANCE_MAX_HOLDERS'
  | 'COMPLIANCE_LOCKED_UP';

export type ComplianceVerdict =
  { allowed: true } | { allowed: false; code: ComplianceCode; rule: string; detail: string };

const allowed: ComplianceVerdict = { allowed: true };
const refuse = (code: ComplianceCode, rule: string, detail: string): ComplianceVerdict => ({
  allowed: false,
  code,
  rule,
  detail,
});

const dayMs = 86_400_000;

function lockedUnder(
  rule: LockUpRule | null,
  allocation: HolderState['allocations'][number],
  at: Date,
): boolean {
  if (allocation.lockedUntil) return at < allocation.lockedUntil;
  if (!rule) return false;
  return 'until' in rule
    ? at < rule.until
    : at.getTime() < allocation.at.getTime() + rule.daysAfterAllocation * dayMs;
}

/** The sender's units still under lock-up at `at` (never more than its balance). */
export function lockedUnits(rule: LockUpRule | null, holder: HolderState, at: Date): number {
  const locked = holder.allocations
    .filter((a) => lockedUnder(rule, a, at))
    .reduce((sum, a) => sum + a.quantity, 0);
  return Math.min(locked, holder.balance);
}

export function countryVerdict(rules: ComplianceRules, country: number): ComplianceVerdict {
  if (rules.allowedCountries && !rules.allowedCountries.includes(country))
    return refuse(
      'COMPLIANCE_COUNTRY_BLOCKED',
      'allowed_countries',
      `investors in country ${country} may not hold this token`,
    );
  if (rules.blockedCountries.includes(country))
    return refuse(
      'COMPLIANCE_COUNTRY_BLOCKED',
      'blocked_countries',
      `investors in country ${country} may not hold this token`,
    );
  return allowed;
}

/**
 * A receiver with no balance becomes a holder; a sender that sends all it holds stops being
 * one. Only a transfer that adds a holder is refused, so one that keeps or lowers the count
 * passes even above a cap lowered later.
 */
function holdersVerdict(
  rules: ComplianceRules,
  token: TokenState,
  intent: TransferIntent,
): ComplianceVerdict {
  const { from, to, quantity } = intent;
  if (to.balance > 0 || quantity === 0) return allowed;
  const senderLeaves = from !== null && from.balance === quantity;
  if (rules.maxHolders !== null && token.holders + 1 - (senderLeaves ? 1 : 0) > rules.maxHolders)
    return refuse(
      'COMPLIANCE_MAX_HOLDERS',
      'max_holders',
      `the token has its maximum of ${rules.maxHolders} holders`,
    );
  if (rules.maxHoldersPerCountry !== null) {
    const inCountry = token.holdersByCountry.get(to.country) ?? 0;
    const leaves = senderLeaves && from.country === to.country ? 1 : 0;
    if (inCountry + 1 - leaves > rules.maxHoldersPerCountry)
      return refuse(
        'COMPLIANCE_MAX_HOLDERS',
        'max_holders_per_country',
        `the token has its maximum of ${rules.maxHoldersPerCountry} holders in country ${to.country}`,
      );
  }
  return allowed;
}

export function evaluateTransfer(
  rules: ComplianceRules,
  token: TokenState,
  intent: TransferIntent,
): ComplianceVerdict {
  const { from, to, quantity, at } = intent;
  const country = to.exempt ? allowed : countryVerdict(rules, to.country);
  if (!country.allowed) return country;
  if (from === null && rules.supplyCap !== null && token.minted + quantity > rules.supplyCap)
    return refuse(
      'COMPLIANCE_SUPPLY_CAP',
      'supply_cap',
      `minting ${quantity} would exceed the supply cap of ${rules.supplyCap}`,
    );
  if (rules.maxBalance && !to.exempt) {
    const max = maxBalanceUnits(rules.maxBalance, token.totalSupply);
    if (to.balance + quantity > max)
      return refuse(
        'COMPLIANCE_MAX_BALANCE',
        'max_balance',
        `the receiver would hold ${to.balance + quantity}, above the maximum of ${max}`,
      );
  }
  const holders = to.exempt ? allowed : holdersVerdict(rules, token, intent);
  if (!holders.allowed) return holders;
  return from === null ? allowed : sendVerdict(rules, from, quantity, at);
}

/** The sender's side alone (the lock-up): whatever receives, these units may not leave. */
export function sendVerdict(
  rules: ComplianceRules,
  from: HolderState,
  quantity: number,
  at: Date,
): ComplianceVerdict {
  if (!rules.lockUp && !from.allocations.some((a) => a.lockedUntil)) return allowed;
  const free = from.balance - lockedUnits(rules.lockUp, from, at);
  if (quantity > free)
    return refuse(
      'COMPLIANCE_LOCKED_UP',
      'lock_up',
      `only ${Math.max(free, 0)} of the sender's units may be sent now; the rest are locked up`,
    );
  return allowed;
}

/**
 * What the rules say of a holding kept where the holder now is (their country changed): the
 * country rules, and the holder cap of that country, which counts the holder already. A holding
 * is never taken back for it; staff are told (docs/compliance.md "Which country").
 */
export function holdingVerdict(
  rules: ComplianceRules,
  token: TokenState,
  holder: HolderState,
): ComplianceVerdict {
  if (holder.exempt || holder.balance === 0) return allowed;
  const country = countryVerdict(rules, holder.country);
  if (!country.allowed) return country;
  const inCountry = token.holdersByCountry.get(holder.country) ?? 0;
  if (rules.maxHoldersPerCountry !== null && inCountry > rules.maxHoldersPerCountry)
    return refuse(
      'COMPLIANCE_MAX_HOLDERS',
      'max_holders_per_country',
      `the token has ${inCountry} holders in country ${holder.country}, above its maximum of ${rules.maxHoldersPerCountry}`,
    );
  return allowed;
}

/** The refusal as the problem+json error every process answers with. */
export function complianceError(verdict: Extract<ComplianceVerdict, { allowed: false }>): AppError {
  return new AppError(verdict.code, verdict.detail, { rule: verdict.rule });
}

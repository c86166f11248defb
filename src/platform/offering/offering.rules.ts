/**
 * Subscription rules (pure): the offering window, min_investment, the investment limit of the
 * investor's accreditation tier, and the remaining supply. The first rule broken is returned.
 */
import type { AccreditationStatus, FatcaStatus } from '../../lib/db/schema.js';
import { investmentLimits } from '../../lib/investment-limits.js';
import { Exact } from '../../lib/money.js';

export interface SubscriptionCheck {
  now: Date;
  quantity: number;
  /** price * quantity, to the cent */
  amount: string;
  window: { start: Date | null; end: Date | null };
  minInvestment: string;
  /** tokens still available to this subscription (token's primary supply, or the round's) */
  available: number;
  investor: { accreditation: AccreditationStatus | null; fatca: FatcaStatus | null };
}

export type SubscriptionRefusal = {
  code:
    | 'OFFERING_NOT_OPEN'
    | 'BELOW_MIN_INVESTMENT'
    | 'INVESTMENT_LIMIT_EXCEEDED'
    | 'SUPPLY_EXHAUSTED'
    | 'FATCA_BLOCKED';
  detail: string;
};

export function subscriptionRefusal(check: SubscriptionCheck): SubscriptionRefusal | undefined {
  const { start, end } = check.window;
  if (!start || !end || check.now < start || check.now > end) {
    return {
      code: 'OFFERING_NOT_OPEN',
      detail:
        start && end
          ? `The offering is open from ${start.toISOString()} to ${end.toISOString()}`
          : 'The offering has not started',
    };
  }
  if (check.investor.fatca === 'blocked')
    return { code: 'FATCA_BLOCKED', detail: 'FATCA-blocked investors may not subscribe' };
  const amount = new Exact(check.amount);
  if (amount.lessThan(check.minInvestment)) {
    return {
      code: 'BELOW_MIN_INVESTMENT',
      detail: `The minimum investment is ${new Exact(check.minInvestment).toFixed(2)}`,
    };
  }
  const limit = investmentLimits[check.investor.accreditation ?? 'retail'];
  if (amount.greaterThan(limit)) {
    return {
      code: 'INVESTMENT_LIMIT_EXCEEDED',
      detail: `${check.investor.accreditation ?? 'retail'} investors may subscribe at most ${limit} USD per subscription`,
    };
  }
  if (check.quantity > check.available) {
    return { code: 'SUPPLY_EXHAUSTED', detail: `Only ${check.available} tokens remain` };
  }
  return undefined;
}

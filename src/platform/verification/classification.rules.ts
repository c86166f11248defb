/**
 * The investor's classification (pure): the criteria an investor certifies for each tier, what
 * a request must carry, the tier that applies (the lower of the approved classification and the
 * KYC level's tier; retail without an approved one) and the limits of a tier said in words.
 */
import type { AccreditationStatus } from '../../lib/db/schema.js';
import { investmentLimits } from '../../lib/investment-limits.js';
import { accreditationFor } from './verification.rules.js';

export const tiers: readonly AccreditationStatus[] = ['retail', 'professional', 'institutional'];

/** What the investor certifies, by tier: a professional or institutional tier needs one. */
export const criteria: Record<AccreditationStatus, Record<string, string>> = {
  retail: {},
  professional: {
    portfolio: 'I hold a portfolio of cash and securities worth more than 500,000 USD',
    experience:
      'I work or have worked for at least a year in the financial sector in a role that needs knowledge of such investments',
    trading:
      'I have made at least 10 significant trades a quarter in similar securities over the last four quarters',
  },
  institutional: {
    regulated_entity: 'I act for a bank, investment firm, insurer, fund or other regulated entity',
    large_undertaking:
      'I act for a company with a balance sheet of 20 million USD, a turnover of 40 million USD or own funds of 2 million USD',
  },
};

const rank = (tier: AccreditationStatus) => tiers.indexOf(tier);

/** The tier that applies: never above the KYC level's, retail until a classification is approved. */
export function effectiveTier(
  kycLevel: number,
  approved: AccreditationStatus | null,
): AccreditationStatus {
  const ceiling = accreditationFor(kycLevel);
  const asked = approved ?? 'retail';
  return rank(asked) < rank(ceiling) ? asked : ceiling;
}

export interface ClassificationRequest {
  tier: AccreditationStatus;
  criteria: readonly string[];
  evidence: number;
}

/** What is missing from a request, in words; undefined when it may be sent. */
export function classificationProblem(request: ClassificationRequest): string | undefined {
  const known = criteria[request.tier];
  const unknown = request.criteria.filter((c) => !(c in known));
  if (unknown.length > 0)
    return `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a criterion' : 'are not criteria'} of the ${request.tier} tier`;
  if (request.tier === 'retail') return undefined;
  if (request.criteria.length === 0)
    return `Say which criterion of a ${request.tier} investor you meet`;
  if (request.evidence === 0)
    return `Attach the evidence of the criterion (a statement, a letter from your employer or regulator)`;
  return undefined;
}

/** A retail classification needs no evidence: it is in force at once. */
export const needsReview = (tier: AccreditationStatus) => tier !== 'retail';

/** The limits of a tier in USD: the largest subscription and the largest buy order's value. */
export function limitsOf(tier: AccreditationStatus) {
  const limit = investmentLimits[tier];
  return {
    tier,
    subscription_usd: limit,
    buy_order_usd: limit,
    text: `As a ${tier} investor you may subscribe at most ${limit} USD per subscription and buy at most ${limit} USD per order.`,
  };
}

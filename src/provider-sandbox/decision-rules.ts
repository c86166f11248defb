/**
 * Automatic mode's verdicts, a pure function of the applicant's data so demos and tests know the
 * outcome in advance. A word in a name (first, last or company name, case-insensitive) decides;
 * the first rule that matches wins; anything else is GREEN. A company is decided only once each
 * of its beneficiaries has a final answer, and a finally rejected beneficiary rejects it.
 */
import type { Applicant, ReviewResult } from './applicant.js';
import { hasFinalDecision } from './applicant.js';

interface NameRule {
  word: string;
  result: ReviewResult;
}

const red = (reviewRejectType: 'FINAL' | 'RETRY', label: string): ReviewResult => ({
  reviewAnswer: 'RED',
  rejectLabels: [label],
  reviewRejectType,
  moderationComment: `Sandbox automatic decision: ${label}`,
});

export const nameRules: readonly NameRule[] = [
  { word: 'sanction', result: red('FINAL', 'SANCTIONS') },
  { word: 'pep', result: red('FINAL', 'PEP') },
  { word: 'forgery', result: red('FINAL', 'FORGERY') },
  { word: 'retry', result: red('RETRY', 'UNSATISFACTORY_PHOTOS') },
];

const green: ReviewResult = { reviewAnswer: 'GREEN' };

export const problematicStructure: ReviewResult = red('FINAL', 'COMPANY_PROBLEMATIC_STRUCTURE');

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The names the rules look at: the person's first and last name, or the company's name. */
export function namesOf(applicant: Applicant): string[] {
  const info = applicant.fixedInfo;
  const company = info.companyInfo as Record<string, unknown> | undefined;
  return [text(info.firstName), text(info.lastName), text(company?.companyName)].filter(Boolean);
}

export function decisionFromNames(names: readonly string[]): ReviewResult {
  const lowered = names.map((name) => name.toLowerCase());
  const rule = nameRules.find(({ word }) => lowered.some((name) => name.includes(word)));
  return rule ? rule.result : green;
}

export type AutomaticOutcome = { kind: 'decide'; result: ReviewResult } | { kind: 'wait' };

/** `beneficiaries`: the applicants behind a company's beneficiary links (empty for a person). */
export function automaticDecision(
  applicant: Applicant,
  beneficiaries: readonly Applicant[],
): AutomaticOutcome {
  if (!beneficiaries.every(hasFinalDecision)) return { kind: 'wait' };
  const rejectedOwner = beneficiaries.some(
    (b) => b.review.reviewStatus === 'completed' && b.review.reviewResult.reviewAnswer === 'RED',
  );
  if (rejectedOwner) return { kind: 'decide', result: problematicStructure };
  return { kind: 'decide', result: decisionFromNames(namesOf(applicant)) };
}

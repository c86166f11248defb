/**
 * Verification rules (pure): what a review decides for the user, how a provider verdict maps to
 * an application status, which company owners must pass KYC, and when a KYB is approved.
 */
import { Exact } from '../../lib/money.js';
import type { AccreditationStatus, FatcaStatus } from '../../lib/db/schema.js';
import type {
  ApplicationStatus,
  BusinessKind,
  OwnerRole,
  RejectType,
  ReviewAnswer,
} from '../../lib/db/schema-verification.js';

export const defaultKycLevel = 2;

/** Spec B rule 3: level 3 or more institutional, 2 professional, otherwise retail. */
export function accreditationFor(kycLevel: number): AccreditationStatus {
  if (kycLevel >= 3) return 'institutional';
  if (kycLevel >= 2) return 'professional';
  return 'retail';
}

/** Spec B rule 3: US nationals are FATCA-blocked. `nationality` is ISO alpha-2. */
export function fatcaFor(nationality: string): FatcaStatus {
  return nationality === 'US' ? 'blocked' : 'clear';
}

/** AML hits are final whatever the provider's reject type says. */
export const amlLabels: ReadonlySet<string> = new Set([
  'PEP',
  'SANCTIONS',
  'ADVERSE_MEDIA',
  'CRIMINAL',
  'COMPROMISED_PERSONS',
]);

export interface Verdict {
  answer: ReviewAnswer;
  rejectType: RejectType | null;
  labels: string[];
}

export type VerdictOutcome = 'approved' | 'rejected_retry' | 'rejected_final';

export function outcomeOf(verdict: Verdict): VerdictOutcome {
  if (verdict.answer === 'GREEN') return 'approved';
  if (verdict.rejectType === 'RETRY' && !verdict.labels.some((label) => amlLabels.has(label)))
    return 'rejected_retry';
  return 'rejected_final';
}

/** The stored rejection reason of a provider rejection: its labels, or a fallback. */
export function rejectionReasonOf(verdict: Verdict): string {
  return verdict.labels.length > 0
    ? verdict.labels.join(', ')
    : 'Rejected by the identity provider';
}

export const ownerThresholdPct = 25;

/** Spec rule 1: owners of 25% or more; for issuers also directors and the primary contact. */
export function isRequiredOwner(
  role: OwnerRole,
  ownershipPct: string | number,
  kind: BusinessKind,
): boolean {
  if (new Exact(ownershipPct).gte(ownerThresholdPct)) return true;
  return kind === 'issuer' && (role === 'director' || role === 'primary_contact');
}

export interface KybParts {
  company: Verdict | null;
  requiredOwners: readonly { kyc_status: ApplicationStatus }[];
}

/** Approved only when the company is GREEN and every required owner passed KYC. */
export function kybStatusOf({ company, requiredOwners }: KybParts): ApplicationStatus {
  const companyOutcome = company ? outcomeOf(company) : undefined;
  if (companyOutcome === 'rejected_final' || companyOutcome === 'rejected_retry') return 'rejected';
  if (requiredOwners.some((owner) => owner.kyc_status === 'rejected')) return 'rejected';
  if (
    companyOutcome === 'approved' &&
    requiredOwners.every((owner) => owner.kyc_status === 'approved')
  )
    return 'approved';
  return companyOutcome || requiredOwners.some((owner) => owner.kyc_status !== 'pending')
    ? 'in_review'
    : 'pending';
}

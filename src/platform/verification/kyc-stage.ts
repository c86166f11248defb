/**
 * Where a person's verification stands, in the words the applicant reads (pure): created (the
 * provider holds the applicant, nothing given yet), documents pending (some steps given, not
 * submitted), submitted (the provider checks what was given), in review (a person or a long
 * check decides), decided. A provider application reads the provider's live review status; when
 * the provider cannot answer, the application's own status stands in.
 */
import type { ApplicationStatus, VerificationProvider } from '../../lib/db/schema-verification.js';

export const kycStages = [
  'created',
  'documents_pending',
  'submitted',
  'in_review',
  'decided',
] as const;
export type KycStage = (typeof kycStages)[number];

/** What the provider says of the applicant now (its review status, documents it holds). */
export interface ProviderProgress {
  reviewStatus: string | undefined;
  documents: number;
}

const checking = new Set(['pending', 'queued', 'prechecked']);

export function kycStageOf(
  application: { status: ApplicationStatus; verification_provider: VerificationProvider },
  provider: ProviderProgress | null,
): KycStage {
  const { status } = application;
  if (status === 'approved' || status === 'rejected') return 'decided';
  if (application.verification_provider === 'manual')
    return status === 'pending' ? 'submitted' : 'in_review';
  if (!provider) return status === 'pending' ? 'created' : 'in_review';
  const review = provider.reviewStatus ?? 'init';
  if (review === 'init') return provider.documents > 0 ? 'documents_pending' : 'created';
  return checking.has(review) ? 'submitted' : 'in_review';
}

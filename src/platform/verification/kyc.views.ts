import type { KycApplication } from '../../lib/db/schema-verification.js';
import type { KycApplicationView } from './kyc.schemas.js';
import { outcomeOf } from './verification.rules.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const day = (date: unknown) =>
  date instanceof Date ? date.toISOString().slice(0, 10) : typeof date === 'string' ? date : null;

/**
 * A rejected application may be resubmitted unless the provider's rejection was final; a revoked
 * one only where staff allowed it.
 */
export function canResubmit(application: KycApplication): boolean {
  if (application.status !== 'rejected') return false;
  if (application.revoked_at) return application.reverification_allowed;
  if (application.verification_provider === 'manual' || !application.review_answer) return true;
  return (
    outcomeOf({
      answer: application.review_answer,
      rejectType: application.reject_type,
      labels: application.reject_labels ?? [],
    }) === 'rejected_retry'
  );
}

/** The public shape of an application: never the document number. */
export function toKycView(application: KycApplication): KycApplicationView {
  return {
    id: application.id,
    user_id: application.user_id,
    status: application.status,
    verification_provider: application.verification_provider,
    full_name: application.full_name,
    nationality: application.nationality,
    date_of_birth: day(application.date_of_birth),
    document_type: application.document_type,
    document_name: application.document_full_name,
    kyc_level: application.kyc_level,
    provider_applicant_id: application.provider_applicant_id,
    reject_labels: application.reject_labels,
    rejection_reason: application.rejection_reason,
    review_notes: application.review_notes,
    reviewed_by: application.reviewed_by,
    reviewed_at: iso(application.reviewed_at),
    revoked_at: iso(application.revoked_at),
    can_resubmit: canResubmit(application),
    created_at: application.created_at.toISOString(),
  };
}

/**
 * The applicant's own view: staff's internal notes and who reviewed stay with staff (telling a
 * customer of a suspicion is tipping off; a revocation's reason lives on the agent action).
 */
export function toOwnKycView(application: KycApplication): KycApplicationView {
  return { ...toKycView(application), review_notes: null, reviewed_by: null };
}

/**
 * Webhook bodies in the provider's flat shape (no `payload` nesting, no personal data).
 * A beneficiary's webhooks name its companies in `applicantMemberOf: [{applicantId}]`.
 */
import type { Applicant } from './applicant.js';
import { sandboxClientId } from './applicant-views.js';
import { webhookTime } from './provider-formats.js';

export type WebhookType =
  | 'applicantCreated'
  | 'applicantPending'
  | 'applicantOnHold'
  | 'applicantReviewed'
  | 'applicantReset'
  | 'applicantPersonalInfoChanged';

export function webhookPayload(
  type: WebhookType,
  applicant: Applicant,
  correlationId: string,
  now: number,
) {
  const review = applicant.review;
  return {
    applicantId: applicant.id,
    inspectionId: applicant.inspectionId,
    applicantType: applicant.type,
    correlationId,
    levelName: applicant.levelName,
    sandboxMode: true,
    externalUserId: applicant.externalUserId,
    type,
    reviewStatus: review.reviewStatus,
    createdAtMs: webhookTime(now),
    clientId: sandboxClientId,
    ...(applicant.memberOf.length > 0
      ? { applicantMemberOf: applicant.memberOf.map((applicantId) => ({ applicantId })) }
      : {}),
    ...(type === 'applicantReviewed' && review.reviewStatus === 'completed'
      ? { reviewResult: review.reviewResult }
      : {}),
  };
}

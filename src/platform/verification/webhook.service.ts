/**
 * Provider webhooks: authenticated by the digest over the raw body, recorded once (a replay is
 * acknowledged and changes nothing), and applied order-independently: an event older than the
 * newest one applied to an application is stale, and only a review verdict changes a decided
 * application. Every webhook is acknowledged quickly; unknown applicants are logged and ignored.
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { KybApplication, KycApplication } from '../../lib/db/schema-verification.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { hexEquals, isDigestAlgorithm, payloadDigest } from '../../lib/provider-signing.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { recordAudit } from '../audit/audit.queries.js';
import {
  businessOwnerByApplicant,
  businessOwnerForUpdate,
  kybApplicationByApplicant,
  kybApplicationForUpdate,
  lockBusiness,
  markBusinessKybInReview,
  updateBusinessOwner,
  updateKybApplication,
} from './kyb.queries.js';
import { recomputeKyb } from './kyb.service.js';
import {
  kycApplicantUser,
  kycApplicationByApplicantForUpdate,
  updateKycApplication,
  approveUserKyc,
  setUserKycStatus,
} from './kyc.queries.js';
import { defaultKycLevel, outcomeOf, rejectionReasonOf } from './verification.rules.js';
import { parseWebhookEvent, type WebhookEvent } from './webhook-event.js';
import { queueClaimRevocation } from './kyc-claim-revoker.js';
import { capturedIdentity, type CapturedIdentity } from './provider-capture.js';
import type { ProviderClient } from './provider-client.js';
import { recordWebhookEvent, setWebhookOutcome } from './webhook.queries.js';
import { notify } from '../notifications/notify.js';
import { kycDecided } from '../notifications/notices.js';
import { queueIdentityCountryUpdate } from '../compliance/identity-country.queries.js';

export type WebhookOutcome =
  'applied' | 'duplicate' | 'stale' | 'no_change' | 'unknown_applicant' | 'ignored';

/** Provider statuses meaning "the provider is working on it". */
const inProgress = new Set([
  'pending',
  'queued',
  'prechecked',
  'onHold',
  'awaitingService',
  'awaitingUser',
]);

function isStale(event: WebhookEvent, lastAppliedAt: Date | null): boolean {
  return lastAppliedAt !== null && event.createdAt.getTime() < lastAppliedAt.getTime();
}

async function applyToKyc(
  trx: Trx,
  application: KycApplication,
  event: WebhookEvent,
  captured: CapturedIdentity | null,
  now: Date,
): Promise<WebhookOutcome> {
  if (isStale(event, application.provider_event_at)) return 'stale';
  const seen = { provider_event_at: event.createdAt };
  if (!event.verdict) {
    if (application.status !== 'pending' || !inProgress.has(event.reviewStatus ?? ''))
      return 'no_change';
    await updateKycApplication(trx, application.id, { ...seen, status: 'in_review' });
    await setUserKycStatus(trx, application.user_id, 'in_review');
    return 'applied';
  }
  const verdict = event.verdict;
  const stored = {
    ...seen,
    review_answer: verdict.answer,
    reject_type: verdict.rejectType,
    reject_labels: JSON.stringify(verdict.labels),
    reviewed_at: now,
    ...(captured
      ? { document_type: captured.documentType, document_full_name: captured.nameOnDocument }
      : {}),
  };
  if (outcomeOf(verdict) === 'approved') {
    const level = Math.max(application.kyc_level ?? 0, defaultKycLevel);
    await updateKycApplication(trx, application.id, {
      ...stored,
      status: 'approved',
      kyc_level: level,
      rejection_reason: null,
    });
    await approveUserKyc(trx, application.user_id, level, application.nationality);
    // The chain's country follows the residence this verification gave.
    await queueIdentityCountryUpdate(trx, application.user_id);
  } else {
    await updateKycApplication(trx, application.id, {
      ...stored,
      status: 'rejected',
      rejection_reason: rejectionReasonOf(verdict),
    });
    await setUserKycStatus(trx, application.user_id, 'rejected');
    // A user approved before holds a KYC claim on chain: it goes too (DECISIONS "Chain").
    if (application.status === 'approved') await queueClaimRevocation(trx, application.user_id);
  }
  await notify(trx, kycDecided(application.user_id, outcomeOf(verdict) === 'approved'));
  await recordAudit(trx, {
    actorId: null,
    action: 'kyc.provider_reviewed',
    targetType: 'kyc_application',
    targetId: application.id,
    details: {
      user_id: application.user_id,
      review_answer: verdict.answer,
      reject_type: verdict.rejectType,
      reject_labels: verdict.labels,
      outcome: outcomeOf(verdict),
    },
  });
  return 'applied';
}

async function applyToCompany(
  trx: Trx,
  application: KybApplication,
  event: WebhookEvent,
  now: Date,
): Promise<WebhookOutcome> {
  if (isStale(event, application.provider_event_at)) return 'stale';
  const seen = { provider_event_at: event.createdAt };
  if (!event.verdict) {
    if (application.status !== 'pending' || !inProgress.has(event.reviewStatus ?? ''))
      return 'no_change';
    await updateKybApplication(trx, application.id, { ...seen, status: 'in_review' });
    await markBusinessKybInReview(trx, application.business_id);
    return 'applied';
  }
  const updated = await updateKybApplication(trx, application.id, {
    ...seen,
    review_answer: event.verdict.answer,
    reject_type: event.verdict.rejectType,
    reject_labels: JSON.stringify(event.verdict.labels),
    reviewed_at: now,
  });
  const after = await recomputeKyb(trx, updated);
  await recordAudit(trx, {
    actorId: null,
    action: 'kyb.provider_reviewed',
    targetType: 'kyb_application',
    targetId: application.id,
    details: {
      business_id: application.business_id,
      review_answer: event.verdict.answer,
      reject_labels: event.verdict.labels,
      kyb_status: after.status,
    },
  });
  return 'applied';
}

async function applyToOwner(
  trx: Trx,
  ownerId: string,
  application: KybApplication,
  event: WebhookEvent,
): Promise<WebhookOutcome> {
  const owner = await businessOwnerForUpdate(trx, ownerId);
  if (isStale(event, owner.provider_event_at)) return 'stale';
  const seen = { provider_event_at: event.createdAt };
  if (!event.verdict) {
    if (owner.kyc_status !== 'pending' || !inProgress.has(event.reviewStatus ?? ''))
      return 'no_change';
    await updateBusinessOwner(trx, ownerId, { ...seen, kyc_status: 'in_review' });
  } else {
    await updateBusinessOwner(trx, ownerId, {
      ...seen,
      kyc_status: outcomeOf(event.verdict) === 'approved' ? 'approved' : 'rejected',
      review_answer: event.verdict.answer,
      reject_type: event.verdict.rejectType,
      reject_labels: JSON.stringify(event.verdict.labels),
    });
  }
  await recomputeKyb(trx, application);
  return 'applied';
}

/** Finds what the applicant is (a user's KYC, a company, a company's owner) and applies the event. */
async function apply(
  trx: Trx,
  event: WebhookEvent,
  captured: CapturedIdentity | null,
  now: Date,
): Promise<WebhookOutcome> {
  const kycUser = await kycApplicantUser(trx, event.applicantId);
  if (kycUser) {
    await lockUser(trx, kycUser);
    return applyToKyc(
      trx,
      (await kycApplicationByApplicantForUpdate(trx, event.applicantId))!,
      event,
      captured,
      now,
    );
  }
  const kyb = await kybApplicationByApplicant(trx, event.applicantId);
  const owner = kyb ? undefined : await businessOwnerByApplicant(trx, event.applicantId);
  const target = kyb ?? owner;
  if (!target) return 'unknown_applicant';
  await lockUser(trx, target.owner_id);
  await lockBusiness(trx, target.business_id);
  const application = (await kybApplicationForUpdate(trx, kyb ? kyb.id : owner!.kyb_id))!;
  return kyb
    ? applyToCompany(trx, application, event, now)
    : applyToOwner(trx, owner!.id, application, event);
}

export function webhookService(deps: {
  db: Db;
  clock: Clock;
  webhookSecret: string;
  logger: Logger;
  provider: ProviderClient;
}) {
  /**
   * A verdict on a person's KYC comes with what the provider read from their documents (webhooks
   * carry no personal data: it is fetched). Best effort: the verdict is applied without it when
   * the provider cannot answer.
   */
  async function captureFor(event: WebhookEvent): Promise<CapturedIdentity | null> {
    if (!event.verdict) return null;
    if (!(await kycApplicantUser(deps.db, event.applicantId))) return null;
    try {
      return capturedIdentity((await deps.provider.applicant(event.applicantId)).info);
    } catch (error) {
      deps.logger.warn(
        { err: error, applicantId: event.applicantId },
        'applicant data not fetched; the verdict is applied without it',
      );
      return null;
    }
  }

  return {
    /** Throws WEBHOOK_SIGNATURE_INVALID unless the digest header matches the raw body. */
    authenticate(rawBody: Buffer, digest: string | undefined, algorithm: string | undefined): void {
      if (
        !digest ||
        !isDigestAlgorithm(algorithm) ||
        !hexEquals(payloadDigest(deps.webhookSecret, rawBody, algorithm), digest)
      ) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
    },

    async receive(payload: Record<string, unknown>): Promise<WebhookOutcome> {
      const event = parseWebhookEvent(payload, deps.clock.now());
      if (!event) {
        deps.logger.warn(
          { type: payload.type },
          'provider webhook without applicant or type ignored',
        );
        return 'ignored';
      }
      const captured = await captureFor(event);
      const outcome = await transaction(deps.db, async (trx) => {
        const recordedId = await recordWebhookEvent(trx, event, payload);
        if (!recordedId) return 'duplicate' as const;
        const applied = await apply(trx, event, captured, deps.clock.now());
        await setWebhookOutcome(trx, recordedId, applied);
        return applied;
      });
      if (outcome === 'unknown_applicant')
        deps.logger.warn(
          { applicantId: event.applicantId, type: event.type },
          'provider webhook for an unknown applicant',
        );
      return outcome;
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;

/**
 * Manual KYC review (spec B): the reviewers' queue, the detail view (first access moves the
 * application to in_review), and the decision. Each is one transaction with the user's row locked
 * before the application's, the same order as submission and webhooks.
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { KycApplication } from '../../lib/db/schema-verification.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldEncryption } from '../../lib/crypto/field-encryption.js';
import { AppError } from '../../lib/errors.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { recordAudit } from '../audit/audit.queries.js';
import type { ReviewBody } from './kyc.schemas.js';
import {
  kycApplicationForUpdate,
  kycApplicationUser,
  kycQueue,
  updateKycApplication,
  approveUserKyc,
  setUserKycStatus,
  startUserKycReview,
  userEmail,
} from './kyc.queries.js';
import { documentNumberContext } from './kyc.service.js';
import { defaultKycLevel } from './verification.rules.js';
import { notify } from '../notifications/notify.js';
import { kycDecided } from '../notifications/notices.js';
import { queueIdentityCountryUpdate } from '../compliance/identity-country.queries.js';

/** Locks the application's user, then the application; 404 when there is none. */
async function lockApplication(trx: Trx, id: string): Promise<KycApplication> {
  const userId = await kycApplicationUser(trx, id);
  if (!userId) throw new AppError('NOT_FOUND', 'No such KYC application');
  await lockUser(trx, userId);
  return (await kycApplicationForUpdate(trx, id))!;
}

export function kycReviewService(db: Db, encryption: FieldEncryption, clock: Clock) {
  return {
    queue: (options: { status?: string; limit: number; cursor?: string }) => kycQueue(db, options),

    /** Full details with the decrypted document number; the first reviewer access starts the review. */
    async detail(reviewerId: string, id: string, ip: string) {
      return transaction(db, async (trx) => {
        let application = await lockApplication(trx, id);
        if (application.status === 'pending') {
          application = await updateKycApplication(trx, id, { status: 'in_review' });
          await startUserKycReview(trx, application.user_id);
        }
        await recordAudit(trx, {
          actorId: reviewerId,
          action: 'kyc.viewed',
          targetType: 'kyc_application',
          targetId: id,
          ip,
        });
        const email = await userEmail(trx, application.user_id);
        const documentNumber =
          application.document_number && application.document_number_key_id
            ? encryption.open(
                {
                  ciphertext: application.document_number,
                  keyId: application.document_number_key_id,
                },
                documentNumberContext(id),
              )
            : null;
        return { application, email, documentNumber };
      });
    },

    async review(
      reviewerId: string,
      id: string,
      body: ReviewBody,
      ip: string,
    ): Promise<KycApplication> {
      const reason = body.rejection_reason?.trim();
      if (body.decision === 'reject' && !reason) throw new AppError('REJECTION_REASON_REQUIRED');
      return transaction(db, async (trx) => {
        const application = await lockApplication(trx, id);
        if (application.status !== 'pending' && application.status !== 'in_review') {
          throw new AppError(
            'APPLICATION_ALREADY_DECIDED',
            `The application is already ${application.status}`,
          );
        }
        const reviewed = {
          reviewed_by: reviewerId,
          reviewed_at: clock.now(),
          review_notes: body.review_notes ?? null,
        };
        let decided: KycApplication;
        if (body.decision === 'approve') {
          const level = body.kyc_level ?? defaultKycLevel;
          decided = await updateKycApplication(trx, id, {
            ...reviewed,
            status: 'approved',
            kyc_level: level,
          });
          await approveUserKyc(trx, application.user_id, level, application.nationality);
          // The chain's country follows the residence this verification gave.
          await queueIdentityCountryUpdate(trx, application.user_id);
        } else {
          decided = await updateKycApplication(trx, id, {
            ...reviewed,
            status: 'rejected',
            rejection_reason: reason!,
          });
          await setUserKycStatus(trx, application.user_id, 'rejected');
        }
        await notify(trx, kycDecided(application.user_id, body.decision === 'approve'));
        await recordAudit(trx, {
          actorId: reviewerId,
          action: 'kyc.reviewed',
          targetType: 'kyc_application',
          targetId: id,
          ip,
          details: {
            decision: body.decision,
            user_id: application.user_id,
            previous_status: application.status,
            ...(body.decision === 'approve'
              ? { kyc_level: decided.kyc_level }
              : { rejection_reason: reason }),
            ...(body.review_notes ? { review_notes: body.review_notes } : {}),
          },
        });
        return decided;
      });
    },
  };
}

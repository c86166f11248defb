/**
 * The investor's classification: asked at onboarding (the tier, the criteria met, a statement,
 * the evidence uploaded), in force at once for retail, reviewed by staff otherwise; an approval
 * sets the investor's accreditation (capped by their KYC level), which sets their limits.
 */
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { AccreditationStatus, User } from '../../lib/db/schema.js';
import type { InvestorClassification } from '../../lib/db/schema-documents.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { recordAudit } from '../audit/audit.queries.js';
import { notifyReviewers } from './notifications.queries.js';
import { classificationProblem, criteria, limitsOf, needsReview } from './classification.rules.js';
import {
  applyClassification,
  classificationForUpdate,
  classificationOwner,
  classificationQueue,
  decideClassification,
  classificationsOf,
  insertClassification,
} from './classification.queries.js';
import { sendDocuments, type DocumentsService } from './documents.service.js';

export interface ClassificationBody {
  tier: AccreditationStatus;
  criteria?: string[] | undefined;
  statement?: string | undefined;
  evidence_document_ids?: string[] | undefined;
}

export const classificationView = (c: InvestorClassification) => ({
  id: c.id,
  tier: c.tier,
  criteria: c.criteria.map((key) => ({ key, text: criteria[c.tier][key] ?? key })),
  statement: c.statement,
  status: c.status,
  review_note: c.review_note,
  reviewed_at: c.reviewed_at?.toISOString() ?? null,
  created_at: c.created_at.toISOString(),
});

export function classificationService(db: Db, documents: DocumentsService, clock: Clock) {
  return {
    /** The tier in force, its limits in USD, the requests, and the criteria of each tier. */
    async mine(user: User) {
      const tier = user.accreditation_status ?? 'retail';
      return {
        tier,
        kyc_approved: user.kyc_status === 'approved',
        limits: limitsOf(tier),
        requests: (await classificationsOf(db, user.id)).map(classificationView),
        criteria,
      };
    },

    async request(user: User, body: ClassificationBody, ip: string) {
      if (user.role !== 'investor')
        throw new AppError('FORBIDDEN_ROLE', 'Only investors are classified');
      const chosen = [...new Set(body.criteria ?? [])];
      const evidence = body.evidence_document_ids ?? [];
      const problem = classificationProblem({
        tier: body.tier,
        criteria: chosen,
        evidence: evidence.length,
      });
      if (problem) throw new AppError('CLASSIFICATION_INCOMPLETE', problem);
      return transaction(db, async (trx) => {
        await lockUser(trx, user.id);
        const id = newId();
        const review = needsReview(body.tier);
        let row;
        try {
          row = await insertClassification(trx, {
            id,
            user_id: user.id,
            tier: body.tier,
            criteria: chosen,
            statement: body.statement?.trim() || null,
            status: review ? 'pending' : 'approved',
            ...(review ? {} : { reviewed_at: clock.now() }),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CLASSIFICATION_PENDING');
          throw error;
        }
        await sendDocuments(trx, user.id, evidence, { type: 'classification', id });
        await recordAudit(trx, {
          actorId: user.id,
          action: 'classification.requested',
          targetType: 'investor_classification',
          targetId: id,
          ip,
          details: { tier: body.tier, criteria: chosen, evidence: evidence.length },
        });
        if (review) {
          await notifyReviewers(trx, {
            kind: 'classification.submitted',
            subjectType: 'investor_classification',
            subjectId: id,
            message: `${user.email} certifies as a ${body.tier} investor: the evidence awaits review`,
          });
        } else {
          await applyClassification(trx, user.id);
        }
        return classificationView(row);
      });
    },

    async queue(status: InvestorClassification['status']) {
      const rows = await classificationQueue(db, status);
      return Promise.all(
        rows.map(async (row) => ({
          ...classificationView(row),
          user_id: row.user_id,
          email: row.email,
          full_name: row.full_name,
          kyc_status: row.kyc_status,
          kyc_level: row.kyc_level,
          evidence: await documents.of({ type: 'classification', id: row.id }),
        })),
      );
    },

    /** Staff's decision; the note is read by the investor (a rejection needs one). */
    async review(
      actor: { userId: string; ip: string },
      id: string,
      decision: 'approve' | 'reject',
      note: string | undefined,
    ) {
      const reason = note?.trim() || null;
      if (decision === 'reject' && !reason)
        throw new AppError('CLASSIFICATION_INCOMPLETE', 'Say why, for the investor to read');
      return transaction(db, async (trx) => {
        const found = await classificationOwner(trx, id);
        if (!found) throw new AppError('NOT_FOUND', 'No such classification');
        await lockUser(trx, found);
        const row = (await classificationForUpdate(trx, id))!;
        if (row.status !== 'pending') throw new AppError('CLASSIFICATION_ALREADY_DECIDED');
        const decided = await decideClassification(trx, id, {
          status: decision === 'approve' ? 'approved' : 'rejected',
          reviewed_by: actor.userId,
          reviewed_at: clock.now(),
          review_note: reason,
        });
        if (decision === 'approve') await applyClassification(trx, row.user_id);
        await recordAudit(trx, {
          actorId: actor.userId,
          action: `classification.${decision === 'approve' ? 'approved' : 'rejected'}`,
          targetType: 'investor_classification',
          targetId: id,
          ip: actor.ip,
          details: { user_id: row.user_id, tier: row.tier, ...(reason ? { note: reason } : {}) },
        });
        return classificationView(decided);
      });
    },
  };
}

export type ClassificationService = ReturnType<typeof classificationService>;

import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, PageQuery, toPage } from '../../lib/http/pagination.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import {
  KycApplicationView,
  KycDetailView,
  KycQueueItem,
  KycQueueQuery,
  ReviewBody,
} from './kyc.schemas.js';
import type { kycReviewService } from './kyc-review.service.js';
import { kycProviderApplicantId } from './kyc.queries.js';
import { toKycView } from './kyc.views.js';
import {
  markNotificationRead,
  notificationExists,
  notificationKinds,
  reviewerNotifications,
} from './notifications.queries.js';
import type { ProviderClient } from './provider-client.js';
import type { DocumentsService } from './documents.service.js';
import { screeningOf } from './screening.rules.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';

export function adminKycRoutes(
  app: HttpApp,
  db: Db,
  review: ReturnType<typeof kycReviewService>,
  documents: DocumentsService,
  provider: ProviderClient,
  { guard, stepUp }: ReturnType<typeof guards>,
  clock: Clock,
) {
  const reviewer = guard('staff', 'admin');

  app.get(
    '/api/v1/admin/kyc/:id/provider-status',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: "The provider's current review of the application (to reconcile a missed webhook)",
        security: bearer,
        params: IdParams,
        response: {
          200: Type.Object({
            applicant_id: Type.String(),
            review_status: Type.String(),
            review_answer: Type.Union([Type.String(), Type.Null()]),
            reject_labels: Type.Array(Type.String()),
            reject_type: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request) => {
      const applicantId = await kycProviderApplicantId(db, request.params.id);
      if (applicantId === undefined) throw new AppError('NOT_FOUND', 'No such KYC application');
      if (!applicantId)
        throw new AppError('NO_PROVIDER_APPLICATION', 'The application is reviewed manually');
      const status = await provider.applicantStatus(applicantId);
      return {
        applicant_id: applicantId,
        review_status: status.reviewStatus,
        review_answer: status.reviewAnswer,
        reject_labels: status.rejectLabels,
        reject_type: status.reviewRejectType,
      };
    },
  );

  app.get(
    '/api/v1/admin/kyc',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'KYC applications in submission order (no document numbers)',
        security: bearer,
        querystring: KycQueueQuery,
        response: { 200: Page(KycQueueItem) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await review.queue({
        limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
        ...(request.query.status ? { status: request.query.status } : {}),
      });
      return toPage(rows, limit, (row) => ({
        id: row.id,
        user_id: row.user_id,
        email: row.email,
        status: row.status,
        verification_provider: row.verification_provider,
        full_name: row.full_name,
        nationality: row.nationality,
        document_type: row.document_type,
        submitted_at: row.created_at.toISOString(),
        reviewed_at: row.reviewed_at?.toISOString() ?? null,
      }));
    },
  );

  app.get(
    '/api/v1/admin/kyc/:id',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary:
          'One application in full, with the documents sent and the screening result; the first access starts its review',
        security: bearer,
        params: IdParams,
        response: { 200: KycDetailView },
      },
    },
    async (request) => {
      const { application, email, documentNumber } = await review.detail(
        caller(request).userId,
        request.params.id,
        request.ip,
      );
      return {
        ...toKycView(application),
        email,
        document_number: documentNumber,
        address_line1: application.address_line1,
        address_line2: application.address_line2,
        city: application.city,
        postal_code: application.postal_code,
        country_of_residence: application.country_of_residence,
        documents: await documents.of({ type: 'kyc_application', id: application.id }),
        screening: screeningOf(application),
      };
    },
  );

  app.post(
    '/api/v1/admin/kyc/:id/review',
    {
      // a compliance decision: the identity claim is issued or refused on chain
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject a KYC application',
        security: bearer,
        params: IdParams,
        body: ReviewBody,
        response: { 200: KycApplicationView },
      },
    },
    async (request) =>
      toKycView(
        await review.review(caller(request).userId, request.params.id, request.body, request.ip),
      ),
  );

  const NotificationView = Type.Object({
    id: Type.String(),
    kind: Type.String(),
    subject_type: Type.String(),
    subject_id: Type.String(),
    message: Type.String(),
    read_at: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  });
  app.get(
    '/api/v1/admin/notifications',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'Staff notifications (what awaits review or a decision), newest first',
        security: bearer,
        description:
          'Kinds: kyc.submitted, kyb.submitted (applications awaiting review), fiat.deposit_pending (a deposit awaiting confirmation), business.awaiting_activation (KYB approved, not active yet), chain.transaction_undecided and chain.transaction_stalled (a chain transaction that lost its block and could not be driven again, or has no receipt for too long: check the chain).',
        querystring: Type.Object(
          {
            ...PageQuery,
            unread: Type.Optional(Type.Boolean()),
            kind: Type.Optional(Type.Union(notificationKinds.map((kind) => Type.Literal(kind)))),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(NotificationView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await reviewerNotifications(db, {
        limit,
        unreadOnly: request.query.unread ?? false,
        ...(request.query.kind ? { kind: request.query.kind } : {}),
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      });
      return toPage(rows, limit, (row) => ({
        ...row,
        read_at: row.read_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      }));
    },
  );

  app.post(
    '/api/v1/admin/notifications/:id/read',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'Mark a notification read',
        security: bearer,
        params: IdParams,
        response: { 200: Type.Object({ read: Type.Boolean() }) },
      },
    },
    async (request) => {
      if (
        !(await markNotificationRead(db, request.params.id, clock.now())) &&
        !(await notificationExists(db, request.params.id))
      )
        throw new AppError('NOT_FOUND', 'No such notification');
      return { read: true };
    },
  );
}

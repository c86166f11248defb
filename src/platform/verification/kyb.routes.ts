import { Type } from '@sinclair/typebox';
import type { Db } from '../../lib/db/database.js';
import type { BusinessOwner } from '../../lib/db/schema-verification.js';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import type { usersService } from '../users/users.service.js';
import { kybApplicationRow, latestKybApplications, kybQueue, ownersOf } from './kyb.queries.js';
import { KybApplicationView, KybBody, KybQueueQuery, KybReviewBody } from './kyb.schemas.js';
import type { KybService } from './kyb.service.js';
import { bearer } from '../../lib/http/route-schemas.js';

type KybRow = Awaited<ReturnType<typeof latestKybApplications>>[number];

function ownerView(owner: BusinessOwner) {
  return {
    id: owner.id,
    first_name: owner.first_name,
    last_name: owner.last_name,
    ownership_pct: owner.ownership_pct,
    role: owner.role,
    nationality: owner.nationality,
    required: owner.required,
    kyc_status: owner.kyc_status,
    provider_applicant_id: owner.provider_applicant_id,
    reject_labels: owner.reject_labels,
  };
}

async function kybView(db: Db, row: KybRow) {
  return {
    id: row.id,
    business_id: row.business_id,
    business_name: row.business_name,
    kind: row.kind,
    status: row.status,
    kyb_status: row.kyb_status,
    verification_provider: row.verification_provider,
    provider_applicant_id: row.provider_applicant_id,
    review_answer: row.review_answer,
    reject_labels: row.reject_labels,
    rejection_reason: row.rejection_reason,
    review_notes: row.review_notes,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    owners: (await ownersOf(db, row.id)).map(ownerView),
    created_at: row.created_at.toISOString(),
  };
}

async function viewOf(db: Db, applicationId: string) {
  return kybView(db, await kybApplicationRow(db, applicationId));
}

export function kybRoutes(
  app: HttpApp,
  db: Db,
  kyb: KybService,
  users: ReturnType<typeof usersService>,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const company = guard('investor', 'issuer');

  app.post(
    '/api/v1/kyb/submit',
    {
      onRequest: company,
      schema: {
        tags: ['kyb'],
        summary: 'Start company verification with the identity provider (after your KYC)',
        description:
          'Creates the company applicant and one beneficiary applicant per owner; each owner completes KYC through the provider.',
        security: bearer,
        body: KybBody,
        response: {
          201: Type.Object({
            companyApplicantId: Type.String(),
            kyb_application: KybApplicationView,
          }),
        },
      },
    },
    async (request, reply) => {
      const { application } = await kyb.submitToProvider(
        await users.me(caller(request).userId),
        request.body,
        request.ip,
      );
      return reply.code(201).send({
        companyApplicantId: application.provider_applicant_id!,
        kyb_application: await viewOf(db, application.id),
      });
    },
  );

  app.post(
    '/api/v1/kyb',
    {
      onRequest: company,
      schema: {
        tags: ['kyb'],
        summary: 'Submit company verification for manual review by staff',
        security: bearer,
        body: KybBody,
        response: { 201: KybApplicationView },
      },
    },
    async (request, reply) => {
      const { application } = await kyb.submitManual(
        await users.me(caller(request).userId),
        request.body,
        request.ip,
      );
      return reply.code(201).send(await viewOf(db, application.id));
    },
  );

  app.get(
    '/api/v1/kyb/me',
    {
      onRequest: company,
      schema: {
        tags: ['kyb'],
        summary: 'Your companies’ KYB applications, newest first',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(KybApplicationView) }) },
      },
    },
    async (request) => {
      const rows = await latestKybApplications(db, caller(request).userId);
      return { data: await Promise.all(rows.map((row) => kybView(db, row))) };
    },
  );

  app.get(
    '/api/v1/kyb/provider-token',
    {
      onRequest: company,
      schema: {
        tags: ['kyb'],
        summary: "An SDK access token for the company's widget",
        security: bearer,
        querystring: Type.Object(
          { business_id: Type.String({ format: 'uuid' }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            token: Type.String(),
            widget_url: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request) =>
      kyb.providerToken(await users.me(caller(request).userId), request.query.business_id),
  );

  const reviewer = guard('staff', 'admin');
  app.get(
    '/api/v1/admin/kyb',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'KYB applications in submission order',
        security: bearer,
        querystring: KybQueueQuery,
        response: { 200: Page(KybApplicationView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await kybQueue(db, {
        limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
        ...(request.query.status ? { status: request.query.status } : {}),
      });
      const page = toPage(rows, limit, (row) => row);
      return {
        data: await Promise.all(page.data.map((row) => kybView(db, row))),
        next_cursor: page.next_cursor,
      };
    },
  );

  app.post(
    '/api/v1/admin/businesses/:id/kyb-review',
    {
      // a compliance decision, as a KYC review is
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: "Approve or reject a business's KYB manually",
        security: bearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: KybReviewBody,
        response: { 200: KybApplicationView },
      },
    },
    async (request) => {
      const decided = await kyb.review(
        caller(request).userId,
        request.params.id,
        request.body,
        request.ip,
      );
      return viewOf(db, decided.id);
    },
  );
}

/**
 * Documents and the investor's classification: an investor uploads a document (then sends it
 * with a manual KYC or a classification), reads and requests their classification with its
 * limits; staff read the documents sent, and decide the classifications waiting.
 */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { usersService } from '../users/users.service.js';
import {
  ClassificationBody,
  ClassificationQueueItem,
  ClassificationQueueQuery,
  ClassificationReviewBody,
  ClassificationView,
  DocumentView,
  MyClassificationView,
  UploadBody,
} from './classification.schemas.js';
import type { ClassificationService } from './classification.service.js';
import type { DocumentsService } from './documents.service.js';
import { maxDocumentBytes } from './documents.rules.js';

export function classificationRoutes(
  app: HttpApp,
  classification: ClassificationService,
  documents: DocumentsService,
  users: ReturnType<typeof usersService>,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const reviewer = guard('staff', 'admin');

  app.post(
    '/api/v1/documents',
    {
      onRequest: guard('investor', 'issuer'),
      // the file in base64 and its JSON around it
      bodyLimit: Math.ceil(maxDocumentBytes / 3) * 4 + 4096,
      schema: {
        tags: ['kyc'],
        summary:
          'Upload a document (identity document image, selfie, evidence): kept sealed, read by staff only; send it with a KYC application or a classification',
        security: bearer,
        body: UploadBody,
        response: { 201: DocumentView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await documents.upload(caller(request).userId, request.body)),
  );

  app.get(
    '/api/v1/admin/documents/:id',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'A document sent for review, the file itself (each opening is audited)',
        security: bearer,
        params: IdParams,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await documents.open(
        { userId: caller(request).userId, ip: request.ip },
        request.params.id,
      );
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );

  app.get(
    '/api/v1/classification',
    {
      onRequest: guard('investor'),
      schema: {
        tags: ['kyc'],
        summary:
          'Your investor classification, the limits it sets (USD), your requests and the criteria of each tier',
        security: bearer,
        response: { 200: MyClassificationView },
      },
    },
    async (request) => classification.mine(await users.me(caller(request).userId)),
  );

  app.post(
    '/api/v1/classification',
    {
      onRequest: guard('investor'),
      schema: {
        tags: ['kyc'],
        summary:
          'Certify your classification: retail is in force at once; professional or institutional names a criterion, with its evidence, for staff to review',
        security: bearer,
        body: ClassificationBody,
        response: { 201: ClassificationView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await classification.request(
            await users.me(caller(request).userId),
            request.body,
            request.ip,
          ),
        ),
  );

  app.get(
    '/api/v1/admin/classifications',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary:
          'Investor classifications (status=pending by default: the work queue), with their evidence',
        security: bearer,
        querystring: ClassificationQueueQuery,
        response: { 200: Type.Object({ data: Type.Array(ClassificationQueueItem) }) },
      },
    },
    async (request) => ({ data: await classification.queue(request.query.status ?? 'pending') }),
  );

  app.post(
    '/api/v1/admin/classifications/:id/review',
    {
      // a classification sets how much an investor may buy: a second factor used recently
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary:
          "Approve a classification (the investor's limits follow, capped by their KYC level) or reject it with a note they read",
        security: bearer,
        params: IdParams,
        body: ClassificationReviewBody,
        response: { 200: ClassificationView },
      },
    },
    async (request) =>
      classification.review(
        { userId: caller(request).userId, ip: request.ip },
        request.params.id,
        request.body.decision,
        request.body.note,
      ),
  );
}

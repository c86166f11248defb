/** Splits and consolidations (HTTP only): issuers propose and follow, staff decide. */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { VerificationGates } from '../verification/gates.js';
import { DecideSplitBody, ProposeSplitBody, SplitsQuery, SplitView } from './splits.schemas.js';
import type { SplitsService } from './splits.service.js';

export function splitsRoutes(
  app: HttpApp,
  splits: SplitsService,
  { guard, stepUp }: ReturnType<typeof guards>,
  { gate }: VerificationGates,
) {
  const tags = ['corporate actions'];
  const actor = (request: Parameters<typeof caller>[0]) => ({ ...caller(request), ip: request.ip });

  for (const [url, onRequest, summary] of [
    [
      '/api/v1/splits',
      [guard('issuer'), gate('issuer_actions')],
      'Propose a split or consolidation of your token',
    ],
    [
      '/api/v1/admin/splits',
      [guard('staff', 'admin')],
      "Propose a split or consolidation of an issuer's token on its behalf",
    ],
  ] as const) {
    app.post(
      url,
      {
        onRequest: [...onRequest],
        schema: {
          tags,
          summary,
          security: bearer,
          body: ProposeSplitBody,
          response: { 201: SplitView },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await splits.propose(actor(request), request.body)),
    );
  }

  app.get(
    '/api/v1/splits',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags,
        summary: 'Splits and consolidations (an issuer: of its tokens), newest first',
        security: bearer,
        querystring: SplitsQuery,
        response: { 200: Page(SplitView) },
      },
    },
    async (request) => splits.list(actor(request), request.query),
  );

  app.get(
    '/api/v1/splits/:id',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags,
        summary: 'One split or consolidation with its progress',
        security: bearer,
        params: IdParams,
        response: { 200: SplitView },
      },
    },
    async (request) => splits.get(actor(request), request.params.id),
  );

  app.post(
    '/api/v1/admin/splits/:id/decision',
    {
      // it moves every holder's securities: a second factor used recently
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags,
        summary: 'Approve or reject a proposed split (staff other than its proposer)',
        security: bearer,
        params: IdParams,
        body: DecideSplitBody,
        response: { 200: SplitView },
      },
    },
    async (request) => splits.decide(actor(request), request.params.id, request.body),
  );
}

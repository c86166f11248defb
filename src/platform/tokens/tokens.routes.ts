import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import type { VerificationGates } from '../verification/gates.js';
import {
  CreateTokenBody,
  StartOfferingBody,
  TokenConsequencesView,
  TokenListQuery,
  TokenView,
  toTokenView,
} from './tokens.schemas.js';
import { primarySupplyOf, type TokensService } from './tokens.service.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';

const view = (token: Parameters<typeof primarySupplyOf>[0] & Parameters<typeof toTokenView>[0]) =>
  toTokenView(token, primarySupplyOf(token));

export function tokensRoutes(
  app: HttpApp,
  tokens: TokensService,
  { guard }: ReturnType<typeof guards>,
  { gate }: VerificationGates,
) {
  app.post(
    '/api/v1/tokens',
    {
      onRequest: [guard('issuer'), gate('issuer_actions')],
      schema: {
        tags: ['tokens'],
        summary: 'List a token (draft) for your active business',
        security: bearer,
        body: CreateTokenBody,
        response: { 201: TokenView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(view(await tokens.create(caller(request), request.body, request.ip))),
  );

  app.get(
    '/api/v1/tokens',
    {
      onRequest: guard(),
      schema: {
        tags: ['tokens'],
        summary: 'The marketplace: tokens, newest first',
        description:
          'Draft tokens appear only to the owner of their business and to staff and admins.',
        security: bearer,
        querystring: TokenListQuery,
        response: { 200: Page(TokenView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      return toPage(await tokens.list(caller(request), request.query), limit, view);
    },
  );

  app.get(
    '/api/v1/tokens/:id',
    {
      onRequest: guard(),
      schema: {
        tags: ['tokens'],
        summary: 'One token',
        description: 'A draft is 404 to anyone but the owner of its business, staff and admins.',
        security: bearer,
        params: IdParams,
        response: { 200: TokenView },
      },
    },
    async (request) => view(await tokens.get(caller(request), request.params.id)),
  );

  const admin = guard('admin');
  app.post(
    '/api/v1/admin/tokens/:id/deploy',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Deploy the token suite on chain (irreversible)',
        security: bearer,
        params: IdParams,
        response: {
          200: Type.Object({
            token: TokenView,
            tx_hash: Type.Union([Type.String(), Type.Null()]),
            contract_address: Type.String(),
            identity_registry_addr: Type.String(),
            compliance_addr: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const { token, deployment } = await tokens.deploy(
        caller(request).userId,
        request.params.id,
        request.ip,
      );
      return {
        token: view(token),
        tx_hash: deployment.tx_hash,
        contract_address: deployment.token_addr,
        identity_registry_addr: deployment.identity_registry_addr,
        compliance_addr: deployment.compliance_addr,
      };
    },
  );

  app.post(
    '/api/v1/admin/tokens/:id/start-offering',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Open the primary offering window',
        security: bearer,
        params: IdParams,
        body: StartOfferingBody,
        response: { 200: TokenView },
      },
    },
    async (request) =>
      view(
        await tokens.startOffering(
          caller(request).userId,
          request.params.id,
          request.body,
          request.ip,
        ),
      ),
  );

  app.get(
    '/api/v1/admin/tokens/:id/consequences',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'What go-live and delisting would do now: fee, allocation, holders, payments',
        description:
          'For the confirmation staff read before an irreversible move; go_live_blocked_by names why go-live would be refused now (null when it would succeed).',
        security: bearer,
        params: IdParams,
        response: { 200: TokenConsequencesView },
      },
    },
    async (request) => tokens.consequences(request.params.id),
  );

  app.post(
    '/api/v1/admin/tokens/:id/enable-secondary',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Go live: secondary trading, go-live allocation, success fee, contract unpaused',
        security: bearer,
        params: IdParams,
        response: { 200: TokenView },
      },
    },
    async (request) =>
      view(await tokens.enableSecondary(caller(request).userId, request.params.id, request.ip)),
  );

  for (const action of ['pause', 'resume', 'delist'] as const) {
    app.post(
      `/api/v1/admin/tokens/:id/${action}`,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} the token (the contract follows)`,
          security: bearer,
          params: IdParams,
          response: { 200: TokenView },
        },
      },
      async (request) =>
        view(await tokens.move(caller(request).userId, request.params.id, action, request.ip)),
    );
  }
}

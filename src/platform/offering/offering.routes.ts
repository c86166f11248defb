import { Type } from '@sinclair/typebox';
import type { Db } from '../../lib/db/database.js';
import type { AllocationStatus, OnChainStatus } from '../../lib/db/schema-issuance.js';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import type { VerificationGates } from '../verification/gates.js';
import {
  AllocationQuery,
  AllocationView,
  ConfirmPaymentBody,
  CreateRoundBody,
  RoundView,
  SubscribeBody,
  toAllocationView,
  toRoundView,
} from './offering.schemas.js';
import type { OfferingService } from './offering.service.js';
import { findVisibleToken } from '../tokens/tokens.queries.js';
import { AppError } from '../../lib/errors.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { WithUser, withUsers } from '../users/user-refs.js';

export function offeringRoutes(
  app: HttpApp,
  db: Db,
  offering: OfferingService,
  { guard }: ReturnType<typeof guards>,
  { gate }: VerificationGates,
) {
  app.post(
    '/api/v1/tokens/:id/subscribe',
    {
      onRequest: [guard('investor'), gate('subscribe')],
      schema: {
        tags: ['offering'],
        summary: 'Subscribe in the primary offering (fiat is held until payment is confirmed)',
        security: bearer,
        params: IdParams,
        body: SubscribeBody,
        response: { 201: AllocationView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          toAllocationView(
            await offering.subscribe(
              caller(request).userId,
              request.params.id,
              request.body,
              request.ip,
            ),
          ),
        ),
  );

  app.get(
    '/api/v1/allocations',
    {
      onRequest: guard('investor', 'issuer'),
      schema: {
        tags: ['offering'],
        summary: 'Your allocations, newest first',
        security: bearer,
        querystring: AllocationQuery,
        response: { 200: Page(AllocationView) },
      },
    },
    async (request) => allocationPage(db, request.query, caller(request).userId),
  );

  app.post(
    '/api/v1/tokens/:id/rounds',
    {
      onRequest: [guard('issuer'), gate('issuer_actions')],
      schema: {
        tags: ['offering'],
        summary: 'Create an offering round for your token',
        security: bearer,
        params: IdParams,
        body: CreateRoundBody,
        response: { 201: RoundView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          toRoundView(
            await offering.createRound(
              caller(request),
              request.params.id,
              request.body,
              request.ip,
            ),
          ),
        ),
  );

  app.get(
    '/api/v1/tokens/:id/rounds',
    {
      onRequest: guard(),
      schema: {
        tags: ['offering'],
        summary: "The token's offering rounds",
        security: bearer,
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Array(RoundView) }) },
      },
    },
    async (request) => {
      // A draft's rounds are as private as the draft itself.
      if (!(await findVisibleToken(db, request.params.id, caller(request))))
        throw new AppError('NOT_FOUND', 'No such token');
      return {
        data: (
          await db
            .selectFrom('offering_rounds')
            .selectAll()
            .where('token_id', '=', request.params.id)
            .orderBy('starts_at')
            .execute()
        ).map(toRoundView),
      };
    },
  );

  const admin = guard('admin');
  app.post(
    '/api/v1/admin/tokens/:id/confirm-payment',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Confirm payment of pending allocations (all or none)',
        security: bearer,
        params: IdParams,
        body: ConfirmPaymentBody,
        response: { 200: Type.Object({ data: Type.Array(AllocationView) }) },
      },
    },
    async (request) => ({
      data: (
        await offering.confirmPayment(
          caller(request).userId,
          request.params.id,
          request.body.allocation_ids,
          request.ip,
        )
      ).map(toAllocationView),
    }),
  );

  app.post(
    '/api/v1/admin/allocations/:id/reject',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending allocation and refund it',
        security: bearer,
        params: IdParams,
        response: { 200: AllocationView },
      },
    },
    async (request) =>
      toAllocationView(
        await offering.reject(caller(request).userId, request.params.id, request.ip),
      ),
  );

  app.post(
    '/api/v1/admin/allocations/:id/retry',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Send a failed on-chain allocation back to minting',
        security: bearer,
        params: IdParams,
        response: { 200: AllocationView },
      },
    },
    async (request) =>
      toAllocationView(await offering.retry(caller(request).userId, request.params.id, request.ip)),
  );

  app.get(
    '/api/v1/admin/allocations',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Allocations with their subscriber, e.g. ?on_chain_status=failed with their errors',
        security: bearer,
        querystring: AllocationQuery,
        response: {
          200: Page(Type.Intersect([AllocationView, WithUser])),
        },
      },
    },
    async (request) => {
      const page = await allocationPage(db, request.query);
      return { ...page, data: await withUsers(db, page.data, 'user_id') };
    },
  );
}

async function allocationPage(
  db: Db,
  query: {
    limit?: number;
    cursor?: string;
    token_id?: string;
    status?: string;
    on_chain_status?: string;
  },
  userId?: string,
) {
  const limit = query.limit ?? 50;
  let select = db
    .selectFrom('token_allocations')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (userId) select = select.where('user_id', '=', userId);
  if (query.cursor) select = select.where('id', '<', query.cursor);
  if (query.token_id) select = select.where('token_id', '=', query.token_id);
  if (query.status) select = select.where('status', '=', query.status as AllocationStatus);
  if (query.on_chain_status)
    select = select.where('on_chain_status', '=', query.on_chain_status as OnChainStatus);
  return toPage(await select.execute(), limit, toAllocationView);
}

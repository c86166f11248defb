import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page } from '../../lib/http/pagination.js';
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
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { WithUser } from '../users/user-refs.js';

export function offeringRoutes(
  app: HttpApp,
  offering: OfferingService,
  { guard, stepUp }: ReturnType<typeof guards>,
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
    async (request) => offering.allocations(request.query, caller(request).userId),
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
    async (request) => ({
      data: (await offering.rounds(caller(request), request.params.id)).map(toRoundView),
    }),
  );

  const admin = guard('admin');
  app.post(
    '/api/v1/admin/tokens/:id/confirm-payment',
    {
      // confirming payment mints tokens on chain: a second factor verified in the last minutes
      onRequest: stepUp('admin'),
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
      // the refund moves money
      onRequest: stepUp('admin'),
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
      const page = await offering.allocations(request.query);
      return { ...page, data: await offering.withSubscribers(page.data) };
    },
  );
}

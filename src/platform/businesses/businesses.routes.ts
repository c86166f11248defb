import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import type { VerificationGates } from '../verification/gates.js';
import {
  ActivateBusinessBody,
  BusinessView,
  CreateBusinessBody,
  toBusinessView,
} from './businesses.schemas.js';
import type { businessesService } from './businesses.service.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';

export function businessesRoutes(
  app: HttpApp,
  businesses: ReturnType<typeof businessesService>,
  { guard }: ReturnType<typeof guards>,
  { gate }: VerificationGates,
) {
  app.post(
    '/api/v1/businesses',
    {
      onRequest: [guard('issuer'), gate('register_business')],
      schema: {
        tags: ['businesses'],
        summary: 'Register a business (issuers, KYC level 2 or more)',
        security: bearer,
        body: CreateBusinessBody,
        response: { 201: BusinessView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          toBusinessView(await businesses.create(caller(request).userId, request.body, request.ip)),
        ),
  );

  app.get(
    '/api/v1/businesses',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags: ['businesses'],
        summary: 'Businesses: your own, or all for staff',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(BusinessView) }) },
      },
    },
    async (request) => ({ data: (await businesses.list(caller(request))).map(toBusinessView) }),
  );

  app.get(
    '/api/v1/businesses/:id',
    {
      onRequest: guard(),
      schema: {
        tags: ['businesses'],
        summary: 'One business (yours, or any for staff)',
        security: bearer,
        params: IdParams,
        response: { 200: BusinessView },
      },
    },
    async (request) => toBusinessView(await businesses.get(caller(request), request.params.id)),
  );

  app.patch(
    '/api/v1/admin/businesses/:id',
    {
      onRequest: guard('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Activate a business (its KYB must be approved)',
        security: bearer,
        params: IdParams,
        body: ActivateBusinessBody,
        response: { 200: BusinessView },
      },
    },
    async (request) =>
      toBusinessView(
        await businesses.activate(caller(request).userId, request.params.id, request.ip),
      ),
  );
}

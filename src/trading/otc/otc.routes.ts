/** OTC requests: the investor's own and staff review (HTTP only; docs/otc.md). */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { byIdRoute } from '../../lib/http/by-id-route.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import {
  AdminOtcListQuery,
  OtcApproveAnswer,
  OtcListQuery,
  OtcOrderView,
  RejectBody,
} from './otc.schemas.js';
import type { OtcService } from './otc.service.js';
import { toOtcOrderView } from './otc.views.js';

export function otcRoutes(
  app: HttpApp,
  otc: OtcService,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const investor = guard('investor');
  const staff = guard('staff', 'admin');
  const tags = ['otc'];

  app.get(
    '/api/v1/otc-orders',
    {
      onRequest: investor,
      config: { apiKey: 'read' },
      schema: {
        tags,
        summary: 'Your OTC requests, newest first',
        security: bearer,
        querystring: OtcListQuery,
        response: { 200: Page(OtcOrderView) },
      },
    },
    async (request) =>
      toPage(
        await otc.list(caller(request).userId, request.query),
        request.query.limit ?? 50,
        toOtcOrderView,
      ),
  );

  byIdRoute(app, {
    method: 'GET',
    url: '/api/v1/otc-orders/:id',
    onRequest: investor,
    apiKey: 'read',
    tags,
    summary: 'One of your OTC requests',
    response: OtcOrderView,
    handler: (who, id) => otc.get(who.userId, id),
  });

  byIdRoute(app, {
    method: 'DELETE',
    url: '/api/v1/otc-orders/:id',
    onRequest: investor,
    apiKey: 'trade',
    tags,
    summary: 'Cancel one of your OTC requests (pending or approved); releases its lock',
    response: OtcOrderView,
    handler: (who, id) => otc.cancel(who.userId, id),
  });

  app.get(
    '/api/v1/admin/otc-orders',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'OTC requests, newest first (status, token and user filters)',
        security: bearer,
        querystring: AdminOtcListQuery,
        response: { 200: Page(OtcOrderView) },
      },
    },
    async (request) =>
      toPage(await otc.list(null, request.query), request.query.limit ?? 50, toOtcOrderView),
  );

  byIdRoute(app, {
    method: 'GET',
    url: '/api/v1/admin/otc-orders/:id',
    onRequest: staff,
    tags,
    summary: 'One OTC request',
    response: OtcOrderView,
    handler: (_who, id) => otc.get(null, id),
  });

  app.post(
    '/api/v1/admin/otc-orders/:id/approve',
    {
      // approving may cross the request at once: securities and cash move
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags,
        summary:
          'Approve a pending request; it crosses at once with approved ones of the other side',
        security: bearer,
        params: IdParams,
        response: { 200: OtcApproveAnswer },
      },
    },
    async (request) => otc.approve(caller(request).userId, request.params.id),
  );

  app.post(
    '/api/v1/admin/otc-orders/:id/reject',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Reject a pending request with a reason; releases its lock',
        security: bearer,
        params: IdParams,
        body: RejectBody,
        response: { 200: OtcOrderView },
      },
    },
    async (request) => otc.reject(caller(request).userId, request.params.id, request.body.reason),
  );
}

/** Staff's surveillance routes: alerts with their evidence, and per-token thresholds (admins set them). */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import {
  Alert,
  AlertsQuery,
  CloseAlertBody,
  ThresholdsBody,
  ThresholdsParams,
  ThresholdsView,
} from './surveillance.schemas.js';
import type { SurveillanceService } from './surveillance.service.js';

export function surveillanceRoutes(
  app: HttpApp,
  service: SurveillanceService,
  { guard }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');
  const tags = ['surveillance'];

  app.get(
    '/api/v1/admin/surveillance/alerts',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Surveillance alerts, newest first',
        security: bearer,
        querystring: AlertsQuery,
        response: { 200: Page(Alert) },
      },
    },
    async (request) => {
      const { status, token_id, rule, limit = 50, cursor } = request.query;
      return service.list({ status, token_id, rule }, limit, cursor);
    },
  );

  app.get(
    '/api/v1/admin/surveillance/alerts/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'One surveillance alert with its evidence',
        security: bearer,
        params: IdParams,
        response: { 200: Alert },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/v1/admin/surveillance/alerts/:id/close',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Close an open alert with a note',
        security: bearer,
        params: IdParams,
        body: CloseAlertBody,
        response: { 200: Alert },
      },
    },
    async (request) => service.close(request.params.id, caller(request).userId, request.body.note),
  );

  app.get(
    '/api/v1/admin/surveillance/thresholds/:tokenId',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A token's surveillance thresholds (the platform's defaults when it has none)",
        security: bearer,
        params: ThresholdsParams,
        response: { 200: ThresholdsView },
      },
    },
    async (request) => service.thresholds(request.params.tokenId),
  );

  app.put(
    '/api/v1/admin/surveillance/thresholds/:tokenId',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: "Set a token's surveillance thresholds (all of them)",
        security: bearer,
        params: ThresholdsParams,
        body: ThresholdsBody,
        response: { 200: ThresholdsView },
      },
    },
    async (request) =>
      service.setThresholds(request.params.tokenId, request.body, caller(request).userId),
  );
}

/** The charts: a token's for its issuer and staff, the platform's activity for staff. */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { ActivityView, ChartQuery, TokenChartsView } from './charts.schemas.js';
import type { ChartsService } from './charts.service.js';

export function chartsRoutes(
  app: HttpApp,
  charts: ChartsService,
  { guard }: ReturnType<typeof guards>,
) {
  app.get(
    '/api/v1/tokens/:id/charts',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags: ['charts'],
        summary: "A token's holders over time, trading over time and holders by country",
        description:
          'Holders from the record of token movements, trading from the trades; default the ' +
          'last 30 days by day. The token’s issuer and staff.',
        security: bearer,
        params: IdParams,
        querystring: ChartQuery,
        response: { 200: TokenChartsView },
      },
    },
    async (request) => charts.tokenCharts(caller(request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/admin/activity',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'Orders and trades per bucket, and the settlement and verification queues',
        description: 'Default the last 24 hours by hour.',
        security: bearer,
        querystring: ChartQuery,
        response: { 200: ActivityView },
      },
    },
    async (request) => charts.activity(request.query),
  );
}

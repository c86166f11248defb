/** Staff's order audit trail: pages of order events and the CSV of a range (docs/reports.md). */
import type { HttpApp } from '../../lib/http/app.js';
import type { guards } from '../../lib/http/auth-guard.js';
import { bearer } from '../../lib/http/route-schemas.js';
import { orderEventsCsv, orderEventsFileName } from './order-audit-csv.js';
import { OrderEventsCsvQuery, OrderEventsPage, OrderEventsQuery } from './order-audit.schemas.js';
import type { OrderAuditService } from './order-audit.service.js';

export function orderAuditRoutes(
  app: HttpApp,
  audit: OrderAuditService,
  { guard }: ReturnType<typeof guards>,
) {
  const onRequest = guard('staff', 'admin');
  const tags = ['reports'];
  const description =
    'Every order event with from <= event_time < to (at most 31 days): each status change of ' +
    'an order and every refused order, amend and cancel with its error code, in the order they ' +
    'happened. Staff.';

  app.get(
    '/api/v1/admin/order-events',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The order audit trail, a page at a time',
        description,
        security: bearer,
        querystring: OrderEventsQuery,
        response: { 200: OrderEventsPage },
      },
    },
    async (request) => audit.page(request.query),
  );

  app.get(
    '/api/v1/admin/order-events.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The order audit trail of a range, as CSV',
        description,
        security: bearer,
        querystring: OrderEventsCsvQuery,
      },
    },
    async (request, reply) => {
      const found = await audit.all(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${orderEventsFileName(found)}"`)
        .send(orderEventsCsv(found.events));
    },
  );
}

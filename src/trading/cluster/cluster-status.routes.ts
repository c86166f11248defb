/** Staff's view of the trading nodes and the books they own (HTTP only). */
import type { HttpApp } from '../../lib/http/app.js';
import type { guards } from '../../lib/http/auth-guard.js';
import { bearer } from '../../lib/http/route-schemas.js';
import { ClusterStatusView } from './cluster-status.schemas.js';
import type { ClusterStatusService } from './cluster-status.service.js';

export function clusterStatusRoutes(
  app: HttpApp,
  service: ClusterStatusService,
  { guard }: ReturnType<typeof guards>,
) {
  app.get(
    '/api/v1/admin/cluster',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['trading admin'],
        summary:
          'The trading nodes (state, heartbeat, books) and every book lease (owner, epoch, ages)',
        security: bearer,
        response: { 200: ClusterStatusView },
      },
    },
    async () => service.status(),
  );
}

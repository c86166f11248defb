/** Staff's view of the trading nodes and the books they own (HTTP only). */
import type { Db } from '../../lib/db/database.js';
import type { HttpApp } from '../../lib/http/app.js';
import type { guards } from '../../lib/http/auth-guard.js';
import { bearer } from '../../lib/http/route-schemas.js';
import { bookLeases, nodeHeartbeats } from './cluster-status.queries.js';
import { clusterStatus, type AnsweringNode } from './cluster-status.js';
import { ClusterStatusView } from './cluster-status.schemas.js';

export function clusterStatusRoutes(
  app: HttpApp,
  deps: { db: Db; self: AnsweringNode },
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
    async () => {
      const [heartbeats, leases] = await Promise.all([
        nodeHeartbeats(deps.db),
        bookLeases(deps.db),
      ]);
      return clusterStatus(deps.self, heartbeats, leases);
    },
  );
}

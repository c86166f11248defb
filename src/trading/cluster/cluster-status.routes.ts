/** Staff's view of the trading nodes and the books they own, and each book's owner for clients. */
import type { HttpApp } from '../../lib/http/app.js';
import type { guards } from '../../lib/http/auth-guard.js';
import { bearer } from '../../lib/http/route-schemas.js';
import { BookOwnersView, ClusterStatusView } from './cluster-status.schemas.js';
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
  // public: a node's address is no secret (clients reach it anyway), and a client that routes by
  // it saves each order the hop to the owner (docs/deployment.md "Token-aware clients")
  app.get(
    '/api/v1/cluster/book-owners',
    {
      schema: {
        tags: ['market data'],
        summary: "Each book's owner node, for clients that send a book's commands straight to it",
        response: { 200: BookOwnersView },
      },
    },
    async () => service.owners(),
  );
}

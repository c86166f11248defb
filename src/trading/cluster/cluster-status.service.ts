/**
 * The trading cluster as read from the heartbeats and leases: staff's view, and each book's owner
 * for clients that send a book's commands straight to it (the token-aware route).
 */
import type { Db } from '../../lib/db/database.js';
import { bookLeases, bookOwners, nodeHeartbeats } from './cluster-status.queries.js';
import { clusterStatus, type AnsweringNode, type ClusterStatus } from './cluster-status.js';

export function clusterStatusService(db: Db, self: AnsweringNode) {
  return {
    async status(): Promise<ClusterStatus> {
      const [heartbeats, leases] = await Promise.all([nodeHeartbeats(db), bookLeases(db)]);
      return clusterStatus(self, heartbeats, leases);
    },
    /** the single process owns every book: there is no other node to route to */
    async owners(): Promise<{ books: { token_id: string; node_url: string }[] }> {
      if (self.exclusive) return { books: [] };
      const rows = await bookOwners(db);
      return { books: rows.map((row) => ({ token_id: row.token_id, node_url: row.url! })) };
    },
  };
}

export type ClusterStatusService = ReturnType<typeof clusterStatusService>;

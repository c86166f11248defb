/** Staff's view of the trading cluster: the heartbeats and leases read, then put together. */
import type { Db } from '../../lib/db/database.js';
import { bookLeases, nodeHeartbeats } from './cluster-status.queries.js';
import { clusterStatus, type AnsweringNode, type ClusterStatus } from './cluster-status.js';

export function clusterStatusService(db: Db, self: AnsweringNode) {
  return {
    async status(): Promise<ClusterStatus> {
      const [heartbeats, leases] = await Promise.all([nodeHeartbeats(db), bookLeases(db)]);
      return clusterStatus(self, heartbeats, leases);
    },
  };
}

export type ClusterStatusService = ReturnType<typeof clusterStatusService>;

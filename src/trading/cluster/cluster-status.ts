/**
 * Staff's view of the trading cluster (GET /api/v1/admin/cluster), put together from the heartbeat
 * and lease rows: each node with its state and the books it owns, each book with its owner, epoch
 * and lease times. A node whose heartbeat stopped stays in view, `expired`, while books are still
 * leased to it (until they fail over); the single process, which keeps no heartbeat row, is shown
 * as the one live node.
 */
import type { BookLease, NodeHeartbeat } from './cluster-status.queries.js';

export type NodeState = 'live' | 'draining' | 'expired';
export type LeaseState = 'held' | 'expired' | 'free';

/** The node answering, as it runs. */
export interface AnsweringNode {
  id: string;
  url: string | null;
  /** the single-process mode: no heartbeat row, every book its own */
  exclusive: boolean;
}

export interface ClusterNode {
  id: string;
  url: string | null;
  state: NodeState;
  started_at: string | null;
  heartbeat_age_ms: number | null;
  books: number;
}

export interface ClusterBook {
  token_id: string;
  symbol: string;
  owner_node: string | null;
  state: LeaseState;
  epoch: number;
  acquired_at: string;
  lease_age_ms: number;
  expires_at: string;
  expires_in_ms: number;
}

export interface ClusterStatus {
  answered_by: string;
  mode: 'single' | 'cluster';
  nodes: ClusterNode[];
  books: ClusterBook[];
}

function leaseState(lease: BookLease): LeaseState {
  if (lease.owner_node === null) return 'free';
  return lease.expires_in_ms > 0 ? 'held' : 'expired';
}

function nodeState(node: NodeHeartbeat): NodeState {
  if (node.expired) return 'expired';
  return node.draining ? 'draining' : 'live';
}

export function clusterStatus(
  self: AnsweringNode,
  heartbeats: readonly NodeHeartbeat[],
  leases: readonly BookLease[],
): ClusterStatus {
  const books = leases.map((lease): ClusterBook => ({
    token_id: lease.token_id,
    symbol: lease.symbol,
    owner_node: lease.owner_node,
    state: leaseState(lease),
    epoch: Number(lease.epoch),
    acquired_at: lease.acquired_at.toISOString(),
    lease_age_ms: Math.round(lease.lease_age_ms),
    expires_at: lease.expires_at.toISOString(),
    expires_in_ms: Math.round(lease.expires_in_ms),
  }));
  const owned = new Map<string, number>();
  for (const book of books) {
    if (book.state === 'held' || book.state === 'expired') {
      owned.set(book.owner_node!, (owned.get(book.owner_node!) ?? 0) + 1);
    }
  }
  const nodes = heartbeats
    .filter((node) => !node.expired || owned.has(node.id) || node.id === self.id)
    .map((node): ClusterNode => ({
      id: node.id,
      url: node.url,
      state: nodeState(node),
      started_at: node.started_at.toISOString(),
      heartbeat_age_ms: Math.round(node.heartbeat_age_ms),
      books: owned.get(node.id) ?? 0,
    }));
  if (!nodes.some((node) => node.id === self.id)) {
    nodes.push({
      id: self.id,
      url: self.url,
      state: 'live',
      started_at: null,
      heartbeat_age_ms: null,
      books: owned.get(self.id) ?? 0,
    });
    nodes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return {
    answered_by: self.id,
    mode: self.exclusive ? 'single' : 'cluster',
    nodes,
    books,
  };
}

import { describe, expect, it } from 'vitest';
import type { BookLease, NodeHeartbeat } from './cluster-status.queries.js';
import { clusterStatus } from './cluster-status.js';

const at = new Date('2026-01-05T10:00:00Z');

const heartbeat = (id: string, extra: Partial<NodeHeartbeat> = {}): NodeHeartbeat => ({
  id,
  url: `http://${id}:8081`,
  started_at: at,
  draining: false,
  heartbeat_age_ms: 400.4,
  expired: false,
  ...extra,
});

const lease = (symbol: string, owner: string | null, expiresInMs: number): BookLease => ({
  token_id: `token-${symbol}`,
  symbol,
  owner_node: owner,
  epoch: 2,
  acquired_at: at,
  expires_at: at,
  lease_age_ms: 1_500.6,
  expires_in_ms: expiresInMs,
});

describe('clusterStatus', () => {
  it('shows the single process, which keeps no heartbeat, as the one live node', () => {
    const status = clusterStatus(
      { id: 'solo', url: null, exclusive: true },
      [],
      [lease('AAA', 'solo', 4_000)],
    );
    expect(status).toMatchObject({
      answered_by: 'solo',
      mode: 'single',
      nodes: [{ id: 'solo', state: 'live', heartbeat_age_ms: null, started_at: null, books: 1 }],
      books: [{ symbol: 'AAA', state: 'held', epoch: 2, lease_age_ms: 1_501 }],
    });
  });

  it('tells live, draining and expired nodes; an expired one only while books are leased to it', () => {
    const status = clusterStatus(
      { id: 'b', url: null, exclusive: false },
      [
        heartbeat('a', { draining: true }),
        heartbeat('b'),
        heartbeat('gone', { expired: true }),
        heartbeat('dead', { expired: true }),
      ],
      [lease('AAA', 'a', 3_000), lease('BBB', 'dead', -200), lease('CCC', null, -5_000)],
    );
    expect(status.nodes.map((node) => [node.id, node.state, node.books])).toEqual([
      ['a', 'draining', 1],
      ['b', 'live', 0],
      ['dead', 'expired', 1],
    ]);
    expect(status.nodes[1]!.heartbeat_age_ms).toBe(400);
    expect(status.books.map((book) => [book.symbol, book.state])).toEqual([
      ['AAA', 'held'],
      ['BBB', 'expired'],
      ['CCC', 'free'],
    ]);
  });

  it('keeps the answering node in view though its own heartbeat ran out', () => {
    const status = clusterStatus(
      { id: 'late', url: null, exclusive: false },
      [heartbeat('late', { expired: true })],
      [],
    );
    expect(status.nodes).toEqual([expect.objectContaining({ id: 'late', state: 'expired' })]);
  });
});

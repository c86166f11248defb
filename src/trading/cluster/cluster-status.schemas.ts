import { Type } from '@sinclair/typebox';

const Instant = Type.String({ format: 'date-time' });

export const ClusterStatusView = Type.Object({
  answered_by: Type.String({ description: 'the node that answered' }),
  mode: Type.Union([Type.Literal('single'), Type.Literal('cluster')], {
    description: 'single: one process owns every book (no NATS); cluster: nodes share them',
  }),
  nodes: Type.Array(
    Type.Object({
      id: Type.String(),
      url: Type.Union([Type.String(), Type.Null()]),
      state: Type.Union([Type.Literal('live'), Type.Literal('draining'), Type.Literal('expired')], {
        description: 'expired: its heartbeat stopped and books are still leased to it',
      }),
      started_at: Type.Union([Instant, Type.Null()]),
      heartbeat_age_ms: Type.Union([Type.Integer(), Type.Null()], {
        description: 'since its last heartbeat; null for the single process, which keeps none',
      }),
      books: Type.Integer({ description: 'books leased to it' }),
    }),
  ),
  books: Type.Array(
    Type.Object({
      token_id: Type.String(),
      symbol: Type.String(),
      owner_node: Type.Union([Type.String(), Type.Null()]),
      state: Type.Union([Type.Literal('held'), Type.Literal('expired'), Type.Literal('free')], {
        description: 'expired: its owner stopped renewing and any node may take it',
      }),
      epoch: Type.Integer({ description: 'rises at every hand-over; every commit checks it' }),
      acquired_at: Instant,
      lease_age_ms: Type.Integer({ description: 'since its owner took it' }),
      expires_at: Instant,
      expires_in_ms: Type.Integer({ description: 'negative once expired' }),
    }),
  ),
});

export const BookOwnersView = Type.Object({
  books: Type.Array(
    Type.Object({
      token_id: Type.String(),
      node_url: Type.String({ description: "the owner node's public URL (its TRADING_URL)" }),
    }),
    {
      description:
        'books held by a live node; a book left out, or every book of a single process, is served by any node',
    },
  ),
});

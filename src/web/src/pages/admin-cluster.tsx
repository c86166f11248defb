/**
 * Staff: the trading nodes (docs/deployment.md) as GET /api/v1/admin/cluster reads them from the
 * heartbeats and leases, refreshed every two seconds: each node's state, heartbeat age and
 * books, and each book's owner, epoch and lease age and expiry.
 */
import { useEffect } from 'preact/hooks';
import { ok, trading } from '../api.js';
import { duration } from '../durations.js';
import type { ClusterStatus } from '../trading-types.js';
import { Loaded, Table, useLoad } from '../ui.js';

const refreshMs = 2_000;

type Node = ClusterStatus['nodes'][number];
type Book = ClusterStatus['books'][number];

function NodeBooks({ node, books }: { node: Node; books: Book[] }) {
  const own = books.filter((book) => book.owner_node === node.id);
  return (
    <article class="card" aria-label={`Node ${node.id}`}>
      <h2>
        {node.id} ({node.state})
      </h2>
      <p class="muted">
        {node.url ?? 'no URL'} · heartbeat{' '}
        {node.heartbeat_age_ms === null
          ? 'none (single process)'
          : `${duration(node.heartbeat_age_ms)} ago`}
      </p>
      <Table
        label={`Books of ${node.id}`}
        rows={own}
        empty="No book leased to this node."
        columns={[
          ['Book', (b) => <a href={`#/trade/${b.token_id}`}>{b.symbol}</a>],
          ['Lease', (b) => b.state],
          ['Epoch', (b) => b.epoch],
          ['Lease age', (b) => duration(b.lease_age_ms)],
          [
            'Expiry',
            (b) =>
              b.expires_in_ms > 0
                ? `in ${duration(b.expires_in_ms)}`
                : `${duration(-b.expires_in_ms)} ago`,
          ],
        ]}
      />
    </article>
  );
}

export function AdminCluster() {
  const status = useLoad(() => ok(trading.GET('/api/v1/admin/cluster')));
  useEffect(() => {
    const timer = setInterval(status.reload, refreshMs);
    return () => clearInterval(timer);
  }, [status.reload]);
  return (
    <section>
      <h1>Trading nodes</h1>
      <Loaded state={status}>
        {(s) => {
          const free = s.books.filter((book) => book.owner_node === null);
          return (
            <>
              <p class="muted" data-testid="cluster-mode">
                {s.mode === 'single'
                  ? 'One trading process owns every book.'
                  : `${s.nodes.length} node(s) share the books; answered by ${s.answered_by}.`}
              </p>
              <Table
                label="Nodes"
                rows={s.nodes}
                empty="No trading node."
                columns={[
                  ['Node', (n) => n.id],
                  ['State', (n) => n.state],
                  [
                    'Heartbeat',
                    (n) =>
                      n.heartbeat_age_ms === null ? '—' : `${duration(n.heartbeat_age_ms)} ago`,
                  ],
                  ['Books', (n) => n.books],
                ]}
              />
              {s.nodes.map((node) => (
                <NodeBooks key={node.id} node={node} books={s.books} />
              ))}
              {free.length > 0 ? (
                <p data-testid="free-books">
                  Not owned now (taken by the first node a request for them reaches):{' '}
                  {free.map((book) => book.symbol).join(', ')}
                </p>
              ) : null}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

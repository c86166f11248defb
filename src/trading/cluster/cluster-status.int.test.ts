/**
 * Staff's cluster view (GET /api/v1/admin/cluster): the single process answers as the one node
 * owning every book; two nodes on NATS each show both nodes, their books and the leases' epochs
 * and ages, a node whose heartbeat stopped stays in view as expired while it still has books, and
 * a drained node leaves the view; each node's metrics carry its own leases. Anyone but staff is
 * refused with problem+json. Each book's owner (its URL) is public, for the token-aware route.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { testNatsUrl } from '../../../test/support/nats.js';
import { clusterNode, startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import type { TradingApp } from '../app.js';

const natsUrl = await testNatsUrl();

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

const order = (tokenId: string) => ({
  token_id: tokenId,
  side: 'buy',
  order_type: 'limit',
  quantity: 1,
  price: '10.00',
});

const view = (app: TradingApp, token: string) =>
  app.app.inject({
    method: 'GET',
    url: '/api/v1/admin/cluster',
    headers: { authorization: `Bearer ${token}` },
  });

describe('cluster view of one process', () => {
  it('answers with the one node and the books it owns', async () => {
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    expect(
      (await sys.call('POST', '/api/v1/orders', order(token.id), buyer.token)).statusCode,
    ).toBe(200);
    const staff = await sys.user('staff');
    const response = await view(sys.trading, staff.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const self = testConfig({}).cluster.nodeId;
    expect(body).toMatchObject({
      answered_by: self,
      mode: 'single',
      nodes: [{ id: self, state: 'live', heartbeat_age_ms: null, books: 1 }],
    });
    expect(body.books).toEqual([
      expect.objectContaining({ token_id: token.id, owner_node: self, state: 'held', epoch: 1 }),
    ]);
    expect(body.books[0].lease_age_ms).toBeGreaterThanOrEqual(0);
    expect(body.books[0].expires_in_ms).toBeGreaterThan(0);
    // no other node to route to: every client sends to the one process
    const owners = await sys.trading.app.inject({
      method: 'GET',
      url: '/api/v1/cluster/book-owners',
    });
    expect(owners.statusCode).toBe(200);
    expect(owners.json()).toEqual({ books: [] });
  });

  it('refuses anyone but staff with problem+json', async () => {
    const investor = await sys.user('investor');
    const refused = await view(sys.trading, investor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().code).toBe('FORBIDDEN_ROLE');
    const anonymous = await sys.trading.app.inject({ method: 'GET', url: '/api/v1/admin/cluster' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.skipIf(!natsUrl)('cluster view of two nodes', () => {
  const nodes: TradingApp[] = [];
  const names = ['view-a', 'view-b'].map((name) => `${name}-${process.pid}`);

  beforeAll(async () => {
    for (const name of names) {
      nodes.push(
        await clusterNode(sys, natsUrl!, name, {
          TRADING_URL: `http://${name}.example:8081`,
          // no balancing round during the test: it would take the dead node's book
          BOOK_LEASE_MS: '60000',
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.app.close()));
  });

  it('shows both nodes with their books, an expired one while it has books, not a drained one', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    const [first, second] = [await sys.token(), await sys.token()];
    const buyer = await sys.funded(first.id);
    await sys.giveTokens(buyer.id, second.id, 0);
    // each node takes the book the first request for it reaches
    for (const [node, token] of [
      [a, first],
      [b, second],
    ] as const) {
      const placed = await node.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload: order(token.id),
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(placed.statusCode).toBe(200);
    }
    // a node that died with a book: its heartbeat and lease ran out, no one took the book yet
    const dead = `view-dead-${process.pid}`;
    const orphan = await sys.token();
    await sql`insert into trading_nodes (id, url, heartbeat_at, expires_at)
      values (${dead}, null, now() - interval '9 seconds', now() - interval '4 seconds')`.execute(
      sys.db,
    );
    await sql`insert into book_leases (token_id, owner_node, epoch, expires_at, acquired_at)
      values (${orphan.id}, ${dead}, 3, now() - interval '4 seconds', now() - interval '1 minute')`.execute(
      sys.db,
    );

    const staff = await sys.user('staff');
    const response = await view(b, staff.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ answered_by: names[1], mode: 'cluster' });
    const byId = new Map(body.nodes.map((node: { id: string }) => [node.id, node]));
    expect(byId.get(names[0])).toMatchObject({
      state: 'live',
      url: `http://${names[0]}.example:8081`,
      books: 1,
    });
    expect(byId.get(names[1])).toMatchObject({ state: 'live', books: 1 });
    expect(byId.get(dead)).toMatchObject({ state: 'expired', books: 1 });
    expect((byId.get(dead) as { heartbeat_age_ms: number }).heartbeat_age_ms).toBeGreaterThan(
      8_000,
    );
    const books = new Map(body.books.map((book: { token_id: string }) => [book.token_id, book]));
    expect(books.get(first.id)).toMatchObject({ owner_node: names[0], state: 'held' });
    expect(books.get(second.id)).toMatchObject({ owner_node: names[1], state: 'held' });
    const lost = books.get(orphan.id) as { state: string; epoch: number; lease_age_ms: number };
    expect(lost).toMatchObject({ owner_node: dead, state: 'expired', epoch: 3 });
    expect(lost.lease_age_ms).toBeGreaterThanOrEqual(60_000);

    // each node exports its own side of it: its books' lease times, its renewals, its state
    const metrics = (await a.app.inject({ method: 'GET', url: '/metrics' })).body;
    const gauge = (name: string, labels = '') =>
      metrics.match(new RegExp(`^${name}\\{${labels}service="trading"\\} (\\S+)$`, 'm'))?.[1];
    const now = Date.now() / 1000;
    const acquired = Number(
      gauge('trading_book_lease_acquired_timestamp_seconds', `token_id="${first.id}",`),
    );
    expect(acquired).toBeGreaterThan(now - 60);
    expect(acquired).toBeLessThanOrEqual(now);
    expect(
      gauge('trading_book_lease_acquired_timestamp_seconds', `token_id="${second.id}",`),
    ).toBeUndefined();
    expect(Number(gauge('trading_leases_renewed_timestamp_seconds'))).toBeGreaterThan(now - 60);
    expect(gauge('trading_node_draining')).toBe('0');
    expect(gauge('trading_books_owned')).toBe('1');

    // anyone may ask each book's owner, by its public URL: only books a live node holds
    const owners = await a.app.inject({ method: 'GET', url: '/api/v1/cluster/book-owners' });
    expect(owners.statusCode).toBe(200);
    const ownerOf = new Map(
      owners
        .json()
        .books.map((book: { token_id: string; node_url: string }) => [
          book.token_id,
          book.node_url,
        ]),
    );
    expect(ownerOf.get(first.id)).toBe(`http://${names[0]}.example:8081`);
    expect(ownerOf.get(second.id)).toBe(`http://${names[1]}.example:8081`);
    expect(ownerOf.has(orphan.id)).toBe(false);
    // the same view from the other node
    expect((await view(a, staff.token)).json().nodes).toEqual(
      body.nodes.map((node: object) => ({ ...node, heartbeat_age_ms: expect.any(Number) })),
    );

    // a drained node hands its books to the other (below its share) and leaves the view
    await b.app.close();
    nodes.pop();
    const after = (await view(a, staff.token)).json();
    expect(after.nodes.map((node: { id: string }) => node.id)).not.toContain(names[1]);
    expect(after.books).toContainEqual(
      expect.objectContaining({ token_id: second.id, owner_node: names[0], state: 'held' }),
    );
  });
});

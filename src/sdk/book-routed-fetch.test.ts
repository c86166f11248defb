/**
 * The SDK's token-aware route over real HTTP: two servers stand for two trading nodes, the first
 * naming the second as the owner of one book. Which node each request reaches, and with what.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tessera } from './index.js';

interface Node {
  url: string;
  seen: { line: string; signed: boolean }[];
  close(): Promise<void>;
}

const ownedBook = '0f3c5b1e-3b7a-4c36-9d57-2f1a2b3c4d5e';
const otherBook = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

async function node(owners: () => { token_id: string; node_url: string }[]): Promise<Node> {
  const seen: Node['seen'] = [];
  const server = http.createServer((request, response) => {
    const line = `${request.method} ${request.url}`;
    response.setHeader('content-type', 'application/json');
    if (line === 'GET /api/v1/cluster/book-owners') {
      response.end(JSON.stringify({ books: owners() }));
      return;
    }
    seen.push({ line, signed: typeof request.headers['x-tessera-signature'] === 'string' });
    const placing = line === 'POST /api/v1/orders';
    response.end(JSON.stringify(placing ? { order: { id: `order-${seen.length}` } } : {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const order = (token_id: string) => ({
  token_id,
  side: 'buy' as const,
  order_type: 'limit' as const,
  quantity: 1,
  price: '9.00',
});

describe('the SDK with tokenAware', () => {
  const nodes: Node[] = [];
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.close()));
  });

  it("sends a book's commands to its owner, signed as they were, and the rest to the node it was given", async () => {
    const owner = await node(() => []);
    const given = await node(() => [{ token_id: ownedBook, node_url: `${owner.url}/` }]);
    nodes.push(owner, given);
    const sdk = tessera({
      platformUrl: given.url,
      tradingUrl: given.url,
      credentials: { accessKey: 'key', secret: 'secret' },
      tokenAware: true,
    });

    const placed = await sdk.trading.POST('/api/v1/orders', { body: order(ownedBook) });
    const id = placed.data && 'order' in placed.data ? placed.data.order.id : '';
    await sdk.trading.DELETE('/api/v1/orders/{id}', { params: { path: { id } } });
    await sdk.trading.DELETE('/api/v1/orders', { params: { query: { token_id: ownedBook } } });
    await sdk.trading.POST('/api/v1/orders', { body: order(otherBook) });
    await sdk.trading.GET('/api/v1/orders');
    await sdk.trading.DELETE('/api/v1/orders/{id}', {
      params: { path: { id: 'not-placed-here' } },
    });

    expect(owner.seen).toEqual([
      { line: 'POST /api/v1/orders', signed: true },
      { line: `DELETE /api/v1/orders/${id}`, signed: true },
      { line: `DELETE /api/v1/orders?token_id=${ownedBook}`, signed: true },
    ]);
    expect(given.seen.map((s) => s.line)).toEqual([
      'POST /api/v1/orders',
      'GET /api/v1/orders',
      'DELETE /api/v1/orders/not-placed-here',
    ]);
  });

  it('sends a command whose owner refuses the connection to the node it was given, the same request', async () => {
    const owner = await node(() => []);
    const ownerUrl = owner.url;
    const given = await node(() => [{ token_id: ownedBook, node_url: ownerUrl }]);
    nodes.push(given);
    await owner.close();
    const sdk = tessera({ platformUrl: given.url, tradingUrl: given.url, tokenAware: true });

    const placed = await sdk.trading.POST('/api/v1/orders', { body: order(ownedBook) });

    expect(placed.response.status).toBe(200);
    expect(given.seen).toEqual([{ line: 'POST /api/v1/orders', signed: false }]);
  });
});

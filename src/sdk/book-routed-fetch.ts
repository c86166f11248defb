/**
 * The SDK's token-aware route (docs/deployment.md "Token-aware clients"): the trading client's
 * `fetch`, which sends each command of a book to the node that owns it, so that no order pays a
 * hop between nodes, and anything else to the node it was given. A command names its book by the
 * body's or the query's `token_id`; an amend or cancel by order id, by the book of the order this
 * client placed (remembered from the answer). Requests are signed before they reach this fetch,
 * over the path and body only, so a signed request may go to any node as it is.
 */
import { BookRoute, type BookRouteOptions } from '../lib/book-route.js';

const ordersPath = '/api/v1/orders';
const orderPath = /^\/api\/v1\/orders\/([^/]+)$/;
/** the orders whose book is remembered, the oldest forgotten first */
const rememberedOrders = 100_000;

function tokenOf(url: URL, body: ArrayBuffer | undefined, books: Map<string, string>) {
  const fromQuery = url.searchParams.get('token_id');
  if (fromQuery) return fromQuery;
  const order = orderPath.exec(url.pathname);
  if (order) return books.get(order[1]!);
  if (url.pathname !== ordersPath || body === undefined || body.byteLength === 0) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { token_id?: unknown };
    return typeof parsed.token_id === 'string' ? parsed.token_id : undefined;
  } catch {
    return undefined;
  }
}

export type BookRoutedFetch = (request: Request) => Promise<Response>;

export function bookRoutedFetch(
  tradingUrl: string,
  options: Omit<BookRouteOptions, 'anyNode'> = {},
): BookRoutedFetch {
  const anyNode = tradingUrl.replace(/\/$/, '');
  const route = new BookRoute({ ...options, anyNode: () => anyNode });
  const books = new Map<string, string>();
  let firstRead: Promise<void> | undefined;

  function remember(orderId: string, tokenId: string): void {
    books.set(orderId, tokenId);
    if (books.size > rememberedOrders) books.delete(books.keys().next().value!);
  }

  return async (request) => {
    const url = new URL(request.url);
    const command = request.method !== 'GET' && request.method !== 'HEAD';
    // read once: a request the owner refused to connect is sent again to any node
    const body = command ? await request.arrayBuffer() : undefined;
    const tokenId = command ? tokenOf(url, body, books) : undefined;
    // the first command waits for the owners' map rather than take the hop
    if (tokenId !== undefined) await (firstRead ??= route.refresh());
    const response = await route.send(tokenId, (node) =>
      fetch(`${node}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
      }),
    );
    if (request.method === 'POST' && url.pathname === ordersPath && response.ok && tokenId) {
      const placed = (await response.clone().json()) as { order?: { id?: unknown } };
      if (typeof placed.order?.id === 'string') remember(placed.order.id, tokenId);
    }
    return response;
  };
}

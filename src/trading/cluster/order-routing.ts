/**
 * Any node takes any order request (issue 27): an order, amend, cancel or book read for a book
 * this node does not own is forwarded over NATS request/reply to the owner, whose own orders
 * service answers it (its checks, its idempotency by client_order_id, its commit), and the
 * caller gets that answer as the owner gave it. While no node serves the book, this node tries to
 * take it; a book moving between nodes (a hand-over: its successor is told over NATS and takes
 * it at once) is waited for briefly, a failover is not:
 * 503 BOOK_UNAVAILABLE with Retry-After, and nothing was changed (a refused or unanswered
 * forward never ran; a forward that timed out may have, and says so).
 */
import { errors, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { Db } from '../../lib/db/database.js';
import { AppError, errorCatalogue, type ErrorCode } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Books } from '../books/books.js';
import { bookUnavailable } from '../books/sequencer.js';
import type { TradingMetrics } from '../metrics.js';
import { findOrder, tokensWithLiveOrders } from '../orders/orders.queries.js';
import type { AmendOrderBody, PlaceOrderBody } from '../orders/orders.schemas.js';
import type { OrdersService } from '../orders/orders.service.js';
import { subjects } from './bus.js';

/** A request as it travels to a book's owner. */
export type Forwarded =
  | { op: 'place'; userId: string; body: PlaceOrderBody }
  | { op: 'cancel'; userId: string; orderId: string }
  | { op: 'amend'; userId: string; orderId: string; body: AmendOrderBody }
  | { op: 'cancelAll'; userId: string; tokenId: string }
  | { op: 'orderBook'; tokenId: string; levels: number };

type Reply =
  | { ok: true; value: unknown }
  | { ok: false; code: ErrorCode; detail: string; extra?: Record<string, unknown> };

/** how long a forwarded request may take at the owner (its batch, its reads) */
const requestTimeoutMs = 10_000;
/** how long a request waits for a book between owners before it is refused */
const handOverWaitMs = 1_000;
const retryMs = 50;

export interface RoutingDeps {
  db: Db;
  books: Books;
  orders: OrdersService;
  nats: NatsConnection;
  metrics: TradingMetrics;
  logger: Logger;
}

/** Runs a forwarded request on this node's own service (the owner's side). */
function runLocally(orders: OrdersService, request: Forwarded): Promise<unknown> {
  switch (request.op) {
    case 'place':
      return orders.place(request.userId, request.body);
    case 'cancel':
      return orders.cancel(request.userId, request.orderId);
    case 'amend':
      return orders.amend(request.userId, request.orderId, request.body);
    case 'cancelAll':
      return orders.cancelAll(request.userId, request.tokenId);
    case 'orderBook':
      return orders.orderBook(request.tokenId, request.levels);
  }
}

function replyOf(error: unknown): Reply {
  if (error instanceof AppError) {
    return {
      ok: false,
      code: error.code,
      detail: error.message,
      ...(error.extra ? { extra: { ...error.extra } } : {}),
    };
  }
  return { ok: false, code: 'INTERNAL_ERROR', detail: 'The owning node failed' };
}

function errorOf(reply: Extract<Reply, { ok: false }>): AppError {
  const code = reply.code in errorCatalogue ? reply.code : 'INTERNAL_ERROR';
  return new AppError(code, reply.detail, reply.extra);
}

const noResponders = (error: unknown) =>
  error instanceof errors.RequestError && error.isNoResponders();

/** A forward that failed on the bus: unanswered in time (it may have run), or never sent. */
function busFailure(error: unknown): AppError {
  const timedOut =
    error instanceof errors.TimeoutError ||
    (error instanceof errors.RequestError && error.cause instanceof errors.TimeoutError);
  return new AppError(
    'SERVICE_UNAVAILABLE',
    timedOut
      ? 'The node owning the book did not answer in time; the command may have run (a place sent again with the same client_order_id runs once)'
      : 'The trading nodes cannot reach each other; try again shortly',
    undefined,
    { cause: error },
  );
}

/**
 * The orders service of a cluster node: the book commands and reads go to the book's owner (this
 * node's service if it is this node); everything else is the node's own service. Also serves, as
 * owner, the requests other nodes forward; `answered` is for a drain, to reply to them all before
 * the bus closes.
 */
export function routedOrders(deps: RoutingDeps) {
  const { db, books, orders, nats, metrics, logger } = deps;
  const served = new Map<string, Subscription>();
  /** forwarded requests being answered: a drain waits for them before the bus closes */
  const answering = new Set<Promise<void>>();

  async function forward(tokenId: string, request: Forwarded): Promise<unknown> {
    const started = process.hrtime.bigint();
    const msg = await nats.request(subjects.commands(tokenId), JSON.stringify(request), {
      timeout: requestTimeoutMs,
    });
    metrics.busSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
    metrics.forwarded.inc({ outcome: 'answered' });
    const reply = msg.json<Reply>();
    if (!reply.ok) throw errorOf(reply);
    return reply.value;
  }

  /** Local if this node owns the book, else forwarded; BOOK_UNAVAILABLE is tried again. */
  async function route<T>(tokenId: string, request: Forwarded): Promise<T> {
    // elapsed time on the monotonic clock: a timeout, not a time of the business
    const deadline = performance.now() + handOverWaitMs;
    for (;;) {
      try {
        if (books.owns(tokenId)) return (await runLocally(orders, request)) as T;
        try {
          return (await forward(tokenId, request)) as T;
        } catch (error) {
          if (!noResponders(error)) {
            if (!(error instanceof AppError)) metrics.forwarded.inc({ outcome: 'failed' });
            throw error;
          }
          // no node serves the book: take it if its lease is free, else wait for its owner
          await books.load(tokenId);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw busFailure(error);
        if (error.code !== 'BOOK_UNAVAILABLE') throw error;
        if (performance.now() >= deadline) {
          metrics.forwarded.inc({ outcome: 'unavailable' });
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  }

  async function tokenOfOrder(orderId: string): Promise<string | undefined> {
    return (await findOrder(db, orderId))?.token_id;
  }

  /** Answers a request another node forwarded, if this node still owns the book. */
  async function answer(tokenId: string, msg: Msg): Promise<void> {
    let reply: Reply;
    try {
      if (!books.owns(tokenId)) throw bookUnavailable();
      reply = { ok: true, value: await runLocally(orders, msg.json<Forwarded>()) };
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error }, 'forwarded request failed');
      reply = replyOf(error);
    }
    msg.respond(JSON.stringify(reply));
  }

  const service: OrdersService = {
    ...orders,
    place: (userId, body) => route(body.token_id, { op: 'place', userId, body }),
    async cancel(userId, orderId) {
      const tokenId = await tokenOfOrder(orderId);
      if (!tokenId) return orders.cancel(userId, orderId);
      return route(tokenId, { op: 'cancel', userId, orderId });
    },
    async amend(userId, orderId, body) {
      const tokenId = await tokenOfOrder(orderId);
      if (!tokenId) return orders.amend(userId, orderId, body);
      return route(tokenId, { op: 'amend', userId, orderId, body });
    },
    async cancelAll(userId, tokenId) {
      if (tokenId) return route(tokenId, { op: 'cancelAll', userId, tokenId });
      const all = await Promise.all(
        (await tokensWithLiveOrders(db, userId)).map((id) =>
          route<Awaited<ReturnType<OrdersService['cancelAll']>>>(id, {
            op: 'cancelAll',
            userId,
            tokenId: id,
          }),
        ),
      );
      return all.flat();
    },
    orderBook: (tokenId, levels) => route(tokenId, { op: 'orderBook', tokenId, levels }),
  };

  books.watch({
    serving(tokenId) {
      if (served.has(tokenId)) return;
      served.set(
        tokenId,
        // every node serving the book hears its requests (not a queue group): a member paused or
        // cut off would swallow its share of them until NATS drops it, minutes later
        nats.subscribe(subjects.commands(tokenId), {
          callback: (error, msg) => {
            if (error) logger.error({ err: error }, 'book subscription failed');
            else {
              const answered = answer(tokenId, msg);
              answering.add(answered);
              void answered.finally(() => answering.delete(answered));
            }
          },
        }),
      );
    },
    leaving(tokenId) {
      // drained, not dropped: a request the server sent before it saw the unsubscribe is still
      // answered (BOOK_UNAVAILABLE, tried again) instead of left to time out. No successor hears
      // it too: a hand-over leaves first and tells the successor after, on this same connection,
      // so the server has the unsubscribe before the successor can subscribe.
      served
        .get(tokenId)
        ?.drain()
        .catch((error: unknown) => logger.error({ err: error }, 'book unsubscribe failed'));
      served.delete(tokenId);
    },
    handedOver(node, tokenIds) {
      nats.publish(subjects.handOver(node), JSON.stringify(tokenIds));
    },
  });
  // books handed over to this node: taken (a new epoch) and rebuilt at once, not at its renewal
  nats.subscribe(subjects.handOver(books.node), {
    callback: (error, msg) => {
      if (error) logger.error({ err: error }, 'hand-over subscription failed');
      else for (const id of msg.json<string[]>()) void books.load(id).catch(() => undefined);
    },
  });

  /** Settles once the forwarded requests this node is answering now have been answered. */
  async function answered(): Promise<void> {
    await Promise.all([...answering]);
  }

  return Object.assign(service, { answered });
}

/**
 * Any node takes any order request (issue 27): an order, amend, cancel or book read for a book
 * this node does not own is forwarded over NATS request/reply to the owner, whose own orders
 * service answers it (its checks, its idempotency by client_order_id, its commit), and the
 * caller gets that answer as the owner gave it.
 *
 * No request waits longer than the lease plus 1 s (`BOOK_LEASE_MS`): that is its budget here, and
 * every wait below is cut to what is left of it.
 * - No node serves the book (NATS answers "no responders" at once): a book between owners (a
 *   hand-over, whose successor is told over NATS and takes it at once; a node restarting) is
 *   waited for, and a book whose owner died is taken by this node the moment its lease runs out
 *   (`recover`); a lease that outlasts the budget (its owner alive but out of reach) is refused
 *   at once: 503 BOOK_UNAVAILABLE with Retry-After, nothing changed.
 * - A forward not answered within 250 ms has the book's owner (by its lease) probed on its own
 *   subject every 250 ms: when the owner is gone from the bus (it died with the request), or at
 *   the end of the budget, it is answered 503 SERVICE_UNAVAILABLE saying it may have run (a
 *   place sent again with the same client_order_id runs once).
 * - While this node's NATS connection is down a forward fails at once (never sent); those in
 *   flight when it dropped may have run, and say so.
 */
import { errors, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { Db } from '../../lib/db/database.js';
import { AppError, errorCatalogue, type ErrorCode } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { leaseOf, type LeaseSeen } from '../books/book-leases.queries.js';
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
  | { op: 'orderBook'; tokenId: string; levels: number }
  /** does this node serve the book now? (answered at once, runs nothing) */
  | { op: 'probe' };

type Reply =
  | { ok: true; value: unknown }
  | { ok: false; code: ErrorCode; detail: string; extra?: Record<string, unknown> };

/** what a request may wait beyond the lease (it may outlast a lease that just ran out) */
const graceMs = 1_000;
/** how long a forward waits before its book's server is probed, and between probes */
const probeMs = 250;
/** how often a book that no node serves is looked at again */
const pollMs = 50;
/** how long a book just taken or handed over may go unserved (its new owner loading it) */
const handOverWaitMs = 1_000;

/** What a probe of a book's subject found. */
type Server =
  /** a node serves it */
  | 'serving'
  /** its node is handing it over (it still answers what it took) */
  | 'leaving'
  /** no node serves it: its owner is gone, or the next one not there yet */
  | 'none'
  /** no answer in time: a node subscribed but stalled, or the bus is slow */
  | 'silent';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0)));

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
    case 'probe':
      return Promise.resolve(null);
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

const timedOut = (error: unknown) =>
  error instanceof errors.TimeoutError ||
  (error instanceof errors.RequestError && error.cause instanceof errors.TimeoutError);

/** A forward whose answer will not come: its command may have run. */
function unanswered(cause?: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'The node owning the book did not answer; the command may have run (a place sent again with the same client_order_id runs once)',
    { retry_after: 1 },
    { cause },
  );
}

/** A forward never sent: this node is cut off from the others. */
function unreachable(cause?: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'The trading nodes cannot reach each other; nothing was changed, try again shortly',
    { retry_after: 1 },
    { cause },
  );
}

/** A forward that failed on the bus: unanswered in time (it may have run), or never sent. */
function busFailure(error: unknown): AppError {
  return timedOut(error) ? unanswered(error) : unreachable(error);
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

  /** false while this node's NATS connection is down (it reconnects by itself) */
  let connected = !nats.isClosed();
  /** the forwards waiting for an answer: told when the connection drops (the answer is lost) */
  const waiting = new Set<(error: AppError) => void>();
  void (async () => {
    for await (const status of nats.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        for (const drop of waiting) drop(unanswered());
      } else if (status.type === 'reconnect') connected = true;
    }
  })();

  /** the probe of each book's subject in flight, shared by every request that asks */
  const probing = new Map<string, Promise<Server>>();

  /** Which node, if any, serves a book now: asked on its subject, answered at once. */
  function probe(tokenId: string): Promise<Server> {
    let found = probing.get(tokenId);
    if (!found) {
      found = nats
        .request(subjects.commands(tokenId), JSON.stringify({ op: 'probe' } satisfies Forwarded), {
          timeout: probeMs,
        })
        .then(
          (msg): Server => (msg.json<Reply>().ok ? 'serving' : 'leaving'),
          (error: unknown): Server => (noResponders(error) ? 'none' : 'silent'),
        )
        .finally(() => probing.delete(tokenId));
      probing.set(tokenId, found);
    }
    return found;
  }

  /** the probe of each node in flight, shared likewise */
  const calling = new Map<string, Promise<Server>>();

  /** Whether a node is there: it answers on its own subject for as long as it is connected. */
  function present(node: string): Promise<Server> {
    let found = calling.get(node);
    if (!found) {
      found = nats
        .request(subjects.node(node), undefined, { timeout: probeMs })
        .then(
          (): Server => 'serving',
          (error: unknown): Server => (noResponders(error) ? 'none' : 'silent'),
        )
        .finally(() => calling.delete(node));
      calling.set(node, found);
    }
    return found;
  }

  /**
   * Settles when the node owning the forward's book is gone from the bus, two probes in a row:
   * it died with the request. A book handed over meanwhile is not: its former owner is there and
   * answers what it took.
   */
  async function abandoned(tokenId: string, answered: () => boolean): Promise<void> {
    const never = new Promise<void>(() => undefined);
    await sleep(probeMs);
    if (answered()) return never;
    const owner = (await leaseOf(db, tokenId))?.owner;
    if (!owner || owner === books.node) return never;
    for (let missing = 0; ; await sleep(probeMs)) {
      if (answered()) return never;
      missing = (await present(owner)) === 'none' ? missing + 1 : 0;
      if (missing === 2) return;
    }
  }

  /**
   * Sends a request to the book's owner and answers as it did; a bus failure is an AppError
   * (SERVICE_UNAVAILABLE), but for "no responders" (no node serves the book: nothing was sent).
   */
  async function forward(tokenId: string, request: Forwarded, deadline: number): Promise<unknown> {
    if (!connected) {
      metrics.forwarded.inc({ outcome: 'failed' });
      throw unreachable();
    }
    const started = process.hrtime.bigint();
    let settled = false;
    let drop!: (error: AppError) => void;
    const dropped = new Promise<never>((_, reject) => (drop = reject));
    waiting.add(drop);
    const sent = nats.request(subjects.commands(tokenId), JSON.stringify(request), {
      timeout: Math.max(deadline - performance.now(), 1),
    });
    let msg: Msg;
    try {
      msg = await Promise.race([
        sent,
        dropped,
        abandoned(tokenId, () => settled).then(() => Promise.reject(unanswered())),
      ]);
    } catch (error) {
      if (noResponders(error)) throw error;
      metrics.forwarded.inc({ outcome: 'failed' });
      throw error instanceof AppError ? error : busFailure(error);
    } finally {
      settled = true;
      waiting.delete(drop);
      // an answer dropped or abandoned is not waited for, nor its late failure reported
      sent.catch(() => undefined);
    }
    metrics.busSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
    metrics.forwarded.inc({ outcome: 'answered' });
    const reply = msg.json<Reply>();
    if (!reply.ok) throw errorOf(reply);
    return reply.value;
  }

  /** the recovery of each book no node serves, shared by every request waiting for it */
  const recovering = new Map<string, Promise<'served' | 'refused'>>();

  /**
   * Waits until the book has a server again: this node took it (free, or its lease ran out: its
   * owner died), or a node answers for it (a hand-over's successor, a node taking it, an owner
   * back on the bus). Refused when its lease outlasts `until` and nothing changed for as long as
   * a hand-over takes: its owner is alive (renewing) but out of reach.
   */
  async function recover(tokenId: string, until: number): Promise<'served' | 'refused'> {
    let lease: LeaseSeen | undefined;
    let runsOut = 0;
    let patience = 0;
    const read = async () => {
      const seen = await leaseOf(db, tokenId);
      if (seen?.owner !== lease?.owner || seen?.epoch !== lease?.epoch) {
        patience = performance.now() + handOverWaitMs;
      }
      lease = seen;
      runsOut = performance.now() + (seen?.remainingMs ?? 0);
    };
    await read();
    for (;;) {
      if (books.owns(tokenId)) return 'served';
      const owner = lease?.owner ?? null;
      if (owner === null || owner === books.node || performance.now() >= runsOut) {
        try {
          await books.load(tokenId);
          return 'served';
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'BOOK_UNAVAILABLE') throw error;
          // another node took it first, or its owner renewed it
          await read();
        }
      }
      const server = await probe(tokenId);
      if (server === 'serving' || server === 'silent') return 'served';
      if (runsOut > until && performance.now() >= patience) return 'refused';
      await sleep(Math.min(pollMs, runsOut - performance.now()));
    }
  }

  /** A book's recovery, waited for no longer than this request's own deadline. */
  async function recovered(tokenId: string, deadline: number): Promise<'served' | 'refused'> {
    let recovery = recovering.get(tokenId);
    if (!recovery) {
      recovery = recover(tokenId, deadline).finally(() => recovering.delete(tokenId));
      recovering.set(tokenId, recovery);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'refused'>((resolve) => {
      timer = setTimeout(() => resolve('refused'), Math.max(deadline - performance.now(), 0));
    });
    try {
      return await Promise.race([recovery, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Local if this node owns the book, else forwarded; BOOK_UNAVAILABLE is tried again. */
  async function route<T>(tokenId: string, request: Forwarded): Promise<T> {
    // elapsed time on the monotonic clock: a timeout, not a time of the business
    const deadline = performance.now() + books.leaseMs + graceMs;
    for (;;) {
      let recovery: 'served' | 'refused' = 'served';
      try {
        if (books.owns(tokenId)) return (await runLocally(orders, request)) as T;
        // a forward sent with too little time left could only end "may have run"
        if (deadline - performance.now() < probeMs) throw bookUnavailable();
        try {
          return (await forward(tokenId, request, deadline)) as T;
        } catch (error) {
          if (!noResponders(error)) throw error;
          recovery = await recovered(tokenId, deadline);
        }
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'BOOK_UNAVAILABLE') throw error;
        recovery = performance.now() + pollMs >= deadline ? 'refused' : 'served';
        if (recovery === 'served') await sleep(pollMs);
      }
      if (recovery === 'refused') {
        metrics.forwarded.inc({ outcome: 'unavailable' });
        throw bookUnavailable();
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
  // this node's presence, for the nodes waiting on a forward to it
  nats.subscribe(subjects.node(books.node), {
    callback: (error, msg) => {
      if (!error) msg.respond();
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

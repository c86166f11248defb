/**
 * Any node takes any order request (issue 27): an order, amend, cancel or book read for a book
 * this node does not own is forwarded over NATS request/reply to the owner, whose own orders
 * service answers it (its checks, its idempotency by client_order_id, its commit), and the
 * caller gets that answer as the owner gave it.
 *
 * No request waits longer than the lease (`BOOK_LEASE_MS`) plus 1 s; every wait below is cut to
 * what is left of that budget (half a second of it kept for the time the request waited before
 * this node read it, and for the answer's way back).
 * - No node serves the book (NATS answers "no responders" at once): the request waits, with every
 *   other request of that book, for a server. A book free, or whose lease ran out (its owner
 *   died), is taken by this node and rebuilt, unless it goes to another node with the rest of a
 *   dead node's books (each to the live node below its share: book-leases.ts); a lease held by a
 *   node present on the bus (a hand-over's successor loading it, a node restarted under its id)
 *   is waited for; a lease held by a node gone from the bus is waited for if it runs out within
 *   the budget (taken or given out as it runs out, the waiting requests woken by that look, not
 *   polling), else refused at once: 503 BOOK_UNAVAILABLE with Retry-After, nothing changed.
 * - A forward unanswered after a fifth of a second has the book's owner (by its lease) looked for
 *   on the bus: each node answers on `tessera.node.<node>` with the id of its process's life for
 *   as long as its connection lasts. Gone, or another life (restarted), twice in a row: it died
 *   with the request, answered 503 SERVICE_UNAVAILABLE saying it may have run (a place sent again
 *   with the same client_order_id runs once); so is a forward still unanswered at the end of the
 *   budget. A node draining is never gone early: it answers every request it took (BOOK_UNAVAILABLE
 *   for the books it hands over, tried again here against the successor) before it leaves the bus.
 * - While this node's NATS connection is down a forward fails at once (never sent: nothing ran);
 *   those in flight when it dropped may have run, and say so.
 */
import { randomUUID } from 'node:crypto';
import { errors, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { Db } from '../../lib/db/database.js';
import { AppError, errorCatalogue, type ErrorCode } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { leaseOf } from '../books/book-leases.queries.js';
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
  /** does a node serve the book now? (answered at once, runs nothing) */
  | { op: 'probe' };

type Reply =
  | { ok: true; value: unknown }
  | { ok: false; code: ErrorCode; detail: string; extra?: Record<string, unknown> };

/**
 * what a request may wait beyond the lease, less what it waited before this node read it (a
 * loaded node reads late: the burst of reconnections when a node dies) and its answer's way back
 */
const graceMs = 1_000 - 500;
/** how long a probe of the bus waits for its answer, and a forward before its owner is looked for */
const probeMs = 200;
/** how often a book that no node serves is looked at again */
const pollMs = 50;
/** how often one whose owner is gone from the bus is, until its lease runs out (taken then) */
const orphanPollMs = 250;
/** what taking a book whose lease runs out needs before the budget ends (its rebuild) */
const takeMs = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0)));
const never = new Promise<never>(() => undefined);

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

/** What a probe on the bus found: a node's answer, none there, or no answer in time. */
type Seen = { answer: Msg } | 'none' | 'silent';

/** A book no node serves, as the requests waiting for it see it. */
interface BookWait {
  /** settles once a node serves it again (this one, or one answering for it) */
  served: Promise<void>;
  /** when its lease runs out (monotonic clock), while the node holding it is gone from the bus */
  orphanedUntil: number | undefined;
  /** settles when `orphanedUntil` changes (then replaced), for the waiting requests to judge */
  changed: Promise<void>;
  wake: () => void;
  /** requests waiting: the look ends when none is left */
  waiters: number;
}

/**
 * The orders service of a cluster node: the book commands and reads go to the book's owner (this
 * node's service if it is this node); everything else is the node's own service. Also serves, as
 * owner, the requests other nodes forward; `settled` is for a drain, to answer them all, and to
 * finish the node's own forwards, before the bus closes.
 */
export function routedOrders(deps: RoutingDeps) {
  const { db, books, orders, nats, metrics, logger } = deps;
  const budgetMs = books.leaseMs + graceMs;
  /** this process's life: a node restarted under its id is another */
  const life = randomUUID();
  const served = new Map<string, Subscription>();
  /** forwarded requests being answered, and this node's own requests being routed */
  const answering = new Set<Promise<unknown>>();
  const routing = new Set<Promise<unknown>>();

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

  /** the probes in flight, by subject: every request asking meanwhile shares one */
  const probing = new Map<string, Promise<Seen>>();

  /** Asks once on a subject; what answers (or nothing) within `probeMs`. */
  function probe(subject: string, payload?: string): Promise<Seen> {
    let seen = probing.get(subject);
    if (!seen) {
      seen = nats
        .request(subject, payload, { timeout: probeMs })
        .then(
          (answer): Seen => ({ answer }),
          (error: unknown): Seen => (noResponders(error) ? 'none' : 'silent'),
        )
        .finally(() => probing.delete(subject));
      probing.set(subject, seen);
    }
    return seen;
  }

  /** The life of a node on the bus now, 'none' when it is not there. */
  const presence = (node: string) => probe(subjects.node(node));

  /**
   * Rejects once the node holding the forward's book (by its lease, read after the forward was
   * sent: the node it reached or one that took the book after) is gone from the bus, or back as
   * another life, two looks in a row: it died with the request. Never settles otherwise.
   */
  async function ownerGone(tokenId: string, answered: () => boolean): Promise<never> {
    await sleep(probeMs);
    if (answered() || !connected) return never;
    // a lease that cannot be read leaves the forward to its timeout (it was sent: it may run)
    const owner = await leaseOf(db, tokenId).then(
      (lease) => lease?.owner,
      () => undefined,
    );
    if (!owner || owner === books.node) return never;
    let life: string | undefined;
    let misses = 0;
    for (;;) {
      if (answered()) return never;
      const seen = await presence(owner);
      if (seen !== 'silent') {
        const now = seen === 'none' ? undefined : seen.answer.string();
        const gone = now === undefined || (life === undefined ? misses > 0 : now !== life);
        if (!gone) {
          life = now;
          misses = 0;
        } else if (++misses === 2) {
          if (answered()) return never;
          throw unanswered();
        }
      }
      await sleep(probeMs);
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
      msg = await Promise.race([sent, dropped, ownerGone(tokenId, () => settled)]);
    } catch (error) {
      if (noResponders(error)) throw error;
      metrics.forwarded.inc({ outcome: 'failed' });
      throw error instanceof AppError ? error : busFailure(error);
    } finally {
      settled = true;
      waiting.delete(drop);
      // an answer given up on is not waited for, nor its late failure reported
      sent.catch(() => undefined);
    }
    metrics.busSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
    metrics.forwarded.inc({ outcome: 'answered' });
    const reply = msg.json<Reply>();
    if (!reply.ok) throw errorOf(reply);
    return reply.value;
  }

  /** the books no node serves that requests wait for, each looked at by one loop */
  const unserved = new Map<string, BookWait>();

  /**
   * Looks at a book no node serves until one does: takes it when it is free or its lease ran out,
   * else asks on its subject whether a node serves it now, and notes when the lease of an owner
   * gone from the bus runs out (looked at again then, to take it at once). Ends, too, when no
   * request waits any more.
   */
  async function look(tokenId: string, wait: BookWait): Promise<void> {
    while (wait.waiters > 0 && !books.owns(tokenId)) {
      let nextMs = pollMs;
      const lease = await leaseOf(db, tokenId);
      const expiresAt = performance.now() + (lease?.remainingMs ?? 0);
      if (!lease || !lease.owner || lease.owner === books.node || lease.remainingMs <= 0) {
        // a lease run out on a dead node is given out with the rest of its books: taken here, or
        // by the node given it (told to rebuild it; waited for on the next look)
        if (await books.adopt(tokenId)) return;
      } else {
        const server = await probe(
          subjects.commands(tokenId),
          JSON.stringify({ op: 'probe' } satisfies Forwarded),
        );
        // a node serves it (or is subscribed, stalled: the forward will tell)
        if (server === 'silent' || (server !== 'none' && server.answer.json<Reply>().ok)) return;
        const owner = await presence(lease.owner);
        const orphanedUntil = owner === 'none' ? expiresAt : undefined;
        if (orphanedUntil !== wait.orphanedUntil) {
          const wake = wait.wake;
          wait.orphanedUntil = orphanedUntil;
          wait.changed = new Promise((resolve) => (wait.wake = resolve));
          wake();
        }
        // nothing to do before its lease runs out, but to see the owner come back
        if (orphanedUntil !== undefined) {
          nextMs = Math.min(orphanedUntil - performance.now(), orphanPollMs);
        }
      }
      await sleep(nextMs);
    }
  }

  /**
   * Waits until a node serves the book again (then the request is sent again); refused with 503
   * BOOK_UNAVAILABLE, nothing changed, when none can within the request's `deadline`.
   */
  async function serverOf(tokenId: string, deadline: number): Promise<void> {
    let wait = unserved.get(tokenId);
    if (wait) wait.waiters += 1;
    else {
      const started: BookWait = {
        served: Promise.resolve(),
        orphanedUntil: undefined,
        changed: Promise.resolve(),
        wake: () => undefined,
        waiters: 1,
      };
      started.changed = new Promise((resolve) => (started.wake = resolve));
      started.served = look(tokenId, started).finally(() => unserved.delete(tokenId));
      unserved.set(tokenId, started);
      wait = started;
    }
    let done = false;
    void wait.served.then(
      () => (done = true),
      () => (done = true),
    );
    // one timer for the deadline: the request wakes otherwise only when its book's look says
    let over = false;
    let timer: NodeJS.Timeout | undefined;
    const due = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(deadline - performance.now(), 0));
    }).then(() => (over = true));
    try {
      for (;;) {
        const orphaned = wait.orphanedUntil;
        if (over || (orphaned !== undefined && orphaned + takeMs > deadline)) {
          metrics.forwarded.inc({ outcome: 'unavailable' });
          throw bookUnavailable();
        }
        await Promise.race([wait.served, wait.changed, due]);
        if (done) return await wait.served;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // the lease could not be read, nor the book taken: nothing was sent
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The book could not be reached; nothing was changed, try again shortly',
        { retry_after: 1 },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      wait.waiters -= 1;
    }
  }

  /** Local if this node owns the book, else forwarded; waits (within the budget) for a server. */
  async function route<T>(tokenId: string, request: Forwarded): Promise<T> {
    // elapsed time on the monotonic clock: a timeout, not a time of the business
    const deadline = performance.now() + budgetMs;
    for (let tries = 0; ; tries++) {
      // sent again with too little time left, a forward could only end "may have run"
      if (tries > 0 && !books.owns(tokenId) && deadline - performance.now() < probeMs) {
        metrics.forwarded.inc({ outcome: 'unavailable' });
        throw bookUnavailable();
      }
      try {
        if (books.owns(tokenId)) return (await runLocally(orders, request)) as T;
        return (await forward(tokenId, request, deadline)) as T;
      } catch (error) {
        // nothing ran: no node serves the book, or the one reached no longer does (handing it
        // over, or its lease lost); anything else is the answer
        const nothingRan =
          noResponders(error) || (error instanceof AppError && error.code === 'BOOK_UNAVAILABLE');
        if (!nothingRan) throw error;
      }
      await serverOf(tokenId, deadline);
    }
  }

  /** A routed request, counted until it is answered (a drain waits for it before the bus closes). */
  function routed<T>(tokenId: string, request: Forwarded): Promise<T> {
    const answer = route<T>(tokenId, request);
    const settled = answer.catch(() => undefined);
    routing.add(settled);
    void settled.finally(() => routing.delete(settled));
    return answer;
  }

  async function tokenOfOrder(orderId: string): Promise<string | undefined> {
    return (await findOrder(db, orderId))?.token_id;
  }

  /** Whether another node holds a book's lease now (false when it cannot be read). */
  async function heldElsewhere(tokenId: string): Promise<boolean> {
    const lease = await leaseOf(db, tokenId).catch(() => undefined);
    return !!lease?.owner && lease.owner !== books.node && lease.remainingMs > 0;
  }

  /**
   * Answers a request another node forwarded, if this node still owns the book. A node whose
   * book another node took (it was paused past its lease, and has not renewed since) answers
   * nothing: the holder heard the request too and runs it, and a "nothing changed" from here could
   * reach the sender first. A book it hands over, or handed over, is answered BOOK_UNAVAILABLE: its
   * successor subscribes only once this node has left it.
   */
  async function answer(tokenId: string, msg: Msg): Promise<void> {
    let reply: Reply;
    try {
      if (!books.owns(tokenId)) throw bookUnavailable();
      reply = { ok: true, value: await runLocally(orders, msg.json<Forwarded>()) };
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error }, 'forwarded request failed');
      const taken =
        error instanceof AppError &&
        error.code === 'BOOK_UNAVAILABLE' &&
        !books.handedOver(tokenId) &&
        (await heldElsewhere(tokenId));
      if (taken) return;
      reply = replyOf(error);
    }
    msg.respond(JSON.stringify(reply));
  }

  const service: OrdersService = {
    ...orders,
    place: (userId, body) => routed(body.token_id, { op: 'place', userId, body }),
    async cancel(userId, orderId) {
      const tokenId = await tokenOfOrder(orderId);
      if (!tokenId) return orders.cancel(userId, orderId);
      return routed(tokenId, { op: 'cancel', userId, orderId });
    },
    async amend(userId, orderId, body) {
      const tokenId = await tokenOfOrder(orderId);
      if (!tokenId) return orders.amend(userId, orderId, body);
      return routed(tokenId, { op: 'amend', userId, orderId, body });
    },
    async cancelAll(userId, tokenId) {
      if (tokenId) return routed(tokenId, { op: 'cancelAll', userId, tokenId });
      const all = await Promise.all(
        (await tokensWithLiveOrders(db, userId)).map((id) =>
          routed<Awaited<ReturnType<OrdersService['cancelAll']>>>(id, {
            op: 'cancelAll',
            userId,
            tokenId: id,
          }),
        ),
      );
      return all.flat();
    },
    orderBook: (tokenId, levels) => routed(tokenId, { op: 'orderBook', tokenId, levels }),
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
  // this node's presence, for the nodes waiting on a forward to it: its life for as long as its
  // connection lasts (the same connection its books' subscriptions live on)
  nats.subscribe(subjects.node(books.node), {
    callback: (error, msg) => {
      if (!error) msg.respond(life);
    },
  });
  // books handed over to this node: taken (a new epoch) and rebuilt at once, not at its renewal
  nats.subscribe(subjects.handOver(books.node), {
    callback: (error, msg) => {
      if (error) logger.error({ err: error }, 'hand-over subscription failed');
      else for (const id of msg.json<string[]>()) void books.load(id).catch(() => undefined);
    },
  });

  /**
   * Settles once the forwarded requests this node is answering, and its own requests being
   * routed (sent to the books' new owners after a hand-over), have their answers: a drain waits
   * for them before the bus closes, so none is cut off with it.
   */
  async function settled(): Promise<void> {
    while (answering.size + routing.size > 0) await Promise.all([...answering, ...routing]);
  }

  return Object.assign(service, { settled });
}

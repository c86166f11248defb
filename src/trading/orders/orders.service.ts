/**
 * The order use cases. Placing, amending and cancelling go through the process's sequencer
 * (books/sequencer.ts), which answers only after the command's batch committed. Reads go to
 * the database, except the order book, which is the market data feed's (a point of its sequence,
 * so a client may start from it and apply the feed's later updates); in journal mode, each read
 * of orders and trades first waits for what was acknowledged before it (Books.readBarrier).
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import { liveOrderStatuses, type Order } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { BookRefusal, refusalOf, type BookCommand } from '../books/book-command.js';
import type { Books } from '../books/books.js';
import type { DepthSnapshot } from '../engine/index.js';
import type { OtcService } from '../otc/otc.service.js';
import { fromTicks } from '../books/ticks.js';
import { defaultTimeInForce, preflightRefusal } from './order-request.js';
import {
  findBookToken,
  findByClientOrderId,
  findOrder,
  listOrders,
  listTrades,
  recordRefusal,
  tokensWithLiveOrders,
  tradesOfOrder,
} from './orders.queries.js';
import type {
  AdminTradeListQuery,
  AmendOrderBody,
  OrderBookView,
  OrderListQuery,
  PlaceOrderAnswer,
  PlaceOrderBody,
  TradeListQuery,
} from './orders.schemas.js';
import { toOrderView, toOwnTradeView } from './orders.views.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const isLive = (order: Order) => (liveOrderStatuses as readonly string[]).includes(order.status);

/** sha256 of the body with its keys sorted: the same order sent twice hashes the same. */
function requestHash(body: PlaceOrderBody): string {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** Where a placed order went: the token's book, or an OTC request (a fixed_price_otc token). */
export type PlaceOutcome =
  | { venue: 'book'; answer: PlaceOrderAnswer }
  | { venue: 'otc'; answer: Awaited<ReturnType<OtcService['request']>> };

export function ordersService(deps: {
  db: Db;
  books: Books;
  clock: Clock;
  logger: Logger;
  otc: Pick<OtcService, 'request'>;
  /** a token's book as the market data feed has published it (MarketDataHub.book) */
  publishedBook: (tokenId: string, depth: number) => DepthSnapshot | undefined;
}) {
  const { db, books, clock, logger } = deps;
  /** client_order_ids being placed right now, so a replay racing its first send waits for it */
  const inFlight = new Map<string, { hash: string; answer: Promise<PlaceOrderAnswer> }>();

  async function ownOrder(userId: string, orderId: string): Promise<Order> {
    await books.readBarrier();
    const order = await findOrder(db, orderId);
    if (!order || order.user_id !== userId) throw new AppError('NOT_FOUND', 'No such order');
    return order;
  }

  async function answerOf(order: Order): Promise<PlaceOrderAnswer> {
    return {
      order: toOrderView(order),
      trades: (await tradesOfOrder(db, order.id)).map((trade) =>
        toOwnTradeView(trade, order.user_id),
      ),
    };
  }

  function placeCommand(userId: string, body: PlaceOrderBody, hash: string | null): BookCommand {
    return {
      kind: 'place',
      input: {
        userId,
        side: body.side,
        orderType: body.order_type,
        quantity: body.quantity,
        price: body.price ?? null,
        stopPrice: body.stop_price ?? null,
        timeInForce: body.time_in_force ?? defaultTimeInForce(body.order_type),
        expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at),
        clientOrderId: body.client_order_id ?? null,
        requestHash: hash,
        confirmFatFinger: body.confirm_fat_finger ?? false,
        confirmNavDeviation: body.confirm_nav_deviation ?? false,
      },
    };
  }

  /**
   * Runs a user's command, recording in the audit trail a refusal its batch did not record (one
   * decided here, before the book, or a batch that could not commit). The refusal is answered
   * even when its record fails (the failure is logged): the record must not turn it into another.
   */
  async function audited<T>(
    command: BookCommand,
    tokenId: () => string | null,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError && !(error instanceof BookRefusal)) {
        const refusal = refusalOf(tokenId(), command, error.code, undefined, null)!;
        await recordRefusal(db, refusal).catch((failure: unknown) => {
          logger.error(
            { err: failure, refusal },
            'a refusal could not be recorded in the audit trail',
          );
        });
      }
      throw error;
    }
  }

  /** A command on the user's own live order; a refusal is audited with the order's token. */
  function onLiveOrder<T>(
    userId: string,
    orderId: string,
    command: BookCommand,
    run: (order: Order) => Promise<T>,
  ): Promise<T> {
    let tokenId: string | null = null;
    return audited(
      command,
      () => tokenId,
      async () => {
        const order = await ownOrder(userId, orderId);
        tokenId = order.token_id;
        if (!isLive(order)) throw new AppError('ORDER_NOT_OPEN', `The order is ${order.status}`);
        return run(order);
      },
    );
  }

  async function submitPlace(userId: string, body: PlaceOrderBody, hash: string | null) {
    const result = await books.submit(body.token_id, placeCommand(userId, body, hash));
    return {
      order: toOrderView(result.orders[0]!),
      trades: result.trades.map((trade) => toOwnTradeView(trade, userId)),
    };
  }

  async function place(userId: string, body: PlaceOrderBody): Promise<PlaceOrderAnswer> {
    const refusal = preflightRefusal(body, clock.now());
    if (refusal) throw new AppError(refusal.code, refusal.detail);
    const clientOrderId = body.client_order_id;
    if (clientOrderId === undefined) return submitPlace(userId, body, null);

    const hash = requestHash(body);
    const key = `${userId}:${clientOrderId}`;
    const pending = inFlight.get(key);
    if (pending) {
      if (pending.hash !== hash) throw new AppError('DUPLICATE_CLIENT_ORDER_ID');
      return pending.answer;
    }
    // in flight from before the lookup: a replay arriving during it waits for this one
    const answer = (async () => {
      const since = new Date(clock.now().getTime() - DAY_MS);
      await books.readBarrier();
      const existing = await findByClientOrderId(db, userId, clientOrderId, since);
      if (!existing) return submitPlace(userId, body, hash);
      if (existing.request_hash !== hash) throw new AppError('DUPLICATE_CLIENT_ORDER_ID');
      return answerOf(existing);
    })();
    inFlight.set(key, { hash, answer });
    try {
      return await answer;
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    async place(userId: string, body: PlaceOrderBody): Promise<PlaceOutcome> {
      const command = placeCommand(userId, body, null);
      try {
        const answer = await audited(
          command,
          () => body.token_id,
          () => place(userId, body),
        );
        return { venue: 'book', answer };
      } catch (error) {
        // The writer refuses a fixed_price_otc token's order (it has no book, and its refusal is
        // audited): the order becomes an OTC request instead (docs/otc.md).
        if (!(error instanceof AppError) || error.code !== 'TRADING_MODE_OTC') throw error;
        return { venue: 'otc', answer: await deps.otc.request(userId, body) };
      }
    },

    async get(userId: string, orderId: string) {
      return toOrderView(await ownOrder(userId, orderId));
    },

    async list(userId: string, query: OrderListQuery) {
      await books.readBarrier();
      return listOrders(db, userId, {
        limit: query.limit ?? 50,
        ...(query.status ? { status: query.status } : {}),
        ...(query.token_id ? { tokenId: query.token_id } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      });
    },

    cancel(userId: string, orderId: string) {
      const command: BookCommand = {
        kind: 'cancel',
        orderId,
        userId,
        reason: 'CANCELLED_BY_OWNER',
      };
      return onLiveOrder(userId, orderId, command, async (order) => {
        const result = await books.submit(order.token_id, command);
        return toOrderView(result.orders[0]!);
      });
    },

    amend(userId: string, orderId: string, body: AmendOrderBody) {
      const command: BookCommand = {
        kind: 'amend',
        input: {
          orderId,
          userId,
          quantity: body.quantity,
          price: body.price,
          confirmFatFinger: body.confirm_fat_finger ?? false,
          confirmNavDeviation: body.confirm_nav_deviation ?? false,
        },
      };
      return onLiveOrder(userId, orderId, command, async (order) => {
        if (body.quantity === undefined && body.price === undefined) {
          throw new AppError('INVALID_AMEND', 'Give a new quantity or price');
        }
        const result = await books.submit(order.token_id, command);
        return {
          order: toOrderView(result.orders[0]!),
          trades: result.trades.map((trade) => toOwnTradeView(trade, userId)),
        };
      });
    },

    async cancelAll(userId: string, tokenId: string | undefined) {
      if (!tokenId) await books.readBarrier();
      const tokenIds = tokenId ? [tokenId] : await tokensWithLiveOrders(db, userId);
      const cancelled = [];
      for (const id of tokenIds) {
        const result = await books.submit(id, {
          kind: 'cancel_all',
          userId,
          reason: 'CANCELLED_BY_OWNER',
        });
        cancelled.push(...result.orders.map(toOrderView));
      }
      return cancelled;
    },

    async orderBook(tokenId: string, levels: number): Promise<OrderBookView> {
      const token = await findBookToken(db, tokenId);
      if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
      // loading the book loads it into the feed
      await books.load(tokenId);
      const depth = deps.publishedBook(tokenId, levels);
      const level = (l: { price: number; quantity: number; orderCount: number }) => ({
        price: fromTicks(l.price, token.tick_size),
        quantity: l.quantity,
        order_count: l.orderCount,
      });
      return {
        token_id: tokenId,
        sequence: depth?.sequence ?? 0,
        last_price: token.last_price,
        halted_until: token.halted_until?.toISOString() ?? null,
        bids: (depth?.bids ?? []).map(level),
        asks: (depth?.asks ?? []).map(level),
      };
    },

    async ownTrades(userId: string, query: TradeListQuery) {
      await books.readBarrier();
      return listTrades(db, {
        userId,
        limit: query.limit ?? 50,
        ...(query.token_id ? { tokenId: query.token_id } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      });
    },

    async allTrades(query: AdminTradeListQuery) {
      await books.readBarrier();
      return listTrades(db, {
        limit: query.limit ?? 50,
        ...(query.user_id ? { userId: query.user_id } : {}),
        ...(query.token_id ? { tokenId: query.token_id } : {}),
        ...(query.settlement_status ? { settlementStatus: query.settlement_status } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      });
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;

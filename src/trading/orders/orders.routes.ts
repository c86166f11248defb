/** The order API of SPEC E and DECISIONS "Trading" (HTTP only; the use cases are the service's). */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { byIdRoute } from '../../lib/http/by-id-route.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import {
  AdminTradeListQuery,
  AmendOrderBody,
  CancelAllAnswer,
  CancelAllQuery,
  OrderBookQuery,
  OrderBookView,
  OrderListQuery,
  OrderView,
  OwnTradeView,
  PlaceOrderAnswer,
  PlaceOrderBody,
  TradeListQuery,
  TradeView,
} from './orders.schemas.js';
import { OtcPlaceAnswer } from '../otc/otc.schemas.js';
import type { OrdersService } from './orders.service.js';
import { toOrderView, toOwnTradeView, toTradeView } from './orders.views.js';

export function ordersRoutes(
  app: HttpApp,
  orders: OrdersService,
  { guard }: ReturnType<typeof guards>,
) {
  const investor = guard('investor');
  const tags = ['orders'];

  app.post(
    '/api/v1/orders',
    {
      onRequest: investor,
      config: { apiKey: 'trade' },
      // The hot path logs no line per request at info (two per order, each relayed by the
      // launcher): its outcomes are counted by code in /metrics; errors are still logged.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Place an order; answers after it is committed, with the trades it made',
        security: bearer,
        body: PlaceOrderBody,
        response: { 200: PlaceOrderAnswer, 201: OtcPlaceAnswer },
      },
    },
    async (request, reply) => {
      const placed = await orders.place(caller(request).userId, request.body);
      // an OTC request is created, not answered from a book (docs/otc.md)
      if (placed.venue === 'otc') reply.code(201);
      return placed.answer;
    },
  );

  app.get(
    '/api/v1/orders',
    {
      onRequest: investor,
      config: { apiKey: 'read' },
      schema: {
        tags,
        summary: 'Your orders, newest first',
        security: bearer,
        querystring: OrderListQuery,
        response: { 200: Page(OrderView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await orders.list(caller(request).userId, request.query);
      return toPage(rows, limit, toOrderView);
    },
  );

  byIdRoute(app, {
    method: 'GET',
    url: '/api/v1/orders/:id',
    onRequest: investor,
    apiKey: 'read',
    tags,
    summary: 'One of your orders',
    response: OrderView,
    handler: (who, id) => orders.get(who.userId, id),
  });

  app.patch(
    '/api/v1/orders/:id',
    {
      onRequest: investor,
      config: { apiKey: 'trade' },
      schema: {
        tags,
        summary: 'Amend an open order: a new total quantity and/or limit price',
        security: bearer,
        params: IdParams,
        body: AmendOrderBody,
        response: { 200: PlaceOrderAnswer },
      },
    },
    async (request) => orders.amend(caller(request).userId, request.params.id, request.body),
  );

  byIdRoute(app, {
    method: 'DELETE',
    url: '/api/v1/orders/:id',
    onRequest: investor,
    apiKey: 'trade',
    tags,
    summary: 'Cancel an open order; what it still locks is released',
    response: OrderView,
    handler: (who, id) => orders.cancel(who.userId, id),
  });

  app.delete(
    '/api/v1/orders',
    {
      onRequest: investor,
      config: { apiKey: 'trade' },
      schema: {
        tags,
        summary: 'Cancel all your open orders, of one token or of all',
        security: bearer,
        querystring: CancelAllQuery,
        response: { 200: CancelAllAnswer },
      },
    },
    async (request) => ({
      data: await orders.cancelAll(caller(request).userId, request.query.token_id),
    }),
  );

  app.get(
    '/api/v1/orderbook/:tokenId',
    {
      schema: {
        tags,
        summary: "A token's order book: price levels, best first, and the book's sequence",
        params: Type.Object({ tokenId: Type.String({ format: 'uuid' }) }),
        querystring: OrderBookQuery,
        response: { 200: OrderBookView },
      },
    },
    async (request) => orders.orderBook(request.params.tokenId, request.query.depth ?? 50),
  );

  app.get(
    '/api/v1/trades',
    {
      onRequest: investor,
      config: { apiKey: 'read' },
      schema: {
        tags: ['trades'],
        summary: 'Your trades, newest first: your side of each',
        security: bearer,
        querystring: TradeListQuery,
        response: { 200: Page(OwnTradeView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const { userId } = caller(request);
      return toPage(await orders.ownTrades(userId, request.query), limit, (trade) =>
        toOwnTradeView(trade, userId),
      );
    },
  );

  app.get(
    '/api/v1/admin/trades',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['trades'],
        summary: 'All trades, newest first, by token, user or settlement status',
        security: bearer,
        querystring: AdminTradeListQuery,
        response: { 200: Page(TradeView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      return toPage(await orders.allTrades(request.query), limit, toTradeView);
    },
  );
}

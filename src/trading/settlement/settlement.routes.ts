import type { HttpApp } from '../../lib/http/app.js';
import type { FastifyRequest } from 'fastify';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { ReconciliationReport } from './reconciliation.js';
import {
  BulkRetryBody,
  BulkRetryView,
  FailedTradesQuery,
  FailedTradeView,
  ReconciliationView,
  RetryView,
} from './settlement.schemas.js';
import type { SettlementService } from './settlement.service.js';

const actorOf = (request: FastifyRequest) => ({ userId: caller(request).userId, ip: request.ip });

/** The settlement dashboard of staff: failed trades with their errors, a retry, reconciliation. */
export function settlementRoutes(
  app: HttpApp,
  settlement: SettlementService,
  reconcile: () => Promise<ReconciliationReport>,
  { guard }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');

  app.get(
    '/api/v1/admin/settlement/failed',
    {
      onRequest: staff,
      schema: {
        tags: ['admin'],
        summary: 'Trades whose settlement failed, with the error',
        security: bearer,
        querystring: FailedTradesQuery,
        response: { 200: Page(FailedTradeView) },
      },
    },
    async (request) => {
      const { limit = 50, cursor } = request.query;
      const rows = await settlement.failed(limit, cursor);
      return toPage(rows, limit, (row) => ({
        id: row.id,
        token_id: row.token_id,
        buyer_id: row.buyer_id,
        seller_id: row.seller_id,
        quantity: Number(row.quantity),
        price: row.price,
        settlement_status: 'failed' as const,
        settlement_attempts: row.settlement_attempts,
        settlement_error: row.settlement_error,
        created_at: row.created_at.toISOString(),
        failed_at: row.updated_at.toISOString(),
      }));
    },
  );

  app.post(
    '/api/v1/admin/trades/:id/retry-settlement',
    {
      onRequest: staff,
      schema: {
        tags: ['admin'],
        summary: 'Retry a failed settlement (failed -> processing, attempts from zero)',
        security: bearer,
        params: IdParams,
        response: { 200: RetryView },
      },
    },
    async (request) => settlement.retry(request.params.id, actorOf(request)),
  );

  app.post(
    '/api/v1/admin/trades/retry-settlement',
    {
      onRequest: staff,
      schema: {
        tags: ['admin'],
        summary:
          'Retry every failed settlement matching the filters (token, error code, failure time), audited',
        security: bearer,
        body: BulkRetryBody,
        response: { 200: BulkRetryView },
      },
    },
    async (request) => {
      const { token_id, error_code, failed_from, failed_to } = request.body;
      return settlement.retryMatching(
        {
          tokenId: token_id,
          errorCode: error_code,
          failedFrom: failed_from === undefined ? undefined : new Date(failed_from),
          failedTo: failed_to === undefined ? undefined : new Date(failed_to),
        },
        actorOf(request),
      );
    },
  );

  app.get(
    '/api/v1/admin/reconciliation',
    {
      onRequest: staff,
      schema: {
        tags: ['admin'],
        summary: 'Database balances against the chain for every deployed token',
        security: bearer,
        response: { 200: ReconciliationView },
      },
    },
    async () => reconcile(),
  );
}

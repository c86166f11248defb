import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { VerificationGates } from '../verification/gates.js';
import type { DebtBurnRetries } from './debt-burn-retries.js';
import {
  BurnFailureView,
  BurnRetryView,
  CallBody,
  DebtCallView,
  DebtScheduleView,
  HolderDebtPaymentView,
  TokenIdParams,
} from './debt.schemas.js';
import type { debtService } from './debt.service.js';

const tags = ['debt'];

export function debtRoutes(
  app: HttpApp,
  debt: ReturnType<typeof debtService>,
  retries: DebtBurnRetries,
  { guard, stepUp }: ReturnType<typeof guards>,
  { gate }: VerificationGates,
) {
  app.get(
    '/api/v1/tokens/:token_id/debt',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "A debt token's terms, coupon schedule, accrued interest today and calls",
        security: bearer,
        params: TokenIdParams,
        response: { 200: DebtScheduleView },
      },
    },
    (request) => debt.schedule(caller(request), request.params.token_id),
  );

  app.post(
    '/api/v1/tokens/:token_id/debt/calls',
    {
      onRequest: [guard('issuer'), gate('issuer_actions')],
      schema: {
        tags,
        summary: 'Ask to repay your debt token early on a date (staff approve)',
        security: bearer,
        params: TokenIdParams,
        body: CallBody,
        response: { 201: DebtCallView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await debt.requestCall(
            caller(request),
            request.params.token_id,
            request.body,
            request.ip,
          ),
        ),
  );

  app.get(
    '/api/v1/admin/debt-calls',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'Calls of debt tokens, newest first (status=pending_approval: to decide)',
        security: bearer,
        querystring: Type.Object(
          {
            status: Type.Optional(
              Type.Union([
                Type.Literal('pending_approval'),
                Type.Literal('approved'),
                Type.Literal('rejected'),
              ]),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: Type.Array(DebtCallView) }) },
      },
    },
    async (request) => ({ data: await debt.calls(request.query.status) }),
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(
      `/api/v1/admin/debt-calls/:id/${action}`,
      {
        // an approved call repays and burns the whole debt: a second factor used recently
        onRequest: stepUp('staff', 'admin'),
        schema: {
          tags: ['admin'],
          summary: approve
            ? "Approve an issuer's call: the book closes at its record day and the debt is repaid"
            : "Reject an issuer's call",
          security: bearer,
          params: IdParams,
          response: { 200: DebtCallView },
        },
      },
      (request) => debt.decideCall(caller(request), request.params.id, approve, request.ip),
    );
  }

  app.get(
    '/api/v1/admin/debt-burn-failures',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'Redemptions whose burn on chain failed for good, with the retry asked',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(BurnFailureView) }) },
      },
    },
    async () => ({ data: await retries.failures() }),
  );

  for (const [action, approve] of [
    ['burn-retry', false],
    ['burn-retry/approve', true],
  ] as const) {
    app.post(
      `/api/v1/admin/debt-payments/:id/${action}`,
      {
        // the retry burns holders' units on chain: four eyes and a second factor used recently
        onRequest: stepUp('staff', 'admin'),
        schema: {
          tags: ['admin'],
          summary: approve
            ? 'Approve the retry another member of staff asked for: the failed burns are queued again'
            : "Ask to retry a redemption's burn that failed for good (another member of staff approves)",
          security: bearer,
          params: IdParams,
          response: { 200: BurnRetryView },
        },
      },
      (request) =>
        approve
          ? retries.approve(caller(request), request.params.id, request.ip)
          : retries.request(caller(request), request.params.id, request.ip),
    );
  }

  app.get(
    '/api/v1/debt-payments',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Your coupons and redemptions: of the debt tokens you hold or were paid on',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(HolderDebtPaymentView) }) },
      },
    },
    async (request) => ({ data: await debt.holderPayments(caller(request).userId) }),
  );
}

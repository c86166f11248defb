import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import {
  AcceptBody,
  DepositQueueItem,
  DepositQueueQuery,
  DepositView,
  RejectBody,
  WithdrawalQueueItem,
  WithdrawalQueueQuery,
  WithdrawalView,
} from './fiat.schemas.js';
import type { FiatService } from './fiat.service.js';
import type { BankAccountsService } from './bank-accounts.service.js';
import type { FiatDecision } from './fiat.rules.js';
import { toRequestView } from './fiat.views.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';

/** A decision's note is optional, so the request may come without any body at all. */
function emptyBodyIfNone(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  request.body ??= {};
  done();
}

const decisions = [
  {
    kind: 'deposit',
    decision: 'confirm',
    summary: "Confirm a deposit: credit the balance (with the bank's reference of the transfer)",
  },
  { kind: 'deposit', decision: 'reject', summary: 'Reject a deposit: nothing is credited' },
  {
    kind: 'withdrawal',
    decision: 'approve',
    summary: "Approve a withdrawal: paid out (with the bank's reference of the payout)",
  },
  { kind: 'withdrawal', decision: 'reject', summary: 'Reject a withdrawal: the hold is released' },
] as const satisfies readonly { kind: string; decision: FiatDecision; summary: string }[];

/**
 * The back office: staff and admins read the queues; only an admin moves money. A withdrawal
 * comes with the whole bank account it is paid to.
 */
export function adminFiatRoutes(
  app: HttpApp,
  fiat: FiatService,
  bankAccounts: BankAccountsService,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const reader = guard('staff', 'admin');
  const mover = stepUp('admin');
  const payeesOf = (rows: readonly { id: string; bank_account_id: string | null }[]) =>
    bankAccounts.payees(rows, 'staff');

  app.get(
    '/api/v1/admin/fiat/deposits',
    {
      onRequest: reader,
      schema: {
        tags: ['admin'],
        summary: 'Deposits, oldest first (status=requested is the work queue)',
        security: bearer,
        querystring: DepositQueueQuery,
        response: { 200: Page(DepositQueueItem) },
      },
    },
    async (request) => {
      const { limit = 50, cursor, status } = request.query;
      const rows = await fiat.queue('deposit', {
        limit,
        ...(cursor ? { cursor } : {}),
        ...(status ? { status } : {}),
      });
      return toPage(rows, limit, (row) => ({ ...toRequestView(row), email: row.email }));
    },
  );

  app.get(
    '/api/v1/admin/fiat/withdrawals',
    {
      onRequest: reader,
      schema: {
        tags: ['admin'],
        summary: 'Withdrawals, oldest first (status=held is the work queue)',
        security: bearer,
        querystring: WithdrawalQueueQuery,
        response: { 200: Page(WithdrawalQueueItem) },
      },
    },
    async (request) => {
      const { limit = 50, cursor, status } = request.query;
      const rows = await fiat.queue('withdrawal', {
        limit,
        ...(cursor ? { cursor } : {}),
        ...(status ? { status } : {}),
      });
      const payees = await payeesOf(rows);
      return toPage(rows, limit, (row) => ({
        ...toRequestView(row, payees.get(row.id)),
        email: row.email,
      }));
    },
  );

  for (const { kind, decision, summary } of decisions) {
    app.post(
      `/api/v1/admin/fiat/${kind}s/:id/${decision}`,
      {
        onRequest: mover,
        preValidation: emptyBodyIfNone,
        schema: {
          tags: ['admin'],
          summary,
          security: bearer,
          params: IdParams,
          body: decision === 'reject' ? RejectBody : AcceptBody,
          response: { 200: kind === 'deposit' ? DepositView : WithdrawalView },
        },
      },
      async (request) => {
        const body = request.body as RejectBody & AcceptBody;
        const decided = await fiat.decide(
          kind,
          decision,
          { adminId: caller(request).userId, ip: request.ip },
          request.params.id,
          { reason: body.reason, bankReference: body.bank_reference },
        );
        return toRequestView(decided, (await payeesOf([decided])).get(decided.id));
      },
    );
  }
}

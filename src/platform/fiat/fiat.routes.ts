import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import type { VerificationGates } from '../verification/gates.js';
import type { BankAccountsService } from './bank-accounts.service.js';
import {
  AmountBody,
  BankAccountBody,
  BankAccountOnFile,
  BankAccountView,
  DepositView,
  LedgerEntryView,
  OwnListQuery,
  WithdrawalView,
} from './fiat.schemas.js';
import type { FiatService } from './fiat.service.js';
import { toRequestView } from './fiat.views.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';

/**
 * The investor's and issuer's side: announce deposits, put the bank account withdrawals are paid
 * to on file, request withdrawals, read the ledger.
 */
export function fiatRoutes(
  app: HttpApp,
  fiat: FiatService,
  bankAccounts: BankAccountsService,
  gates: VerificationGates,
  { guard, recentFactor }: ReturnType<typeof guards>,
) {
  const account = guard('investor', 'issuer');
  // A user whose verification was revoked may still ask for their money (an admin decides).
  const gated = { deposit: gates.gate('move_fiat'), withdrawal: gates.gate('withdraw_fiat') };
  /** Requests with the account each was requested to, masked for their owner. */
  const viewsOf = async <R extends Parameters<typeof toRequestView>[0]>(rows: R[]) => {
    const payees = await bankAccounts.payees(rows, 'owner');
    return (row: R) => toRequestView(row, payees.get(row.id));
  };

  app.get(
    '/api/v1/fiat/bank-account',
    {
      onRequest: account,
      schema: {
        tags: ['fiat'],
        summary: 'The bank account your withdrawals are paid to (null: none on file)',
        security: bearer,
        response: { 200: BankAccountOnFile },
      },
    },
    async (request) => ({ bank_account: await bankAccounts.onFile(caller(request).userId) }),
  );

  app.put(
    '/api/v1/fiat/bank-account',
    {
      // where withdrawals are paid: a thief who changes it takes the next payout, so step up
      onRequest: [account, gated.withdrawal, recentFactor],
      schema: {
        tags: ['fiat'],
        summary:
          'Put a bank account on file for withdrawals (an IBAN, or an account number with its bank code); it replaces the last',
        description:
          'Needs a second factor verified in the last few minutes (STEP_UP_REQUIRED; MFA_REQUIRED without one enrolled), as a withdrawal does.',
        security: bearer,
        body: BankAccountBody,
        response: { 200: BankAccountView },
      },
    },
    async (request) =>
      bankAccounts.register({ userId: caller(request).userId, ip: request.ip }, request.body),
  );

  for (const kind of ['deposit', 'withdrawal'] as const) {
    const path = `/api/v1/fiat/${kind}s`;
    const View = kind === 'deposit' ? DepositView : WithdrawalView;

    app.post(
      path,
      {
        // money leaving the platform needs a second factor verified in the last minutes
        onRequest:
          kind === 'withdrawal' ? [account, gated[kind], recentFactor] : [account, gated[kind]],
        schema: {
          tags: ['fiat'],
          summary:
            kind === 'deposit'
              ? 'Announce a deposit; an admin confirms it once the money arrived'
              : 'Request a withdrawal; the amount is held from your balance until an admin decides',
          security: bearer,
          body: AmountBody,
          response: { 201: View },
        },
      },
      async (request, reply) => {
        const created = await fiat.request(kind, caller(request).userId, request.body.amount);
        return reply.code(201).send((await viewsOf([created]))(created));
      },
    );

    app.get(
      path,
      {
        onRequest: account,
        schema: {
          tags: ['fiat'],
          summary: `Your ${kind}s, newest first`,
          security: bearer,
          querystring: OwnListQuery,
          response: { 200: Page(View) },
        },
      },
      async (request) => {
        const limit = request.query.limit ?? 50;
        const rows = await fiat.ownList(kind, caller(request).userId, {
          limit,
          ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
        });
        return toPage(rows, limit, await viewsOf(rows));
      },
    );

    app.get(
      `${path}/:id`,
      {
        onRequest: account,
        schema: {
          tags: ['fiat'],
          summary: `One of your ${kind}s`,
          security: bearer,
          params: IdParams,
          response: { 200: View },
        },
      },
      async (request) => {
        const own = await fiat.own(kind, caller(request).userId, request.params.id);
        return (await viewsOf([own]))(own);
      },
    );
  }

  app.get(
    '/api/v1/fiat/ledger',
    {
      onRequest: [account, gates.gate('view_portfolio')],
      config: { apiKey: 'read' },
      schema: {
        tags: ['fiat'],
        summary: 'Every movement of your fiat balance, newest first',
        security: bearer,
        querystring: OwnListQuery,
        response: { 200: Page(LedgerEntryView) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await fiat.ledger(caller(request).userId, {
        limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      });
      return toPage(rows, limit, (row) => ({
        id: row.id,
        kind: row.kind,
        amount: row.amount,
        balance_after: row.balance_after,
        reference_type: row.reference_type,
        reference_id: row.reference_id,
        created_at: row.created_at.toISOString(),
      }));
    },
  );
}

import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { Page, toPage } from '../../lib/http/pagination.js';
import type { VerificationGates } from '../verification/gates.js';
import {
  AmountBody,
  DepositView,
  LedgerEntryView,
  OwnListQuery,
  WithdrawalView,
} from './fiat.schemas.js';
import type { FiatService } from './fiat.service.js';
import { toRequestView } from './fiat.views.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';

/** The investor's and issuer's side: announce deposits, request withdrawals, read the ledger. */
export function fiatRoutes(
  app: HttpApp,
  fiat: FiatService,
  gates: VerificationGates,
  { guard, recentFactor }: ReturnType<typeof guards>,
) {
  const account = guard('investor', 'issuer');
  // A user whose verification was revoked may still ask for their money (an admin decides).
  const gated = { deposit: gates.gate('move_fiat'), withdrawal: gates.gate('withdraw_fiat') };

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
      async (request, reply) =>
        reply
          .code(201)
          .send(
            toRequestView(await fiat.request(kind, caller(request).userId, request.body.amount)),
          ),
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
        return toPage(rows, limit, toRequestView);
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
      async (request) =>
        toRequestView(await fiat.own(kind, caller(request).userId, request.params.id)),
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

import { Type } from '@sinclair/typebox';
import type { Db } from '../../lib/db/database.js';
import type { HttpApp } from '../../lib/http/app.js';
import type { guards } from '../../lib/http/auth-guard.js';
import { bearer } from '../../lib/http/route-schemas.js';
import { waitingWork } from './work.queries.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const WaitingWorkView = Type.Object({
  kyc: Count('KYC applications pending or in review'),
  classifications: Count('investor classifications whose evidence waits for review'),
  kyb: Count('KYB applications pending or in review'),
  businesses_to_activate: Count('businesses whose KYB is approved, not yet activated'),
  payments_to_confirm: Count('offering allocations waiting for payment'),
  minting_failed: Count('allocations whose minting failed'),
  fiat_requests: Count('deposits to confirm and withdrawals to pay out'),
  dividends: Count('dividends to approve, to distribute, or with a failed payment'),
  settlements_failed: Count('trades whose settlement failed'),
  agent_actions: Count(
    'agent actions waiting for an admin other than their proposer (four eyes), or failed on chain',
  ),
  debt_calls: Count("issuers' calls of debt tokens waiting for a staff decision"),
  debt_funding_short: Count(
    "debt token payments due soon or now that the issuer's balance does not cover",
  ),
  debt_burns_failed: Count(
    "redemptions whose burn on chain failed for good, awaiting staff's retry",
  ),
  alerts_open: Count('open surveillance alerts'),
});

export function workRoutes(app: HttpApp, db: Db, { guard }: ReturnType<typeof guards>) {
  app.get(
    '/api/v1/admin/work',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'What waits for a person on each staff screen (the counts of the queues)',
        security: bearer,
        response: { 200: WaitingWorkView },
      },
    },
    () => waitingWork(db),
  );
}

/**
 * Fiat deposits and withdrawals. Each use case is one transaction that locks the user's row first
 * (the platform's lock order), then the request; every balance change goes through moveFiat, so
 * it is a ledger row in the same transaction. A withdrawal larger than the balance fails in
 * moveFiat (INSUFFICIENT_FUNDS) and rolls back the request with it.
 */
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { FiatRequest, FiatRequestKind } from '../../lib/db/schema-fiat.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { Exact } from '../../lib/money.js';
import { recordAudit } from '../audit/audit.queries.js';
import { moveFiat } from '../../lib/ledger/fiat-ledger.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { notifyReviewers } from '../verification/notifications.queries.js';
import { accountOnFile, markVerified } from './bank-accounts.queries.js';
import {
  decideFiatRequest,
  fiatRequestForUpdate,
  fiatRequestOwner,
  fiatRequestQueue,
  insertFiatRequest,
  ledgerOf,
  ownFiatRequest,
  ownFiatRequests,
  type OfKind,
} from './fiat.queries.js';
import { notify } from '../notifications/notify.js';
import { paymentConfirmed } from '../notifications/notices.js';
import {
  decide,
  opening,
  paymentReference,
  type FiatDecision,
  type Movement,
} from './fiat.rules.js';

const referenceType: Record<FiatRequestKind, string> = {
  deposit: 'fiat_deposit',
  withdrawal: 'fiat_withdrawal',
};
const alreadyDecided = {
  deposit: 'DEPOSIT_ALREADY_DECIDED',
  withdrawal: 'WITHDRAWAL_ALREADY_DECIDED',
} as const;

function signed(amount: string, movement: Movement): string {
  return movement.direction === 'credit' ? amount : new Exact(amount).negated().toFixed(2);
}

export interface Page {
  limit: number;
  cursor?: string;
}

export function fiatService(db: Db, clock: Clock) {
  return {
    async request<K extends FiatRequestKind>(
      kind: K,
      userId: string,
      amount: string,
    ): Promise<OfKind<K>> {
      return transaction(db, async (trx) => {
        await lockUser(trx, userId);
        const step = opening(kind);
        // A withdrawal is paid to the bank account on file: there must be one.
        const payee = kind === 'withdrawal' ? await accountOnFile(trx, userId) : undefined;
        if (kind === 'withdrawal' && !payee) {
          throw new AppError(
            'BANK_ACCOUNT_REQUIRED',
            'Put the bank account your withdrawals are paid to on file first',
          );
        }
        const request = await insertFiatRequest(trx, {
          id: newId(),
          user_id: userId,
          kind,
          amount,
          status: step.status,
          bank_account_id: payee?.id ?? null,
        });
        if (step.movement) {
          await moveFiat(trx, {
            userId,
            amount: signed(request.amount, step.movement),
            kind: step.movement.kind,
            referenceType: referenceType[kind],
            referenceId: request.id,
          });
        }
        // A deposit waits for an admin to see the money arrive: the staff are told.
        if (kind === 'deposit') {
          await notifyReviewers(trx, {
            kind: 'fiat.deposit_pending',
            subjectType: 'fiat_request',
            subjectId: request.id,
            message: `A deposit of ${request.amount} USD awaits confirmation (reference ${paymentReference(request.id)})`,
          });
        }
        return request as OfKind<K>;
      });
    },

    /** An admin's decision; 404 for no request of this kind, 409 when it was decided before. */
    async decide<K extends FiatRequestKind>(
      kind: K,
      decision: FiatDecision,
      actor: { adminId: string; ip: string },
      id: string,
      note: { reason?: string | undefined; bankReference?: string | undefined } = {},
    ): Promise<OfKind<K>> {
      const reason = note.reason?.trim() || undefined;
      const bankReference = note.bankReference?.trim() || undefined;
      return transaction(db, async (trx) => {
        const ownerId = await fiatRequestOwner(trx, kind, id);
        if (!ownerId) throw new AppError('NOT_FOUND', `No such ${kind}`);
        await lockUser(trx, ownerId);
        const request = await fiatRequestForUpdate(trx, id);
        const step = decide(kind, request.status, decision);
        if (!step)
          throw new AppError(alreadyDecided[kind], `The ${kind} is already ${request.status}`);
        if (step.movement) {
          await moveFiat(trx, {
            userId: ownerId,
            amount: signed(request.amount, step.movement),
            kind: step.movement.kind,
            referenceType: referenceType[kind],
            referenceId: id,
          });
        }
        const decided = await decideFiatRequest(
          trx,
          id,
          {
            status: step.status,
            decided_by: actor.adminId,
            decision_reason: reason ?? null,
            bank_reference: bankReference ?? null,
          },
          clock.now(),
        );
        // The first payout to an account verifies it: staff checked it against the investor.
        if (step.status === 'paid' && request.bank_account_id)
          await markVerified(trx, request.bank_account_id, actor.adminId, clock.now());
        await recordAudit(trx, {
          actorId: actor.adminId,
          action: `fiat.${kind}_${decision}`,
          targetType: referenceType[kind],
          targetId: id,
          ip: actor.ip,
          details: {
            user_id: ownerId,
            amount: request.amount,
            previous_status: request.status,
            status: step.status,
            ...(reason ? { reason } : {}),
            ...(bankReference ? { bank_reference: bankReference } : {}),
          },
        });
        if (kind === 'deposit' && step.status === 'confirmed')
          await notify(trx, paymentConfirmed(ownerId, request.amount, 'a deposit to your account'));
        return decided as OfKind<K>;
      });
    },

    async own<K extends FiatRequestKind>(kind: K, userId: string, id: string): Promise<OfKind<K>> {
      const request = await ownFiatRequest(db, kind, userId, id);
      if (!request) throw new AppError('NOT_FOUND', `No such ${kind}`);
      return request;
    },

    ownList: <K extends FiatRequestKind>(kind: K, userId: string, page: Page) =>
      ownFiatRequests(db, kind, userId, page),

    queue: <K extends FiatRequestKind>(
      kind: K,
      options: Page & { status?: FiatRequest['status'] },
    ) => fiatRequestQueue(db, kind, options),

    ledger: (userId: string, page: Page) => ledgerOf(db, userId, page),
  };
}

export type FiatService = ReturnType<typeof fiatService>;

/**
 * Splits and consolidations (docs/corporate-actions.md "Splits and consolidations"): the issuer
 * (or staff on its behalf) proposes a ratio and an effective moment, staff other than the proposer
 * approve or reject it (four eyes, audited as the token agent's actions are), and the split runner
 * carries it out at that moment (split-runner.ts). Each use case is one transaction.
 */
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { Role } from '../../lib/db/schema.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/http/pagination.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { assertRatio } from './split.math.js';
import {
  batchProgress,
  findSplit,
  insertSplit,
  listSplits,
  splitForUpdate,
  splitToken,
  updateSplit,
} from './splits.queries.js';
import {
  toSplitView,
  type DecideSplitBody,
  type ProposeSplitBody,
  type SplitsQuery,
} from './splits.schemas.js';

export interface SplitActor {
  userId: string;
  role: Role;
  ip: string;
}

const isStaff = (role: Role) => role === 'staff' || role === 'admin';

export function splitsService(db: Db, clock: Clock) {
  async function view(id: string) {
    const split = await findSplit(db, id);
    if (!split) throw new AppError('NOT_FOUND', 'No such split');
    const token = (await splitToken(db, split.token_id))!;
    return toSplitView({ ...split, symbol: token.symbol }, await batchProgress(db, id));
  }

  return {
    async propose(actor: SplitActor, body: ProposeSplitBody) {
      assertRatio(body);
      const effective = new Date(body.effective_at);
      if (effective.getTime() <= clock.now().getTime()) {
        throw new AppError('SPLIT_DATE_INVALID', `${body.effective_at} has passed`);
      }
      const id = await transaction(db, async (trx) => {
        const token = await splitToken(trx, body.token_id);
        if (!token || (!isStaff(actor.role) && token.issuer_id !== actor.userId)) {
          throw new AppError('NOT_FOUND', 'No such token');
        }
        if (token.status !== 'secondary' || !token.contract_address) {
          throw new AppError('SPLIT_TOKEN_NOT_TRADING', `The token is ${token.status}`);
        }
        const split = await insertSplit(trx, {
          id: newId(),
          token_id: token.id,
          issuer_id: token.issuer_id,
          proposed_by: actor.userId,
          ratio_new: body.ratio_new,
          ratio_old: body.ratio_old,
          effective_at: effective,
          reason: body.reason,
          status: 'proposed',
          decided_by: null,
          decided_at: null,
          reference_price: null,
          reference_source: null,
          error: null,
          job_error: null,
          started_at: null,
          finished_at: null,
          claim_id: null,
          due_at: null,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error, 'share_splits_one_open')) {
            throw new AppError('SPLIT_IN_PROGRESS');
          }
          throw error;
        });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'split.proposed',
          targetType: 'share_split',
          targetId: split.id,
          ip: actor.ip,
          details: {
            token_id: token.id,
            ratio: `${body.ratio_new}:${body.ratio_old}`,
            effective_at: effective.toISOString(),
            reason: body.reason,
          },
        });
        return split.id;
      });
      return view(id);
    },

    /** Staff other than the proposer approve (the runner takes it at its moment) or reject. */
    async decide(actor: SplitActor, id: string, body: DecideSplitBody) {
      await transaction(db, async (trx) => {
        const split = await splitForUpdate(trx, id);
        if (!split) throw new AppError('NOT_FOUND', 'No such split');
        if (split.status !== 'proposed') throw new AppError('SPLIT_NOT_PROPOSED');
        if (split.proposed_by === actor.userId) {
          throw new AppError(
            'FOUR_EYES_REQUIRED',
            'You proposed this split: another member of staff must approve or reject it',
          );
        }
        const now = clock.now();
        const approve = body.decision === 'approve';
        await updateSplit(trx, id, {
          status: approve ? 'approved' : 'rejected',
          decided_by: actor.userId,
          decided_at: now,
          updated_at: now,
          // a split approved after its moment runs at once
          ...(approve ? { job_state: 'ready' as const, due_at: split.effective_at } : {}),
        });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: approve ? 'split.approved' : 'split.rejected',
          targetType: 'share_split',
          targetId: id,
          ip: actor.ip,
          details: { token_id: split.token_id, ratio: `${split.ratio_new}:${split.ratio_old}` },
        });
      });
      return view(id);
    },

    /** Staff see every split; an issuer those of its tokens. */
    async list(actor: SplitActor, query: SplitsQuery) {
      const limit = query.limit ?? 50;
      const rows = await listSplits(
        db,
        {
          tokenId: query.token_id,
          status: query.status,
          issuerId: isStaff(actor.role) ? undefined : actor.userId,
        },
        limit,
        query.cursor,
      );
      const page = toPage(rows, limit, (row) => row);
      return {
        data: await Promise.all(
          page.data.map(async (row) => toSplitView(row, await batchProgress(db, row.id))),
        ),
        next_cursor: page.next_cursor,
      };
    },

    async get(actor: SplitActor, id: string) {
      const split = await view(id);
      const token = (await splitToken(db, split.token_id))!;
      if (!isStaff(actor.role) && token.issuer_id !== actor.userId) {
        throw new AppError('NOT_FOUND', 'No such split');
      }
      return split;
    },
  };
}

export type SplitsService = ReturnType<typeof splitsService>;

/** The staff's settlement use cases: the failed trades, the retry of one and the bulk retry. */
import { transaction, type Db } from '../../lib/db/database.js';
import { recordAudit } from '../../lib/db/audit.queries.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { listFailed, lockTrade, reopenFailed, type FailedFilter } from './settlement.queries.js';

/** Who asks, for the audit log. */
export interface StaffActor {
  userId: string;
  ip: string;
}

export function settlementService(db: Db, clock: Clock) {
  return {
    failed: (limit: number, cursor?: string) => listFailed(db, limit, cursor),

    /** failed -> processing with fresh attempts; the processor takes it on its next tick. */
    retry(id: string, actor: StaffActor) {
      return transaction(db, async (trx) => {
        const trade = await lockTrade(trx, id);
        if (!trade) throw new AppError('TRADE_NOT_FOUND', `No trade ${id}`);
        if (trade.settlement_status !== 'failed') {
          throw new AppError(
            'TRADE_NOT_FAILED',
            `Trade ${id} is ${trade.settlement_status}; only a failed settlement can be retried`,
          );
        }
        await reopenFailed(trx, { ids: [id] }, clock.now());
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'settlement.retry',
          targetType: 'trade',
          targetId: id,
          ip: actor.ip,
        });
        return { id, settlement_status: 'processing' as const };
      });
    },

    /**
     * Every failed trade the filter matches, as the single retry, in one transaction with one
     * audit row (the filter and the count); none matching is an answer, not an error.
     */
    retryMatching(filter: FailedFilter, actor: StaffActor) {
      const { failedFrom, failedTo } = filter;
      if (failedFrom && failedTo && failedFrom >= failedTo) {
        throw new AppError('INVALID_TIME_RANGE', 'failed_to must be after failed_from');
      }
      return transaction(db, async (trx) => {
        const ids = await reopenFailed(trx, { filter }, clock.now());
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'settlement.bulk_retry',
          targetType: 'trade',
          details: {
            token_id: filter.tokenId ?? null,
            error_code: filter.errorCode ?? null,
            failed_from: failedFrom?.toISOString() ?? null,
            failed_to: failedTo?.toISOString() ?? null,
            retried: ids.length,
          },
          ip: actor.ip,
        });
        return { retried: ids.length, trade_ids: ids };
      });
    },
  };
}

export type SettlementService = ReturnType<typeof settlementService>;

/** The staff's settlement use cases: the failed trades and the retry of one. */
import { transaction, type Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/worker/job-queue.js';
import { listFailed, lockTrade, reopenFailed } from './settlement.queries.js';

export function settlementService(db: Db, clock: Clock) {
  return {
    failed: (limit: number, cursor?: string) => listFailed(db, limit, cursor),

    /** failed -> processing with fresh attempts; the processor takes it on its next tick. */
    retry(id: string) {
      return transaction(db, async (trx) => {
        const trade = await lockTrade(trx, id);
        if (!trade) throw new AppError('TRADE_NOT_FOUND', `No trade ${id}`);
        if (trade.settlement_status !== 'failed') {
          throw new AppError(
            'TRADE_NOT_FAILED',
            `Trade ${id} is ${trade.settlement_status}; only a failed settlement can be retried`,
          );
        }
        await reopenFailed(trx, id, clock());
        return { id, settlement_status: 'processing' as const };
      });
    },
  };
}

export type SettlementService = ReturnType<typeof settlementService>;

/**
 * Keeps each deployed contract's paused flag in step with its token's status (only secondary
 * trading runs unpaused), and matures tokens whose maturity_date has passed. The token row is
 * the job: changeStatus marks it pending with a new version; the job queue claims it, this worker
 * calls pause or unpause (idempotency key = token and version) and the outcome is written only
 * under its claim: synced if the version is still the one it acted on, else pending again for the
 * new version. Failed attempts follow the workers' policy.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction } from '../../lib/db/database.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import { recordAudit } from '../audit/audit.queries.js';
import { lockTokenAndPendingSubscribers, releaseAll } from '../offering/allocation-release.js';
import { changeStatus, settleUndeployed, tokensDueToMature } from './tokens.queries.js';
import { contractPausedIn, nextStatus } from './tokens.rules.js';

/** The pause-state jobs: deployed tokens whose contract has not followed their status yet. */
export const chainSyncJobs: JobTable<'tokens'> = {
  table: 'tokens',
  state: 'chain_sync',
  ready: 'pending',
  failed: 'failed',
  claimId: 'chain_sync_claim_id',
  dueAt: 'chain_sync_due_at',
  attempts: 'chain_sync_attempts',
  waits: 'chain_sync_waits',
  error: 'chain_sync_error',
  where: sql`contract_address is not null`,
};

export function tokenChainSync(deps: { queue: QueueOptions; chain: ChainClient }) {
  const { chain } = deps;
  const { db, clock } = deps.queue;
  const queue = jobQueue(chainSyncJobs, deps.queue);

  /**
   * Each due token matures in its own transaction: the status, the release of every
   * subscription still awaiting payment (refunded through the ledger) and the audit row.
   */
  async function matureDueTokens(): Promise<number> {
    let matured = 0;
    for (const id of await tokensDueToMature(db, clock.now())) {
      matured += await transaction(db, async (trx) => {
        const { token, pending } = await lockTokenAndPendingSubscribers(trx, id);
        const next = token && nextStatus(token.status, 'mature');
        // Another process matured or delisted it meanwhile.
        if (!token || !next) return 0;
        const released = await releaseAll(trx, pending, { actorId: null, at: clock.now() });
        await changeStatus(trx, id, next);
        await recordAudit(trx, {
          actorId: null,
          action: 'token.matured',
          targetType: 'token',
          targetId: id,
          details: { from: token.status, ...released },
        });
        return 1;
      });
    }
    return matured;
  }

  return {
    async tick(): Promise<number> {
      const matured = await matureDueTokens();
      // A token never deployed has no contract to follow its status.
      await settleUndeployed(db);
      const synced = await queue.runBatch(10, async (token) => {
        const key = `token-sync:${token.id}:${token.chain_sync_version}`;
        if (contractPausedIn(token.status))
          await chain.pause(token.contract_address!, key, token.business_id);
        else await chain.unpause(token.contract_address!, key, token.business_id);
        return {
          chain_sync: sql`case when chain_sync_version = ${token.chain_sync_version}
            then 'synced' else 'pending' end`,
        };
      });
      return matured + synced;
    },
  };
}

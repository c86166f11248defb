/**
 * A redemption's burns on chain: the database emptied the wallets when the redemption was paid
 * (debt-servicer.ts); each batch of up to 100 of those wallets is then one batchBurn. The batch
 * row is the job, taken through the job queue with the other workers' lease and failure policy (a
 * transient chain failure waits without using an attempt). The chain call's idempotency key is
 * the batch id, so a batch sent again after a crash or a lease expiry never burns twice. A batch
 * that failed for good waits for staff's retry (debt-burn-retries.ts).
 */
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction } from '../../lib/db/database.js';
import type { DebtBurnBatch } from '../../lib/db/schema-debt.js';
import { AppError } from '../../lib/errors.js';
import { baseUnits } from '../../lib/token-units.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';
import { burnBatchToken } from './debt.queries.js';

export const debtBurnJobs: JobTable<'debt_burn_batches'> = {
  table: 'debt_burn_batches',
  state: 'status',
  ready: 'pending',
  running: 'sending',
  failed: 'failed',
  claimId: 'claim_id',
  dueAt: 'due_at',
  attempts: 'attempts',
  waits: 'waits',
  error: 'error',
};

/** The batch's idempotency key: a retry after a reverted transaction takes the next round. */
export function burnKey(batch: Pick<DebtBurnBatch, 'id' | 'key_round'>): string {
  return batch.key_round === 0
    ? `debt-burn:${batch.id}`
    : `debt-burn:${batch.id}:${batch.key_round}`;
}

/**
 * The key round a failed batch is retried under: a transaction the chain mined as reverted
 * changed nothing, and its key would answer the revert again, so a new round; any other failure
 * (refused before it reached the chain, or its outcome unknown) keeps its key, under which the
 * chain service sends anew what never ran and never runs twice what did.
 */
export function retryKeyRound(batch: Pick<DebtBurnBatch, 'error' | 'key_round'>): number {
  return batch.error?.startsWith('TRANSACTION_REVERTED') ? batch.key_round + 1 : batch.key_round;
}

export function debtBurner(deps: {
  queue: QueueOptions;
  chain: ChainClient;
  wallets: WalletAddresses;
}) {
  const { db } = deps.queue;
  const queue = jobQueue(debtBurnJobs, deps.queue);

  async function send(batch: DebtBurnBatch): Promise<string> {
    const token = await burnBatchToken(db, batch.payment_id);
    if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
    const holdings = await transaction(db, async (trx) => {
      const list = [];
      for (const holder of batch.holders) {
        list.push({
          wallet_addr: await deps.wallets.ensureWalletAddress(trx, holder.user_id),
          amount: baseUnits(holder.quantity, token.decimals),
          // a redeemed holder keeps nothing, frozen units included
          frozen: '0',
        });
      }
      return list;
    });
    const sent = await deps.chain.scaleHoldings(
      {
        token_addr: token.contract_address,
        direction: 'burn',
        holdings,
        payer_ref: token.business_id,
      },
      burnKey(batch),
    );
    return sent.tx_hash;
  }

  return {
    tick: () =>
      queue.runBatch(5, async (batch) => ({ status: 'sent', tx_hash: await send(batch) })),
  };
}

export type DebtBurner = ReturnType<typeof debtBurner>;

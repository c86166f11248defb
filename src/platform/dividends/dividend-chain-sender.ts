/**
 * Token dividends on chain: the database moved the tokens when the payments were paid; each batch
 * of up to 100 of those payments (fixed when they were paid) is then one batchForcedTransfer from
 * the issuer's address to the holders'. The batch row is the job, taken through the job queue
 * (src/lib/worker/job-queue.ts) with the other workers' lease and failure policy: a transient
 * chain failure waits without using an attempt. The chain call's idempotency key is the batch id,
 * so a batch sent again after a crash, a lease expiry or a staff retry never transfers twice.
 */
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction } from '../../lib/db/database.js';
import type { DividendChainBatch } from '../../lib/db/schema-dividends.js';
import { AppError } from '../../lib/errors.js';
import { baseUnits } from '../../lib/token-units.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';
import { chainBatchPayments, chainBatchToken } from './dividend-payout.queries.js';

export interface ChainSenderDeps {
  queue: QueueOptions;
  chain: ChainClient;
  wallets: WalletAddresses;
  batchSize?: number;
}

/** The on-chain batches of token dividends not sent yet. */
export const dividendChainJobs: JobTable<'dividend_chain_batches'> = {
  table: 'dividend_chain_batches',
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

export function dividendChainSender(deps: ChainSenderDeps) {
  const { chain } = deps;
  const { db } = deps.queue;
  const queue = jobQueue(dividendChainJobs, deps.queue);

  async function send(batch: DividendChainBatch): Promise<string> {
    const token = await chainBatchToken(db, batch.dividend_id);
    if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
    const payments = await chainBatchPayments(db, batch.id);
    const transfers = await transaction(db, async (trx) => {
      const from = await deps.wallets.ensureWalletAddress(trx, token.issuer_id);
      const list = [];
      for (const payment of payments) {
        list.push({
          from_addr: from,
          to_addr: await deps.wallets.ensureWalletAddress(trx, payment.user_id),
          amount: baseUnits(payment.quantity, token.decimals),
        });
      }
      return list;
    });
    const sent = await chain.batchTransfer(
      { token_addr: token.contract_address, transfers, payer_ref: token.business_id },
      `dividend-batch:${batch.id}`,
    );
    return sent.tx_hash;
  }

  return {
    tick: () =>
      queue.runBatch(deps.batchSize ?? 5, async (batch) => ({
        status: 'sent',
        tx_hash: await send(batch),
      })),
  };
}

export type DividendChainSender = ReturnType<typeof dividendChainSender>;

/**
 * What became of the transaction recorded under an operation and idempotency key. Read only: a
 * transaction broadcast whose receipt is not recorded yet (its sender died, or is still waiting)
 * is looked up on the node, so the answer is the chain's, not only the record's.
 */
import type { Hash } from 'viem';
import type { ChainOperation, TransactionOutcomeResponse } from '../../lib/chain-api.schemas.js';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { findTransaction } from '../transactions/gas-records.js';
import { findReceipt } from '../transactions/wait-for-receipt.js';

export async function transactionOutcome(
  services: ChainServices,
  operation: ChainOperation,
  idempotencyKey: string,
): Promise<TransactionOutcomeResponse> {
  const answer = (status: TransactionOutcomeResponse['status'], txHash: string | null) => ({
    operation,
    idempotency_key: idempotencyKey,
    status,
    tx_hash: txHash,
  });
  const tx = await findTransaction(services.db, operation, idempotencyKey);
  if (!tx) return answer('unknown', null);
  switch (tx.status) {
    case 'queued':
    case 'failed':
      return answer(tx.status, null);
    case 'mined':
    case 'reverted':
      return answer(tx.status, tx.sent.hash);
    case 'sent': {
      const hash: Hash = tx.sent.hash;
      const receipt = await onChain(() => findReceipt(services.session.client, hash));
      if (!receipt) return answer('sent', hash);
      return answer(receipt.status === 'success' ? 'mined' : 'reverted', hash);
    }
  }
}

/**
 * Settles several trades of one token in one `batchForcedTransfer` transaction, all or nothing,
 * after checking every transfer in order (a seller's running balance included). The platform pays.
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { assertTransfersAllowed, type TokenMovement } from './transfer-checks.js';

export interface BatchForcedTransferParameters {
  token: Address;
  transfers: readonly TokenMovement[];
  idempotencyKey: string;
  payerRef: string | null;
}

export async function batchForcedTransfer(
  services: ChainServices,
  params: BatchForcedTransferParameters,
): Promise<TransactionOutcome> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const mined = await sender.run({
    operation: 'batch_forced_transfer',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, transfers: params.transfers },
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: async () => {
      await assertTransfersAllowed(session, suite, params.transfers);
      return prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: 'batchForcedTransfer',
        args: [
          params.transfers.map((t) => t.from),
          params.transfers.map((t) => t.to),
          params.transfers.map((t) => t.amount),
        ],
      });
    },
  });
  return outcomeOf(mined);
}

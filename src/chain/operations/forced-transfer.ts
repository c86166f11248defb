/**
 * Settles a trade on chain: `forcedTransfer` by the platform agent (no seller approval), after the
 * checks the contract skips (transfer-checks.ts). The platform pays.
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { assertTransfersAllowed } from './transfer-checks.js';

export interface ForcedTransferParameters {
  token: Address;
  from: Address;
  to: Address;
  amount: bigint;
  idempotencyKey: string;
  payerRef: string | null;
}

export async function forcedTransfer(
  services: ChainServices,
  params: ForcedTransferParameters,
): Promise<TransactionOutcome> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const movement = { from: params.from, to: params.to, amount: params.amount };
  const mined = await sender.run({
    operation: 'forced_transfer',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, ...movement },
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: async () => {
      await assertTransfersAllowed(session, suite, [movement]);
      return prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: 'forcedTransfer',
        args: [params.from, params.to, params.amount],
      });
    },
  });
  return outcomeOf(mined);
}

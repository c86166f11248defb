/**
 * `forcedTransfer` by the platform agent (no holder approval). A trade's settlement goes through
 * the checks the contract skips (transfer-checks.ts). A transfer ordered by a court or a
 * regulator (an agent action) checks only what the contract itself requires, the receiver
 * verified and the sender's balance, since the order applies to a paused token, a frozen wallet
 * and frozen units alike (T-REX unfreezes what it must). The platform pays.
 */
import type { Address } from 'viem';
import { AppError } from '../../lib/errors.js';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { balanceOf } from './reads.js';
import { assertTransfersAllowed, assertVerified } from './transfer-checks.js';

export interface ForcedTransferParameters {
  token: Address;
  from: Address;
  to: Address;
  amount: bigint;
  idempotencyKey: string;
  payerRef: string | null;
  /** an agent action's transfer (court or regulator order) rather than a trade's settlement */
  agentOrder?: boolean;
}

export async function forcedTransfer(
  services: ChainServices,
  params: ForcedTransferParameters,
): Promise<TransactionOutcome> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const movement = { from: params.from, to: params.to, amount: params.amount };
  const mined = await sender.run({
    operation: params.agentOrder ? 'agent_forced_transfer' : 'forced_transfer',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, ...movement },
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: async () => {
      if (params.agentOrder) {
        await assertVerified(session, suite, params.to);
        const { balance } = await balanceOf(services, suite.token, params.from);
        if (balance < params.amount) {
          throw new AppError(
            'INSUFFICIENT_TOKEN_BALANCE',
            `${params.from} holds ${balance} base units, ${params.amount} ordered`,
            { wallet: params.from },
          );
        }
      } else {
        await assertTransfersAllowed(session, suite, [movement]);
      }
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

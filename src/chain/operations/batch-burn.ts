/**
 * Burns units of several wallets of one token in one `batchBurn` transaction (T-REX agent burn),
 * all or nothing: a redemption removes the repaid units. T-REX burns frozen units too (it
 * unfreezes what the free balance lacks) and works while the token is paused. Each wallet must
 * hold what is burned, else the batch is refused before anything is sent. The issuer pays.
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { AppError } from '../../lib/errors.js';

export interface BatchBurnParameters {
  token: Address;
  burns: ReadonlyArray<{ wallet: Address; amount: bigint }>;
  idempotencyKey: string;
  payerRef: string | null;
}

export async function batchBurn(
  services: ChainServices,
  params: BatchBurnParameters,
): Promise<TransactionOutcome> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const mined = await sender.run({
    operation: 'batch_burn',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, burns: params.burns },
    tokenAddress: suite.token,
    payer: { type: 'issuer', ref: params.payerRef },
    prepare: async () => {
      for (const burn of params.burns) {
        const held = await session.client.readContract({
          address: suite.token,
          abi: tokenAbi,
          functionName: 'balanceOf',
          args: [burn.wallet],
        });
        if (held < burn.amount) {
          throw new AppError(
            'INSUFFICIENT_TOKEN_BALANCE',
            `${burn.wallet} holds ${held} base units of the ${burn.amount} to burn`,
          );
        }
      }
      return prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: 'batchBurn',
        args: [params.burns.map((b) => b.wallet), params.burns.map((b) => b.amount)],
      });
    },
  });
  return outcomeOf(mined);
}

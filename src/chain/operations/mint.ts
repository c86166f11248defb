/**
 * Mints tokens (base units) to a verified wallet. The receiver is checked first, so minting to an
 * unverified wallet is refused with IDENTITY_NOT_VERIFIED and nothing is sent. The issuer pays.
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { assertVerified } from './transfer-checks.js';

export interface MintParameters {
  token: Address;
  to: Address;
  amount: bigint;
  idempotencyKey: string;
  payerRef: string | null;
}

export async function mint(
  services: ChainServices,
  params: MintParameters,
): Promise<TransactionOutcome> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const mined = await sender.run({
    operation: 'mint',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, to: params.to, amount: params.amount },
    tokenAddress: suite.token,
    payer: { type: 'issuer', ref: params.payerRef },
    prepare: async () => {
      await assertVerified(session, suite, params.to);
      return prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: 'mint',
        args: [params.to, params.amount],
      });
    },
  });
  return outcomeOf(mined);
}

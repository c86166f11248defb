/**
 * The token agent's freezes (T-REX `setAddressFrozen`, `freezePartialTokens`,
 * `unfreezePartialTokens`). A frozen address can neither send nor receive by `transfer`; frozen
 * units cannot be sent. Both are read back after the call. The platform pays.
 */
import type { Address } from 'viem';
import { AppError } from '../../lib/errors.js';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { balanceOf, type TokenBalance } from './reads.js';

export interface FreezeResult {
  state: TokenBalance;
  /** null when the chain already showed the wanted state */
  transaction: TransactionOutcome | null;
}

interface Common {
  token: Address;
  wallet: Address;
  idempotencyKey: string;
  payerRef: string | null;
}

/** Idempotent by state: an address already (un)frozen sends nothing. */
export async function setAddressFrozen(
  services: ChainServices,
  params: Common & { frozen: boolean },
): Promise<FreezeResult> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const operation = params.frozen ? 'freeze_address' : 'unfreeze_address';
  const before = await balanceOf(services, suite.token, params.wallet);
  if (
    before.addressFrozen === params.frozen &&
    !(await sender.reachedChain(operation, params.idempotencyKey))
  ) {
    return { state: before, transaction: null };
  }
  const mined = await sender.run({
    operation,
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, wallet: params.wallet, frozen: params.frozen },
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: () =>
      prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: 'setAddressFrozen',
        args: [params.wallet, params.frozen],
      }),
  });
  return {
    state: await balanceOf(services, suite.token, params.wallet),
    transaction: outcomeOf(mined),
  };
}

/**
 * Freezes (or unfreezes) `amount` more base units. Not idempotent by state (a second freeze adds
 * to the first), so only the key guards a repeat: a key already mined answers its outcome.
 */
export async function changeFrozenTokens(
  services: ChainServices,
  params: Common & { amount: bigint; freeze: boolean },
): Promise<FreezeResult> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const mined = await sender.run({
    operation: params.freeze ? 'freeze_tokens' : 'unfreeze_tokens',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, wallet: params.wallet, amount: params.amount },
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: async () => {
      const { balance, frozen } = await balanceOf(services, suite.token, params.wallet);
      if (params.freeze && balance - frozen < params.amount) {
        throw new AppError(
          'INSUFFICIENT_TOKEN_BALANCE',
          `${params.wallet} has ${balance - frozen} unfrozen base units, ${params.amount} to freeze`,
          { wallet: params.wallet },
        );
      }
      if (!params.freeze && frozen < params.amount) {
        throw new AppError(
          'FROZEN_UNITS_EXCEEDED',
          `${params.wallet} has ${frozen} frozen base units, ${params.amount} to unfreeze`,
          { wallet: params.wallet },
        );
      }
      return prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: params.freeze ? 'freezePartialTokens' : 'unfreezePartialTokens',
        args: [params.wallet, params.amount],
      });
    },
  });
  return {
    state: await balanceOf(services, suite.token, params.wallet),
    transaction: outcomeOf(mined),
  };
}

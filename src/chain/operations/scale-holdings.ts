/**
 * A split's or consolidation's batch of holders on one token: one `batchMint` (a split) or
 * `batchBurn` (a consolidation) of each holder's change, all or nothing, under the batch's key;
 * then each holder's frozen units set to the scaled quantity (a mint leaves frozen units as they
 * were, a burn unfreezes what it takes beyond the free balance). The frozen units are set by
 * state, so a batch sent again after a crash changes nothing more. The issuer pays.
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { changeFrozenTokens } from './freeze.js';
import { balanceOf } from './reads.js';
import { assertVerified } from './transfer-checks.js';

export interface ScaledHolding {
  wallet: Address;
  /** base units minted (a split) or burned (a consolidation) */
  amount: bigint;
  /** the holder's frozen base units after the action */
  frozen: bigint;
}

export interface ScaleHoldingsParameters {
  token: Address;
  direction: 'mint' | 'burn';
  holdings: readonly ScaledHolding[];
  idempotencyKey: string;
  payerRef: string | null;
}

export async function scaleHoldings(
  services: ChainServices,
  params: ScaleHoldingsParameters,
): Promise<TransactionOutcome> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const wallets = params.holdings.map((h) => h.wallet);
  const amounts = params.holdings.map((h) => h.amount);
  const mined = await sender.run({
    operation: params.direction === 'mint' ? 'batch_mint' : 'batch_burn',
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token, wallets, amounts },
    tokenAddress: suite.token,
    payer: { type: 'issuer', ref: params.payerRef },
    prepare: async () => {
      if (params.direction === 'mint') {
        for (const wallet of wallets) await assertVerified(session, suite, wallet);
      }
      return prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: params.direction === 'mint' ? 'batchMint' : 'batchBurn',
        args: [wallets, amounts],
      });
    },
  });
  for (const holding of params.holdings) {
    const { frozen } = await balanceOf(services, suite.token, holding.wallet);
    if (frozen === holding.frozen) continue;
    const freeze = holding.frozen > frozen;
    await changeFrozenTokens(services, {
      token: suite.token,
      wallet: holding.wallet,
      amount: freeze ? holding.frozen - frozen : frozen - holding.frozen,
      freeze,
      idempotencyKey: `${params.idempotencyKey}:frozen:${holding.wallet}:${holding.frozen}`,
      payerRef: params.payerRef,
    });
  }
  return outcomeOf(mined);
}

/**
 * Pauses or unpauses a token (tokens start paused; the platform unpauses when secondary trading
 * begins). Idempotent: a token already in the wanted state sends nothing. The platform pays.
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { prepareCall } from '../client/prepared-call.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';

export interface PauseTokenParameters {
  token: Address;
  paused: boolean;
  idempotencyKey: string;
  payerRef: string | null;
}

export interface PauseTokenResult {
  token: Address;
  paused: boolean;
  /** null when the token was already in that state */
  transaction: TransactionOutcome | null;
}

export async function setTokenPaused(
  services: ChainServices,
  params: PauseTokenParameters,
): Promise<PauseTokenResult> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const operation = params.paused ? 'pause' : 'unpause';
  const paused = await onChain(() =>
    session.client.readContract({ address: suite.token, abi: tokenAbi, functionName: 'paused' }),
  );
  if (paused === params.paused && !(await sender.reachedChain(operation, params.idempotencyKey))) {
    return { token: suite.token, paused, transaction: null };
  }
  const mined = await sender.run({
    operation,
    idempotencyKey: params.idempotencyKey,
    request: { token: suite.token },
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: () =>
      prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: operation,
        args: [],
      }),
  });
  return { token: suite.token, paused: params.paused, transaction: outcomeOf(mined) };
}

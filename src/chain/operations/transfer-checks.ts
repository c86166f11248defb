/**
 * The checks `forcedTransfer` skips (CHAIN.md: it only checks the receiver's identity), made by
 * the platform before it sends anything: receiver verified, token not paused, no wallet frozen,
 * enough unfrozen balance (running through a batch in order), compliance `canTransfer`. A refusal
 * names its reason and, in a batch, the index of the transfer.
 */
import type { Address } from 'viem';
import { AppError, type ErrorCode } from '../../lib/errors.js';
import type { ChainSession } from '../client/chain-session.js';
import { onChain } from '../client/chain-errors.js';
import {
  identityRegistryAbi,
  modularComplianceAbi,
  tokenAbi,
} from '../contracts/generated/index.js';
import type { TokenSuite } from '../suites/suite-records.js';

export interface TokenMovement {
  from: Address;
  to: Address;
  amount: bigint;
}

function refuse(
  code: ErrorCode,
  detail: string,
  index: number,
  batch: boolean,
  extra: Record<string, unknown>,
): AppError {
  return new AppError(code, batch ? `Transfer ${index}: ${detail}` : detail, {
    ...extra,
    ...(batch ? { transfer_index: index } : {}),
  });
}

export async function assertVerified(
  session: ChainSession,
  suite: TokenSuite,
  wallet: Address,
): Promise<void> {
  const verified = await onChain(() =>
    session.client.readContract({
      address: suite.identityRegistry,
      abi: identityRegistryAbi,
      functionName: 'isVerified',
      args: [wallet],
    }),
  );
  if (!verified) {
    throw new AppError(
      'IDENTITY_NOT_VERIFIED',
      `${wallet} is not verified for token ${suite.token} (no identity or no valid KYC claim)`,
      { wallet },
    );
  }
}

export async function assertTransfersAllowed(
  session: ChainSession,
  suite: TokenSuite,
  movements: readonly TokenMovement[],
): Promise<void> {
  const { client } = session;
  const token = { address: suite.token, abi: tokenAbi } as const;
  const batch = movements.length > 1;
  const wallets = [...new Set(movements.flatMap((m) => [m.from, m.to]))];
  const read = <T>(work: () => Promise<T>) => onChain(work);

  for (const [index, m] of movements.entries()) {
    try {
      await assertVerified(session, suite, m.to);
    } catch (error) {
      if (error instanceof AppError && error.code === 'IDENTITY_NOT_VERIFIED') {
        throw refuse(error.code, error.detail ?? error.title, index, batch, { wallet: m.to });
      }
      throw error;
    }
  }
  if (await read(() => client.readContract({ ...token, functionName: 'paused' }))) {
    throw new AppError('TOKEN_PAUSED', `Token ${suite.token} is paused`);
  }
  const states = await Promise.all(
    wallets.map(async (wallet) => {
      const [frozen, balance, frozenTokens] = await Promise.all([
        read(() => client.readContract({ ...token, functionName: 'isFrozen', args: [wallet] })),
        read(() => client.readContract({ ...token, functionName: 'balanceOf', args: [wallet] })),
        read(() =>
          client.readContract({ ...token, functionName: 'getFrozenTokens', args: [wallet] }),
        ),
      ]);
      return [wallet, { frozen, available: balance - frozenTokens }] as [
        Address,
        { frozen: boolean; available: bigint },
      ];
    }),
  );
  const state = new Map(states);
  for (const [index, m] of movements.entries()) {
    const from = state.get(m.from)!;
    const to = state.get(m.to)!;
    for (const [wallet, s] of [
      [m.from, from],
      [m.to, to],
    ] as const) {
      if (s.frozen) {
        throw refuse('WALLET_FROZEN', `Wallet ${wallet} is frozen`, index, batch, { wallet });
      }
    }
    if (from.available < m.amount) {
      throw refuse(
        'INSUFFICIENT_TOKEN_BALANCE',
        `${m.from} has ${from.available} unfrozen base units, ${m.amount} needed`,
        index,
        batch,
        { wallet: m.from, available: from.available.toString(), amount: m.amount.toString() },
      );
    }
    from.available -= m.amount;
    to.available += m.amount;
  }
  for (const [index, m] of movements.entries()) {
    const allowed = await read(() =>
      client.readContract({
        address: suite.compliance,
        abi: modularComplianceAbi,
        functionName: 'canTransfer',
        args: [m.from, m.to, m.amount],
      }),
    );
    if (!allowed) {
      throw refuse(
        'COMPLIANCE_REFUSED',
        `The compliance contract refuses ${m.amount} from ${m.from} to ${m.to}`,
        index,
        batch,
        {},
      );
    }
  }
}

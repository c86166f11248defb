/**
 * The checks `forcedTransfer` skips (CHAIN.md: it only checks the receiver's identity), made by
 * the platform before it sends anything: receiver verified, token not paused, no wallet frozen,
 * enough unfrozen balance (running through a batch in order), compliance `canTransfer`. A refusal
 * names its reason and, in a batch, the index of the transfer.
 */
import type { Address, ContractFunctionParameters } from 'viem';
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

/**
 * Calldata per eth_call of the checks' multicall: larger batches are split into calls sent side
 * by side, each well under a node's gas cap for eth_call (about 80 canTransfer or 220 isVerified).
 */
const multicallBytes = 8_192;

/** The pre-checks of a transfer or a batch (all or nothing): the first refusal is thrown. */
export async function assertTransfersAllowed(
  session: ChainSession,
  suite: TokenSuite,
  movements: readonly TokenMovement[],
): Promise<void> {
  const batch = movements.length > 1;
  // forcedTransfer itself checks only the receiver; a sender may be unverified (a recovery).
  const { refusals } = await checkTransfers(session, suite, movements, {
    senderMustBeVerified: false,
  });
  const index = refusals.findIndex((refusal) => refusal !== null);
  if (index < 0) return;
  const refusal = refusals[index]!;
  if (refusal.code === 'TOKEN_PAUSED') throw new AppError(refusal.code, refusal.detail);
  throw refuse(
    refusal.code,
    refusal.detail,
    index,
    batch,
    refusal.wallet ? { wallet: refusal.wallet } : {},
  );
}

export interface TransferRefusal {
  code: ErrorCode;
  detail: string;
  /** the wallet refused, when the refusal is about one */
  wallet?: Address;
}

export interface TransferChecks {
  paused: boolean;
  /** one per movement, in order: null when it may be sent */
  refusals: (TransferRefusal | null)[];
}

/**
 * The settlement pre-checks, each movement on its own: both wallets verified on the token's
 * identity registry, the token not paused, neither wallet frozen, enough unfrozen balance (a
 * running balance over the accepted movements, in order) and compliance `canTransfer`. Unlike
 * `assertTransfersAllowed` it does not stop at the first refusal, so the caller can send the
 * movements that pass and fail only the others.
 */
export async function checkTransfers(
  session: ChainSession,
  suite: TokenSuite,
  movements: readonly TokenMovement[],
  options: { senderMustBeVerified: boolean } = { senderMustBeVerified: true },
): Promise<TransferChecks> {
  const wallets = [...new Set(movements.flatMap((m) => [m.from, m.to]))];
  const token = { address: suite.token, abi: tokenAbi } as const;
  const registry = { address: suite.identityRegistry, abi: identityRegistryAbi } as const;
  const perWallet = (functionName: 'isFrozen' | 'balanceOf' | 'getFrozenTokens') =>
    wallets.map((wallet) => ({ ...token, functionName, args: [wallet] }));
  // The sections' order is the order results are read back below.
  const contracts: ContractFunctionParameters[] = [
    { ...token, functionName: 'paused' },
    ...wallets.map((wallet) => ({ ...registry, functionName: 'isVerified', args: [wallet] })),
    ...perWallet('isFrozen'),
    ...perWallet('balanceOf'),
    ...perWallet('getFrozenTokens'),
    ...movements.map((m) => ({
      address: suite.compliance,
      abi: modularComplianceAbi,
      functionName: 'canTransfer',
      args: [m.from, m.to, m.amount],
    })),
  ];
  // Every read in one eth_call (multicall by bytecode: nothing deployed): the node's cost is per
  // request, and a batch's hundreds of reads sent one by one were most of a settlement's time.
  const results: unknown[] = await onChain(() =>
    session.client.multicall({
      contracts,
      allowFailure: false,
      deployless: true,
      batchSize: multicallBytes,
    }),
  );
  const w = wallets.length;
  const paused = results[0] as boolean;
  const section = (n: number) => results.slice(1 + n * w, 1 + (n + 1) * w);
  const verified = new Map(wallets.map((wallet, i) => [wallet, section(0)[i] as boolean]));
  const [frozen, balances, frozenTokens] = [section(1), section(2), section(3)];
  const state = new Map(
    wallets.map((wallet, i) => [
      wallet,
      {
        frozen: frozen[i] as boolean,
        available: (balances[i] as bigint) - (frozenTokens[i] as bigint),
      },
    ]),
  );
  const allowed = results.slice(1 + 4 * w) as boolean[];
  const refusals = movements.map((m, index): TransferRefusal | null => {
    if (paused) return { code: 'TOKEN_PAUSED', detail: `Token ${suite.token} is paused` };
    const mustBeVerified = options.senderMustBeVerified ? [m.from, m.to] : [m.to];
    for (const wallet of mustBeVerified) {
      if (!verified.get(wallet)) {
        return {
          code: 'IDENTITY_NOT_VERIFIED',
          detail: `${wallet} is not verified for token ${suite.token} (no identity or no valid KYC claim)`,
          wallet,
        };
      }
    }
    for (const wallet of [m.from, m.to]) {
      if (state.get(wallet)!.frozen) {
        return { code: 'WALLET_FROZEN', detail: `Wallet ${wallet} is frozen`, wallet };
      }
    }
    const from = state.get(m.from)!;
    if (from.available < m.amount) {
      return {
        code: 'INSUFFICIENT_TOKEN_BALANCE',
        detail: `${m.from} has ${from.available} unfrozen base units, ${m.amount} needed`,
        wallet: m.from,
      };
    }
    if (!allowed[index]) {
      return {
        code: 'COMPLIANCE_REFUSED',
        detail: `The compliance contract refuses ${m.amount} from ${m.from} to ${m.to}`,
      };
    }
    from.available -= m.amount;
    state.get(m.to)!.available += m.amount;
    return null;
  });
  return { paused, refusals };
}

/**
 * The token balances of wallets as they were at an instant: the last block mined at or before it,
 * found by bisection over block timestamps, then balanceOf and getFrozenTokens read at that block.
 * A node must keep the state of that block (an archive node for any past instant; anvil keeps all).
 */
import type { Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import type { ChainSession } from '../client/chain-session.js';
import { onChain } from '../client/chain-errors.js';
import { tokenAbi } from '../contracts/generated/index.js';
import { requireSuite } from '../suites/suite-records.js';

export interface BalancesAtTime {
  token: Address;
  blockNumber: bigint;
  blockTimestamp: Date;
  balances: { wallet: Address; balance: bigint; frozen: bigint }[];
}

/** The number and time of the last block whose timestamp is at or before `at` (genesis at the least). */
export async function blockAtTime(
  session: ChainSession,
  at: Date,
): Promise<{ number: bigint; timestamp: bigint }> {
  const target = BigInt(Math.floor(at.getTime() / 1000));
  const blockOf = async (blockNumber: bigint) => {
    const block = await onChain(() => session.client.getBlock({ blockNumber }));
    return { number: blockNumber, timestamp: block.timestamp };
  };
  const latest = await onChain(() => session.client.getBlock({ blockTag: 'latest' }));
  if (latest.timestamp <= target) return { number: latest.number, timestamp: latest.timestamp };
  let low = 0n;
  let high = latest.number;
  // invariant: block `low` is at or before the target (or genesis), block `high` is after it
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if ((await blockOf(middle)).timestamp <= target) low = middle;
    else high = middle;
  }
  return blockOf(low);
}

export async function balancesAtTime(
  services: ChainServices,
  token: Address,
  at: Date,
  wallets: readonly Address[],
): Promise<BalancesAtTime> {
  const { db, session } = services;
  const suite = await requireSuite(db, session.chainId, token);
  const block = await blockAtTime(session, at);
  const code = await onChain(() =>
    session.client.getCode({ address: suite.token, blockNumber: block.number }),
  );
  const deployed = code !== undefined && code !== '0x';
  const read = (functionName: 'balanceOf' | 'getFrozenTokens', wallet: Address) =>
    deployed
      ? onChain(() =>
          session.client.readContract({
            address: suite.token,
            abi: tokenAbi,
            functionName,
            args: [wallet],
            blockNumber: block.number,
          }),
        )
      : Promise.resolve(0n);
  const balances = await Promise.all(
    wallets.map(async (wallet) => {
      const [balance, frozen] = await Promise.all([
        read('balanceOf', wallet),
        read('getFrozenTokens', wallet),
      ]);
      return { wallet, balance, frozen };
    }),
  );
  return {
    token: suite.token,
    blockNumber: block.number,
    blockTimestamp: new Date(Number(block.timestamp) * 1000),
    balances,
  };
}

/** Read-only views of the chain: balances, verification, identities. Nothing is sent. */
import { zeroAddress, type Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { identityRegistryStorageAbi, tokenAbi } from '../contracts/generated/index.js';
import { readKycClaim, type KycClaimState } from '../identity/kyc-claim.js';
import { requireSuite } from '../suites/suite-records.js';
import {
  assertVerified,
  checkTransfers,
  type TokenMovement,
  type TransferChecks,
} from './transfer-checks.js';
import { AppError } from '../../lib/errors.js';
import { identityOfWallet } from './register-identity.js';

export interface TokenBalance {
  token: Address;
  wallet: Address;
  balance: bigint;
  /** base units the agent froze */
  frozen: bigint;
  /** the whole address frozen by the agent */
  addressFrozen: boolean;
}

export async function balanceOf(
  services: ChainServices,
  token: Address,
  wallet: Address,
): Promise<TokenBalance> {
  const { db, session } = services;
  const suite = await requireSuite(db, session.chainId, token);
  const contract = { address: suite.token, abi: tokenAbi } as const;
  const [balance, frozen, addressFrozen] = await Promise.all([
    onChain(() =>
      session.client.readContract({ ...contract, functionName: 'balanceOf', args: [wallet] }),
    ),
    onChain(() =>
      session.client.readContract({ ...contract, functionName: 'getFrozenTokens', args: [wallet] }),
    ),
    onChain(() =>
      session.client.readContract({ ...contract, functionName: 'isFrozen', args: [wallet] }),
    ),
  ]);
  return { token: suite.token, wallet, balance, frozen, addressFrozen };
}

export async function isVerified(
  services: ChainServices,
  token: Address,
  wallet: Address,
): Promise<boolean> {
  const { db, session } = services;
  const suite = await requireSuite(db, session.chainId, token);
  try {
    await assertVerified(session, suite, wallet);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'IDENTITY_NOT_VERIFIED') return false;
    throw error;
  }
}

export interface WalletIdentity {
  wallet: Address;
  identity: Address | null;
  /** registered in the shared identity registry storage (known to every token) */
  registered: boolean;
  country: number | null;
  kycClaim: KycClaimState['status'];
}

export async function identityOf(
  services: ChainServices,
  wallet: Address,
): Promise<WalletIdentity> {
  const { session, infrastructure } = services;
  const storage = {
    address: infrastructure.identityRegistryStorage,
    abi: identityRegistryStorageAbi,
  } as const;
  const [identity, stored, country] = await Promise.all([
    identityOfWallet(services, wallet),
    onChain(() =>
      session.client.readContract({ ...storage, functionName: 'storedIdentity', args: [wallet] }),
    ),
    onChain(() =>
      session.client.readContract({
        ...storage,
        functionName: 'storedInvestorCountry',
        args: [wallet],
      }),
    ),
  ]);
  const registered = stored !== zeroAddress;
  const claim = identity ? await readKycClaim(session, infrastructure.claimIssuer, identity) : null;
  return {
    wallet,
    identity,
    registered,
    country: registered ? country : null,
    kycClaim: claim?.status ?? 'none',
  };
}

export async function totalSupply(services: ChainServices, token: Address): Promise<bigint> {
  const { db, session } = services;
  const suite = await requireSuite(db, session.chainId, token);
  return onChain(() =>
    session.client.readContract({
      address: suite.token,
      abi: tokenAbi,
      functionName: 'totalSupply',
    }),
  );
}

/** The settlement pre-checks of movements of one token (transfer-checks.ts), nothing sent. */
export async function transferChecks(
  services: ChainServices,
  token: Address,
  movements: readonly TokenMovement[],
): Promise<TransferChecks> {
  const { db, session } = services;
  const suite = await requireSuite(db, session.chainId, token);
  return checkTransfers(session, suite, movements);
}

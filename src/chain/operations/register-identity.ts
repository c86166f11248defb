/**
 * Registers an investor once for every token (the suites share one IdentityRegistryStorage):
 * 1. a platform-managed ONCHAINID for the wallet, created by the IdFactory with the platform
 *    signer as its management key (so the platform can add claims and recover wallets);
 * 2. a KYC claim on it, signed by the platform ClaimIssuer's signing key;
 * 3. the wallet, identity and country in the shared storage (the platform signer is its agent).
 * Each step runs only when the chain does not show it done yet, so a repeat sends nothing; each
 * runs under the request's idempotency key, so a retry resumes a step that was in flight.
 */
import { zeroAddress, type Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { prepareCall } from '../client/prepared-call.js';
import {
  idFactoryAbi,
  identityAbi,
  identityRegistryStorageAbi,
} from '../contracts/generated/index.js';
import {
  ecdsaClaimScheme,
  keyOf,
  kycClaimTopic,
  readKycClaim,
  signKycClaim,
} from '../identity/kyc-claim.js';
import { type Payer, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { transactionSteps } from '../transactions/transaction-steps.js';

export interface RegisterIdentityParameters {
  investor: Address;
  /** ISO 3166-1 numeric */
  country: number;
  idempotencyKey: string;
  payerRef: string | null;
}

export interface RegisterIdentityResult {
  investor: Address;
  identity: Address;
  /** the country stored on chain (a wallet registered before keeps its first country) */
  country: number;
  /** the transactions this request needed (none when everything was in place) */
  transactions: TransactionOutcome[];
}

/**
 * The wallet's identity: the one the shared storage holds for it, else the one the IdFactory
 * created for it. A recovered wallet is known to the storage only (the factory links a wallet
 * only at the identity's creation).
 */
export async function identityOfWallet(
  services: ChainServices,
  wallet: Address,
): Promise<Address | null> {
  const { session, infrastructure } = services;
  const stored = await onChain(() =>
    session.client.readContract({
      address: infrastructure.identityRegistryStorage,
      abi: identityRegistryStorageAbi,
      functionName: 'storedIdentity',
      args: [wallet],
    }),
  );
  if (stored !== zeroAddress) return stored;
  const created = await onChain(() =>
    session.client.readContract({
      address: infrastructure.idFactory,
      abi: idFactoryAbi,
      functionName: 'getIdentity',
      args: [wallet],
    }),
  );
  return created === zeroAddress ? null : created;
}

/** The call that puts a fresh KYC claim of the platform's ClaimIssuer on the identity. */
export async function addKycClaim(services: ChainServices, identity: Address) {
  const { session, infrastructure } = services;
  const signed = await signKycClaim(session.claimSigner, identity, services.clock.now());
  return prepareCall(session, {
    address: identity,
    abi: identityAbi,
    functionName: 'addClaim',
    args: [
      kycClaimTopic,
      ecdsaClaimScheme,
      infrastructure.claimIssuer,
      signed.signature,
      signed.data,
      '',
    ],
  });
}

export async function registerIdentity(
  services: ChainServices,
  params: RegisterIdentityParameters,
): Promise<RegisterIdentityResult> {
  const { session, sender, infrastructure } = services;
  const { client } = session;
  const payer: Payer = { type: 'issuer', ref: params.payerRef };
  const request = { investor: params.investor, country: params.country };
  const { step, transactions } = transactionSteps(sender, {
    idempotencyKey: params.idempotencyKey,
    request,
    tokenAddress: null,
    payer: payer,
  });

  const existing = await identityOfWallet(services, params.investor);
  await step('create_identity', existing === null, () =>
    prepareCall(session, {
      address: infrastructure.idFactory,
      abi: idFactoryAbi,
      functionName: 'createIdentityWithManagementKeys',
      args: [
        params.investor,
        `tessera:${params.investor.toLowerCase()}`,
        [keyOf(session.signer.address)],
      ],
    }),
  );
  const identity = existing ?? (await identityOfWallet(services, params.investor));
  if (!identity) throw new Error(`no identity for ${params.investor} after its creation`);

  const claim = await readKycClaim(session, infrastructure.claimIssuer, identity);
  await step('add_kyc_claim', claim.status !== 'valid', () => addKycClaim(services, identity));

  const stored = await onChain(() =>
    client.readContract({
      address: infrastructure.identityRegistryStorage,
      abi: identityRegistryStorageAbi,
      functionName: 'storedIdentity',
      args: [params.investor],
    }),
  );
  await step('register_identity', stored === zeroAddress, () =>
    prepareCall(session, {
      address: infrastructure.identityRegistryStorage,
      abi: identityRegistryStorageAbi,
      functionName: 'addIdentityToStorage',
      args: [params.investor, identity, params.country],
    }),
  );
  // A wallet registered before keeps the country it was registered with.
  const country = await onChain(() =>
    client.readContract({
      address: infrastructure.identityRegistryStorage,
      abi: identityRegistryStorageAbi,
      functionName: 'storedInvestorCountry',
      args: [params.investor],
    }),
  );
  return { investor: params.investor, identity, country, transactions };
}

/**
 * Wallet recovery: an investor's lost wallet replaced by a new one on every token given, with
 * T-REX's `recoveryAddress(lost, new, identity)`, which moves the balance, the frozen units and
 * the address freeze, registers the new wallet with the lost one's identity and country, and
 * deletes the lost one from the identity registry. The token is an agent of its identity registry
 * (the factory makes it one), the platform signer is the token's agent.
 *
 * What the contract needs first:
 * - the new wallet must be a management key of the identity (`keyHasPurpose(key, 1)`): the
 *   platform, a management key of every identity it created, adds it for the recovery and removes
 *   it after, so the platform stays the identity's only manager;
 * - the identity must carry a valid KYC claim, or the inner forcedTransfer refuses the unverified
 *   new wallet; the platform asks for a recovery only for a verified investor, so a claim revoked
 *   earlier is issued afresh;
 * - the registry must hold the lost wallet and not the new one. All suites share one storage, so
 *   after the first token's recovery the storage holds the new wallet only: before each further
 *   token the lost wallet is stored again and the new one removed, and the token's recovery then
 *   swaps them back.
 *
 * Each step is sent only when the chain shows it not done, under a key of its own per token
 * (`<key>:<token>`), so a repeat sends nothing and a retry after a failure resumes where the
 * chain is. A token whose lost wallet holds nothing has nothing to recover and is skipped.
 */
import { zeroAddress, type Address, type Hex } from 'viem';
import { AppError } from '../../lib/errors.js';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { prepareCall } from '../client/prepared-call.js';
import { identityAbi, identityRegistryStorageAbi, tokenAbi } from '../contracts/generated/index.js';
import { ecdsaKeyType, keyOf, keyPurpose, readKycClaim } from '../identity/kyc-claim.js';
import { requireSuite } from '../suites/suite-records.js';
import type { TransactionOutcome } from '../transactions/chain-transaction.js';
import { transactionSteps } from '../transactions/transaction-steps.js';
import { balanceOf, type TokenBalance } from './reads.js';
import { addKycClaim } from './register-identity.js';

export interface RecoverWalletParameters {
  lost: Address;
  new: Address;
  tokens: Address[];
  idempotencyKey: string;
  payerRef: string | null;
}

export interface RecoverWalletResult {
  lost: Address;
  new: Address;
  identity: Address;
  /** each token's state at the new wallet after the recovery, with its recovery's transaction */
  tokens: (TokenBalance & { txHash: Hex | null })[];
  transactions: TransactionOutcome[];
}

export async function recoverWallet(
  services: ChainServices,
  params: RecoverWalletParameters,
): Promise<RecoverWalletResult> {
  const { db, session, sender, infrastructure } = services;
  const { client } = session;
  if (params.lost.toLowerCase() === params.new.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', 'The new wallet is the lost one');
  }
  const storage = {
    address: infrastructure.identityRegistryStorage,
    abi: identityRegistryStorageAbi,
  } as const;
  const storedIdentity = async (wallet: Address) => {
    const identity = await onChain(() =>
      client.readContract({ ...storage, functionName: 'storedIdentity', args: [wallet] }),
    );
    return identity === zeroAddress ? null : identity;
  };
  // The lost wallet's registration, or the new one's once an earlier attempt moved it.
  const registered = (await storedIdentity(params.lost))
    ? params.lost
    : (await storedIdentity(params.new))
      ? params.new
      : null;
  if (!registered) {
    throw new AppError('IDENTITY_NOT_FOUND', `${params.lost} is not registered on chain`);
  }
  const identity = (await storedIdentity(registered))!;
  const country = await onChain(() =>
    client.readContract({ ...storage, functionName: 'storedInvestorCountry', args: [registered] }),
  );
  const newKey = keyOf(params.new);
  const isManager = () =>
    onChain(() =>
      client.readContract({
        address: identity,
        abi: identityAbi,
        functionName: 'keyHasPurpose',
        args: [newKey, keyPurpose.management],
      }),
    );
  const payer = { type: 'platform' as const, ref: params.payerRef };
  const request = { lost: params.lost, new: params.new };
  const whole = transactionSteps(sender, {
    idempotencyKey: params.idempotencyKey,
    request,
    tokenAddress: null,
    payer,
  });

  const claim = await readKycClaim(session, infrastructure.claimIssuer, identity);
  await whole.step('add_kyc_claim', claim.status !== 'valid', () =>
    addKycClaim(services, identity),
  );
  await whole.step('add_recovery_key', !(await isManager()), () =>
    prepareCall(session, {
      address: identity,
      abi: identityAbi,
      functionName: 'addKey',
      args: [newKey, keyPurpose.management, ecdsaKeyType],
    }),
  );

  const transactions = [...whole.transactions];
  const tokens: RecoverWalletResult['tokens'] = [];
  for (const tokenAddress of params.tokens) {
    const suite = await requireSuite(db, session.chainId, tokenAddress);
    const lost = await balanceOf(services, suite.token, params.lost);
    const perToken = transactionSteps(sender, {
      idempotencyKey: `${params.idempotencyKey}:${suite.token}`,
      request: { ...request, token: suite.token },
      tokenAddress: suite.token,
      payer,
    });
    const needed = lost.balance > 0n;
    await perToken.step('register_identity', needed && !(await storedIdentity(params.lost)), () =>
      prepareCall(session, {
        ...storage,
        functionName: 'addIdentityToStorage',
        args: [params.lost, identity, country],
      }),
    );
    await perToken.step(
      'unregister_identity',
      needed && (await storedIdentity(params.new)) !== null,
      () =>
        prepareCall(session, {
          ...storage,
          functionName: 'removeIdentityFromStorage',
          args: [params.new],
        }),
    );
    await perToken.step('recover_wallet', needed, () =>
      prepareCall(session, {
        address: suite.token,
        abi: tokenAbi,
        functionName: 'recoveryAddress',
        args: [params.lost, params.new, identity],
      }),
    );
    transactions.push(...perToken.transactions);
    const recovery = perToken.transactions.find((tx) => tx.operation === 'recover_wallet');
    tokens.push({
      ...(await balanceOf(services, suite.token, params.new)),
      txHash: recovery?.tx_hash ?? null,
    });
  }

  // The identity follows even when no token had units to move: the new wallet registered, the
  // lost one forgotten, the recovery key removed.
  const end = transactionSteps(sender, {
    idempotencyKey: `${params.idempotencyKey}:end`,
    request,
    tokenAddress: null,
    payer,
  });
  await end.step('register_identity', !(await storedIdentity(params.new)), () =>
    prepareCall(session, {
      ...storage,
      functionName: 'addIdentityToStorage',
      args: [params.new, identity, country],
    }),
  );
  await end.step('unregister_identity', (await storedIdentity(params.lost)) !== null, () =>
    prepareCall(session, {
      ...storage,
      functionName: 'removeIdentityFromStorage',
      args: [params.lost],
    }),
  );
  await end.step('remove_recovery_key', await isManager(), () =>
    prepareCall(session, {
      address: identity,
      abi: identityAbi,
      functionName: 'removeKey',
      args: [newKey, keyPurpose.management],
    }),
  );
  transactions.push(...end.transactions);
  return { lost: params.lost, new: params.new, identity, tokens, transactions };
}

/**
 * Deploys the T-REX suite of one token with one `TREXFactory.deployTREXSuite` transaction, the
 * token id as salt: token, identity registry bound to the shared IdentityRegistryStorage, claim
 * topics (KYC), trusted issuers (the platform ClaimIssuer), compliance without modules. The
 * platform signer is owner and agent of the token and the registry; the token starts paused.
 * The salt makes it idempotent: a repeat returns the suite already deployed.
 */
import { getAddress, isAddress, parseEventLogs, zeroAddress, type Address } from 'viem';
import { prepareCall } from '../client/prepared-call.js';
import { onChain } from '../client/chain-errors.js';
import type { ChainServices } from '../chain-services.js';
import { identityRegistryAbi, tokenAbi, tREXFactoryAbi } from '../contracts/generated/index.js';
import { kycClaimTopic } from '../identity/kyc-claim.js';
import { findSuiteBySalt, saveSuite, type TokenSuite } from '../suites/suite-records.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';

export interface DeploySuiteParameters {
  /** the token id: the salt of the suite and the idempotency key of its deployment */
  tokenId: string;
  name: string;
  symbol: string;
  decimals: number;
  payerRef: string | null;
}

export interface DeploySuiteResult {
  suite: TokenSuite;
  /** false when the suite already existed */
  created: boolean;
  transaction: TransactionOutcome | null;
}

/** Reads the addresses of a suite found on chain without a record of ours. */
async function suiteOnChain(
  services: ChainServices,
  salt: string,
  token: Address,
): Promise<TokenSuite> {
  const { client } = services.session;
  const read = <T>(work: () => Promise<T>) => onChain(work);
  const [identityRegistry, compliance] = await Promise.all([
    read(() =>
      client.readContract({ address: token, abi: tokenAbi, functionName: 'identityRegistry' }),
    ),
    read(() => client.readContract({ address: token, abi: tokenAbi, functionName: 'compliance' })),
  ]);
  const registry = { address: identityRegistry, abi: identityRegistryAbi } as const;
  const [identityRegistryStorage, trustedIssuersRegistry, claimTopicsRegistry] = await Promise.all([
    read(() => client.readContract({ ...registry, functionName: 'identityStorage' })),
    read(() => client.readContract({ ...registry, functionName: 'issuersRegistry' })),
    read(() => client.readContract({ ...registry, functionName: 'topicsRegistry' })),
  ]);
  return {
    salt,
    token: getAddress(token),
    identityRegistry,
    identityRegistryStorage,
    trustedIssuersRegistry,
    claimTopicsRegistry,
    compliance,
    deployTxHash: null,
  };
}

const suiteFields = {
  token: 'token',
  identityRegistry: 'identity_registry',
  identityRegistryStorage: 'identity_registry_storage',
  trustedIssuersRegistry: 'trusted_issuers_registry',
  claimTopicsRegistry: 'claim_topics_registry',
  compliance: 'compliance',
} as const;

/** The addresses recorded from the TREXSuiteDeployed event of the deployment. */
function suiteFromResult(
  salt: string,
  result: Record<string, unknown>,
): Omit<TokenSuite, 'deployTxHash'> {
  const addresses = Object.fromEntries(
    Object.entries(suiteFields).map(([field, key]) => {
      const value = result[key];
      if (typeof value !== 'string' || !isAddress(value)) {
        throw new Error(`the recorded deployment of suite ${salt} has no ${key} address`);
      }
      return [field, value];
    }),
  ) as Record<keyof typeof suiteFields, Address>;
  return { salt, ...addresses };
}

export async function deploySuite(
  services: ChainServices,
  params: DeploySuiteParameters,
): Promise<DeploySuiteResult> {
  const { db, session, sender, infrastructure } = services;
  const salt = params.tokenId;
  const known = await findSuiteBySalt(db, session.chainId, salt);
  if (known) return { suite: known, created: false, transaction: null };

  if (!(await sender.reachedChain('deploy_suite', salt))) {
    const existing = await onChain(() =>
      session.client.readContract({
        address: infrastructure.trexFactory,
        abi: tREXFactoryAbi,
        functionName: 'getToken',
        args: [salt],
      }),
    );
    if (existing !== zeroAddress) {
      const suite = await saveSuite(
        db,
        session.chainId,
        await suiteOnChain(services, salt, existing),
      );
      return { suite, created: false, transaction: null };
    }
  }

  const agent = session.signer.address;
  const mined = await sender.run({
    operation: 'deploy_suite',
    idempotencyKey: salt,
    request: { name: params.name, symbol: params.symbol, decimals: params.decimals },
    tokenAddress: null,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: () =>
      prepareCall(session, {
        address: infrastructure.trexFactory,
        abi: tREXFactoryAbi,
        functionName: 'deployTREXSuite',
        args: [
          salt,
          {
            owner: agent,
            name: params.name,
            symbol: params.symbol,
            decimals: params.decimals,
            irs: infrastructure.identityRegistryStorage,
            ONCHAINID: zeroAddress,
            irAgents: [agent],
            tokenAgents: [agent],
            complianceModules: [],
            complianceSettings: [],
          },
          {
            claimTopics: [kycClaimTopic],
            issuers: [infrastructure.claimIssuer],
            issuerClaims: [[kycClaimTopic]],
          },
        ],
      }),
    decode: (receipt) => {
      const [event] = parseEventLogs({
        abi: tREXFactoryAbi,
        eventName: 'TREXSuiteDeployed',
        logs: receipt.logs,
      });
      if (!event)
        throw new Error(`deployTREXSuite ${receipt.transactionHash} emitted no TREXSuiteDeployed`);
      const a = event.args;
      return {
        [suiteFields.token]: getAddress(a._token),
        [suiteFields.identityRegistry]: getAddress(a._ir),
        [suiteFields.identityRegistryStorage]: getAddress(a._irs),
        [suiteFields.trustedIssuersRegistry]: getAddress(a._tir),
        [suiteFields.claimTopicsRegistry]: getAddress(a._ctr),
        [suiteFields.compliance]: getAddress(a._mc),
      };
    },
  });
  const suite = await saveSuite(db, session.chainId, {
    ...suiteFromResult(salt, mined.result),
    deployTxHash: mined.sent.hash,
  });
  return { suite, created: true, transaction: outcomeOf(mined) };
}

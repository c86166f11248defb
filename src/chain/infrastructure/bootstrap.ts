/**
 * The one-time infrastructure of a chain: the six T-REX implementations and their authority, the
 * ONCHAINID identity implementation, its authority and IdFactory, the TREXFactory, the platform
 * ClaimIssuer with the claim signing key, one IdentityRegistryStorage shared by every suite
 * (the platform signer is its agent, so an investor is registered once for all tokens; the factory
 * owns it, so suites can bind their registries to it), and Tessera's compliance module, shared by
 * every token's ModularCompliance (it keeps rules per compliance).
 *
 * Each step is a transaction under the key `<chain id>:<step>`, so a bootstrap interrupted halfway
 * resumes where it stopped. The addresses are saved in chain_infrastructure at the end; later
 * starts reuse them after checking that the chain still has their code.
 */
import { getAddress, zeroAddress, type Abi, type Address } from 'viem';
import type { Db } from '../../lib/db/database.js';
import type { Logger } from '../../lib/logger.js';
import { prepareCall, prepareDeploy, type PreparedCall } from '../client/prepared-call.js';
import type { ChainSession } from '../client/chain-session.js';
import { bytecodeOf } from '../contracts/artifacts.js';
import type { ContractName } from '../contracts/artifact-paths.js';
import {
  claimIssuerAbi,
  claimTopicsRegistryAbi,
  idFactoryAbi,
  identityAbi,
  identityRegistryAbi,
  identityRegistryStorageAbi,
  identityRegistryStorageProxyAbi,
  implementationAuthorityAbi,
  modularComplianceAbi,
  tokenAbi,
  tREXFactoryAbi,
  tREXImplementationAuthorityAbi,
  trustedIssuersRegistryAbi,
  tesseraRulesModuleAbi,
  tesseraRulesModuleBytecode,
} from '../contracts/generated/index.js';
import { ecdsaKeyType, keyOf, keyPurpose } from '../identity/kyc-claim.js';
import type { TransactionSender } from '../transactions/transaction-sender.js';
import {
  findInfrastructure,
  saveInfrastructure,
  type Infrastructure,
} from './infrastructure-records.js';
import { verifyInfrastructure } from './verify-infrastructure.js';

/** The version the T-REX 4.1.6 token reports. */
const trexVersion = { major: 4, minor: 1, patch: 3 } as const;

export interface BootstrapDeps {
  db: Db;
  session: ChainSession;
  sender: TransactionSender;
  logger: Logger;
}

function stepRunner({ session, sender }: BootstrapDeps) {
  const platform = { type: 'platform', ref: null } as const;
  const run = (step: string, prepare: () => Promise<PreparedCall>) =>
    sender.run({
      operation: 'infrastructure',
      idempotencyKey: `${session.chainId}:${step}`,
      request: { step, deployer: session.signer.address },
      tokenAddress: null,
      payer: platform,
      prepare,
      decode: (receipt) =>
        receipt.contractAddress ? { contract_address: getAddress(receipt.contractAddress) } : {},
    });
  return {
    call: async (step: string, prepare: () => Promise<PreparedCall>): Promise<void> => {
      await run(step, prepare);
    },
    deploy: async (step: string, prepare: () => Promise<PreparedCall>): Promise<Address> => {
      const mined = await run(step, prepare);
      const address = mined.result.contract_address;
      if (typeof address !== 'string') throw new Error(`bootstrap step ${step} deployed nothing`);
      return address as Address;
    },
  };
}

async function deployInfrastructure(deps: BootstrapDeps): Promise<Infrastructure> {
  const { session } = deps;
  const deployer = session.signer.address;
  const { call, deploy } = stepRunner(deps);
  // The implementations have no constructor arguments (and must not be initialised).
  const implementation = (contract: ContractName, abi: Abi) =>
    deploy(`implementation:${contract}`, () =>
      prepareDeploy(session, { abi, bytecode: bytecodeOf(contract), args: [] }),
    );

  const implementations = {
    Token: await implementation('Token', tokenAbi),
    ClaimTopicsRegistry: await implementation('ClaimTopicsRegistry', claimTopicsRegistryAbi),
    TrustedIssuersRegistry: await implementation(
      'TrustedIssuersRegistry',
      trustedIssuersRegistryAbi,
    ),
    IdentityRegistryStorage: await implementation(
      'IdentityRegistryStorage',
      identityRegistryStorageAbi,
    ),
    IdentityRegistry: await implementation('IdentityRegistry', identityRegistryAbi),
    ModularCompliance: await implementation('ModularCompliance', modularComplianceAbi),
  };
  const trexImplementationAuthority = await deploy('trex_implementation_authority', () =>
    prepareDeploy(session, {
      abi: tREXImplementationAuthorityAbi,
      bytecode: bytecodeOf('TREXImplementationAuthority'),
      args: [true, zeroAddress, zeroAddress],
    }),
  );
  await call('trex_version', () =>
    prepareCall(session, {
      address: trexImplementationAuthority,
      abi: tREXImplementationAuthorityAbi,
      functionName: 'addAndUseTREXVersion',
      args: [
        trexVersion,
        {
          tokenImplementation: implementations.Token,
          ctrImplementation: implementations.ClaimTopicsRegistry,
          irImplementation: implementations.IdentityRegistry,
          irsImplementation: implementations.IdentityRegistryStorage,
          tirImplementation: implementations.TrustedIssuersRegistry,
          mcImplementation: implementations.ModularCompliance,
        },
      ],
    }),
  );
  // ONCHAINID in library mode: identities are proxies of this implementation.
  const identityImplementation = await deploy('implementation:Identity', () =>
    prepareDeploy(session, {
      abi: identityAbi,
      bytecode: bytecodeOf('Identity'),
      args: [deployer, true],
    }),
  );
  const identityAuthority = await deploy('identity_implementation_authority', () =>
    prepareDeploy(session, {
      abi: implementationAuthorityAbi,
      bytecode: bytecodeOf('ImplementationAuthority'),
      args: [identityImplementation],
    }),
  );
  const idFactory = await deploy('id_factory', () =>
    prepareDeploy(session, {
      abi: idFactoryAbi,
      bytecode: bytecodeOf('IdFactory'),
      args: [identityAuthority],
    }),
  );
  const trexFactory = await deploy('trex_factory', () =>
    prepareDeploy(session, {
      abi: tREXFactoryAbi,
      bytecode: bytecodeOf('TREXFactory'),
      args: [trexImplementationAuthority, idFactory],
    }),
  );
  await call('id_factory_token_factory', () =>
    prepareCall(session, {
      address: idFactory,
      abi: idFactoryAbi,
      functionName: 'addTokenFactory',
      args: [trexFactory],
    }),
  );
  const claimIssuer = await deploy('claim_issuer', () =>
    prepareDeploy(session, {
      abi: claimIssuerAbi,
      bytecode: bytecodeOf('ClaimIssuer'),
      args: [deployer],
    }),
  );
  const identityRegistryStorage = await deploy('identity_registry_storage', () =>
    prepareDeploy(session, {
      abi: identityRegistryStorageProxyAbi,
      bytecode: bytecodeOf('IdentityRegistryStorageProxy'),
      args: [trexImplementationAuthority],
    }),
  );
  await call('identity_registry_storage_agent', () =>
    prepareCall(session, {
      address: identityRegistryStorage,
      abi: identityRegistryStorageAbi,
      functionName: 'addAgent',
      args: [deployer],
    }),
  );
  await call('identity_registry_storage_owner', () =>
    prepareCall(session, {
      address: identityRegistryStorage,
      abi: identityRegistryStorageAbi,
      functionName: 'transferOwnership',
      args: [trexFactory],
    }),
  );
  return {
    chainId: session.chainId,
    deployer,
    claimSigner: session.claimSigner.address,
    trexFactory,
    trexImplementationAuthority,
    idFactory,
    claimIssuer,
    identityRegistryStorage,
    implementations: { ...implementations, Identity: identityImplementation },
  };
}

/** Registers the configured claim signing key on the ClaimIssuer when it is not there yet. */
async function ensureClaimSigner(
  deps: BootstrapDeps,
  infrastructure: Infrastructure,
): Promise<Infrastructure> {
  const { session } = deps;
  const signer = session.claimSigner.address;
  const key = keyOf(signer);
  const registered = await session.client.readContract({
    address: infrastructure.claimIssuer,
    abi: claimIssuerAbi,
    functionName: 'keyHasPurpose',
    args: [key, keyPurpose.claim],
  });
  if (!registered) {
    await stepRunner(deps).call(`claim_signing_key:${signer}`, () =>
      prepareCall(session, {
        address: infrastructure.claimIssuer,
        abi: claimIssuerAbi,
        functionName: 'addKey',
        args: [key, keyPurpose.claim, ecdsaKeyType],
      }),
    );
  }
  return { ...infrastructure, claimSigner: signer };
}

/** The name of Tessera's compliance module among the infrastructure's implementations. */
export const rulesModuleName = 'TesseraRulesModule';

/** Deploys Tessera's compliance module on a chain whose infrastructure predates it. */
async function ensureRulesModule(
  deps: BootstrapDeps,
  infrastructure: Infrastructure,
): Promise<Infrastructure> {
  if (infrastructure.implementations[rulesModuleName]) return infrastructure;
  const module = await stepRunner(deps).deploy('rules_module', () =>
    prepareDeploy(deps.session, {
      abi: tesseraRulesModuleAbi,
      bytecode: tesseraRulesModuleBytecode,
      args: [],
    }),
  );
  return {
    ...infrastructure,
    implementations: { ...infrastructure.implementations, [rulesModuleName]: module },
  };
}

/**
 * Deploys the infrastructure on first start against a chain, reuses it afterwards; throws
 * CHAIN_INFRASTRUCTURE_MISSING when the recorded contracts are not on the chain.
 */
export async function ensureInfrastructure(deps: BootstrapDeps): Promise<Infrastructure> {
  const { db, session, logger } = deps;
  const recorded = await findInfrastructure(db, session.chainId);
  if (recorded) await verifyInfrastructure(session, recorded, 'recorded');
  else logger.info({ chain_id: session.chainId }, 'deploying the chain infrastructure');
  const deployed = recorded ?? (await deployInfrastructure(deps));
  if (!recorded) await verifyInfrastructure(session, deployed, 'deployed');
  const infrastructure = await ensureRulesModule(deps, await ensureClaimSigner(deps, deployed));
  if (
    !recorded ||
    recorded.claimSigner !== infrastructure.claimSigner ||
    recorded.implementations !== infrastructure.implementations
  ) {
    await saveInfrastructure(db, infrastructure);
  }
  logger.info(
    {
      chain_id: session.chainId,
      trex_factory: infrastructure.trexFactory,
      claim_issuer: infrastructure.claimIssuer,
    },
    recorded ? 'chain infrastructure reused' : 'chain infrastructure deployed',
  );
  return infrastructure;
}

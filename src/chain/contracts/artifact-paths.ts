/**
 * The contracts the chain service deploys or calls, and where their Hardhat artifacts live in the
 * npm packages. scripts/generate-abis.ts turns each ABI into a typed module; artifacts.ts reads the
 * bytecode at run time. The compliance modules are left out on purpose: they carry a
 * non-commercial licence and are not deployed.
 */
const trex = '@tokenysolutions/t-rex/artifacts/contracts';
const onchainId = '@onchain-id/solidity/artifacts/contracts';

export const artifactPaths = {
  Token: `${trex}/token/Token.sol/Token.json`,
  ClaimTopicsRegistry: `${trex}/registry/implementation/ClaimTopicsRegistry.sol/ClaimTopicsRegistry.json`,
  TrustedIssuersRegistry: `${trex}/registry/implementation/TrustedIssuersRegistry.sol/TrustedIssuersRegistry.json`,
  IdentityRegistry: `${trex}/registry/implementation/IdentityRegistry.sol/IdentityRegistry.json`,
  IdentityRegistryStorage: `${trex}/registry/implementation/IdentityRegistryStorage.sol/IdentityRegistryStorage.json`,
  IdentityRegistryStorageProxy: `${trex}/proxy/IdentityRegistryStorageProxy.sol/IdentityRegistryStorageProxy.json`,
  ModularCompliance: `${trex}/compliance/modular/ModularCompliance.sol/ModularCompliance.json`,
  TREXImplementationAuthority: `${trex}/proxy/authority/TREXImplementationAuthority.sol/TREXImplementationAuthority.json`,
  TREXFactory: `${trex}/factory/TREXFactory.sol/TREXFactory.json`,
  Identity: `${onchainId}/Identity.sol/Identity.json`,
  ImplementationAuthority: `${onchainId}/proxy/ImplementationAuthority.sol/ImplementationAuthority.json`,
  IdFactory: `${onchainId}/factory/IdFactory.sol/IdFactory.json`,
  ClaimIssuer: `${onchainId}/ClaimIssuer.sol/ClaimIssuer.json`,
} as const;

export type ContractName = keyof typeof artifactPaths;

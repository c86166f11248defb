/** The chain_infrastructure table: the one-time contracts of each chain, by chain id. */
import type { Address } from 'viem';
import type { Db } from '../../lib/db/database.js';

export interface Infrastructure {
  chainId: number;
  deployer: Address;
  claimSigner: Address;
  trexFactory: Address;
  trexImplementationAuthority: Address;
  idFactory: Address;
  claimIssuer: Address;
  identityRegistryStorage: Address;
  implementations: Readonly<Record<string, Address>>;
}

export async function findInfrastructure(
  db: Db,
  chainId: number,
): Promise<Infrastructure | undefined> {
  const row = await db
    .selectFrom('chain_infrastructure')
    .selectAll()
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return (
    row && {
      chainId: row.chain_id,
      deployer: row.deployer as Address,
      claimSigner: row.claim_signer as Address,
      trexFactory: row.trex_factory as Address,
      trexImplementationAuthority: row.trex_implementation_authority as Address,
      idFactory: row.id_factory as Address,
      claimIssuer: row.claim_issuer as Address,
      identityRegistryStorage: row.identity_registry_storage as Address,
      implementations: row.implementations as Record<string, Address>,
    }
  );
}

export async function saveInfrastructure(db: Db, infrastructure: Infrastructure): Promise<void> {
  const values = {
    deployer: infrastructure.deployer,
    claim_signer: infrastructure.claimSigner,
    trex_factory: infrastructure.trexFactory,
    trex_implementation_authority: infrastructure.trexImplementationAuthority,
    id_factory: infrastructure.idFactory,
    claim_issuer: infrastructure.claimIssuer,
    identity_registry_storage: infrastructure.identityRegistryStorage,
    implementations: JSON.stringify(infrastructure.implementations),
  };
  await db
    .insertInto('chain_infrastructure')
    .values({ chain_id: infrastructure.chainId, ...values })
    .onConflict((oc) => oc.column('chain_id').doUpdateSet(values))
    .execute();
}

/** Every address the bootstrap deployed, by a name for messages. */
export function infrastructureAddresses(infrastructure: Infrastructure): Record<string, Address> {
  return {
    ...Object.fromEntries(
      Object.entries(infrastructure.implementations).map(([name, address]) => [
        `${name} implementation`,
        address,
      ]),
    ),
    TREXImplementationAuthority: infrastructure.trexImplementationAuthority,
    IdFactory: infrastructure.idFactory,
    TREXFactory: infrastructure.trexFactory,
    ClaimIssuer: infrastructure.claimIssuer,
    IdentityRegistryStorage: infrastructure.identityRegistryStorage,
  };
}

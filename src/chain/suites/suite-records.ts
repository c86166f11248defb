/** The token_suites table: the contracts of each token's T-REX suite, found by salt or address. */
import type { Selectable } from 'kysely';
import { getAddress, type Address, type Hash } from 'viem';
import type { Db } from '../../lib/db/database.js';
import type { TokenSuitesTable } from '../../lib/db/schema.js';
import { AppError } from '../../lib/errors.js';

export interface TokenSuite {
  salt: string;
  token: Address;
  identityRegistry: Address;
  identityRegistryStorage: Address;
  trustedIssuersRegistry: Address;
  claimTopicsRegistry: Address;
  compliance: Address;
  deployTxHash: Hash | null;
}

function suiteFromRow(row: Selectable<TokenSuitesTable>): TokenSuite {
  return {
    salt: row.salt,
    token: row.token_address as Address,
    identityRegistry: row.identity_registry as Address,
    identityRegistryStorage: row.identity_registry_storage as Address,
    trustedIssuersRegistry: row.trusted_issuers_registry as Address,
    claimTopicsRegistry: row.claim_topics_registry as Address,
    compliance: row.compliance as Address,
    deployTxHash: row.deploy_tx_hash as Hash | null,
  };
}

export async function findSuiteBySalt(
  db: Db,
  chainId: number,
  salt: string,
): Promise<TokenSuite | undefined> {
  const row = await db
    .selectFrom('token_suites')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where('salt', '=', salt)
    .executeTakeFirst();
  return row && suiteFromRow(row);
}

/** The suite of a token deployed by this platform; anything else is TOKEN_NOT_FOUND. */
export async function requireSuite(db: Db, chainId: number, token: Address): Promise<TokenSuite> {
  const row = await db
    .selectFrom('token_suites')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where('token_address', '=', getAddress(token))
    .executeTakeFirst();
  if (!row) {
    throw new AppError('TOKEN_NOT_FOUND', `No token suite deployed by this platform at ${token}`);
  }
  return suiteFromRow(row);
}

/** Saves a suite; a suite already saved for the salt wins (deployment is irreversible). */
export async function saveSuite(db: Db, chainId: number, suite: TokenSuite): Promise<TokenSuite> {
  await db
    .insertInto('token_suites')
    .values({
      chain_id: chainId,
      salt: suite.salt,
      token_address: suite.token,
      identity_registry: suite.identityRegistry,
      identity_registry_storage: suite.identityRegistryStorage,
      trusted_issuers_registry: suite.trustedIssuersRegistry,
      claim_topics_registry: suite.claimTopicsRegistry,
      compliance: suite.compliance,
      deploy_tx_hash: suite.deployTxHash,
    })
    .onConflict((oc) => oc.columns(['chain_id', 'salt']).doNothing())
    .execute();
  const saved = await findSuiteBySalt(db, chainId, suite.salt);
  if (!saved) throw new Error(`token suite ${suite.salt} was not saved`);
  return saved;
}

/**
 * ExecuteOnChainAllocation (spec C rule 6) as durable work. A confirmed allocation whose
 * on_chain_status is pending is the job: it is claimed (minting, with a lease) by one short
 * transaction, then the investor's identity is registered (idempotent) and amount * 10^decimals
 * minted, and the outcome written back: minted with the tx hash, or failed with the error. Chain
 * calls carry idempotency keys derived from the allocation, so a job run again after a crash, a
 * lease expiry or an admin retry never mints twice: the chain service answers with the first
 * mint's transaction.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import { parseCountry } from '../../lib/countries.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { TokenAllocation } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';
import { baseUnits } from '../tokens/tokens.rules.js';
import { revokedClaims } from '../verification/kyc-claim-revoker.js';

export interface MinterDeps {
  db: Db;
  chain: ChainClient;
  wallets: WalletAddresses;
  logger: Logger;
  /** alpha-2 country for users without an approved KYC (the treasury) */
  platformCountry: string;
  leaseSeconds: number;
  batchSize?: number;
}

/** Claims up to `limit` jobs: pending ones, and minting ones whose lease ran out (a dead worker's). */
export async function claimAllocations(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<TokenAllocation[]> {
  return db
    .updateTable('token_allocations')
    .set((eb) => ({
      on_chain_status: 'minting',
      claimed_at: sql<Date>`now()`,
      on_chain_attempts: eb('on_chain_attempts', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('token_allocations')
        .select('id')
        .where('status', '=', 'confirmed')
        .where((eb) =>
          eb.or([
            eb('on_chain_status', '=', 'pending'),
            eb.and([
              eb('on_chain_status', '=', 'minting'),
              eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`),
            ]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

function describe(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.detail ?? error.title}`;
  return error instanceof Error ? error.message : String(error);
}

export function allocationMinter(deps: MinterDeps) {
  const { db, chain } = deps;

  async function identityCountry(userId: string): Promise<number> {
    const kyc = await db
      .selectFrom('kyc_applications')
      .select('nationality')
      .where('user_id', '=', userId)
      .where('status', '=', 'approved')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const country = parseCountry(kyc?.nationality ?? deps.platformCountry);
    if (!country) throw new Error(`no ISO country for user ${userId}`);
    return country.numeric;
  }

  async function mint(allocation: TokenAllocation): Promise<string> {
    const token = await db
      .selectFrom('tokens')
      .select(['contract_address', 'decimals', 'business_id'])
      .where('id', '=', allocation.token_id)
      .executeTakeFirstOrThrow();
    if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
    const address = await transaction(db, (trx) =>
      deps.wallets.ensureWalletAddress(trx, allocation.user_id),
    );
    await chain.registerIdentity(
      {
        investor_addr: address,
        country_code: await identityCountry(allocation.user_id),
        payer_ref: token.business_id,
      },
      // A revoked claim must be issued afresh: a new key for each generation of the wallet's claim.
      `register-identity:${address}:${await revokedClaims(db, address)}`,
    );
    const minted = await chain.mint(
      {
        token_addr: token.contract_address,
        to_addr: address,
        amount: baseUnits(allocation.quantity, token.decimals),
        payer_ref: token.business_id,
      },
      `mint-allocation:${allocation.id}`,
    );
    return minted.tx_hash;
  }

  /** Only the claim holder writes the outcome (a reclaimed job's first worker finds it changed). */
  async function finish(
    allocation: TokenAllocation,
    outcome: { hash: string } | { error: string },
  ): Promise<void> {
    await db
      .updateTable('token_allocations')
      .set(
        'hash' in outcome
          ? {
              on_chain_status: 'minted',
              on_chain_tx_hash: outcome.hash,
              on_chain_error: null,
              updated_at: new Date(),
            }
          : { on_chain_status: 'failed', on_chain_error: outcome.error, updated_at: new Date() },
      )
      .where('id', '=', allocation.id)
      .where('on_chain_status', '=', 'minting')
      .where('on_chain_attempts', '=', allocation.on_chain_attempts)
      .execute();
  }

  return {
    /** One batch: claim, mint each, record each outcome. Resolves to the number handled. */
    async tick(): Promise<number> {
      const claimed = await claimAllocations(db, deps.batchSize ?? 10, deps.leaseSeconds);
      for (const allocation of claimed) {
        try {
          await finish(allocation, { hash: await mint(allocation) });
        } catch (error) {
          deps.logger.warn(
            { allocation_id: allocation.id, err: error },
            'on-chain allocation failed',
          );
          await finish(allocation, { error: describe(error) });
        }
      }
      return claimed.length;
    },
  };
}

export type AllocationMinter = ReturnType<typeof allocationMinter>;

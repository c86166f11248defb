/**
 * ExecuteOnChainAllocation (spec C rule 6) as durable work. A confirmed allocation whose
 * on_chain_status is pending is the job: the job queue claims it (minting, with a lease and a
 * claim id), then the investor's identity is registered (idempotent) and amount * 10^decimals
 * minted, and the outcome written back only if the claim is still the row's: minted with the tx
 * hash, or a failed attempt under the workers' policy (pending again after a backoff, failed after
 * the last attempt; an admin retry sends a failed one back). Chain calls carry idempotency keys
 * derived from the allocation, so a job run again after a crash, a lease expiry or an admin retry
 * never mints twice: the chain service answers with the first mint's transaction.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import { holderCountry } from '../../lib/compliance/holder-country.js';
import { countrySources } from '../../lib/compliance/holder-country.queries.js';
import { transaction } from '../../lib/db/database.js';
import type { TokenAllocation } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';
import { baseUnits } from '../../lib/token-units.js';
import { revokedClaims } from '../verification/kyc-claim-revoker.js';
import { notify } from '../notifications/notify.js';
import { tokensMinted } from '../notifications/notices.js';
import { mintedToken } from './allocation-minter.queries.js';

export interface MinterDeps {
  queue: QueueOptions;
  chain: ChainClient;
  wallets: WalletAddresses;
  /** alpha-2 country for users without an approved KYC (the treasury) */
  platformCountry: string;
  batchSize?: number;
}

/** The mint jobs: confirmed allocations not yet on chain. */
export const mintJobs: JobTable<'token_allocations'> = {
  table: 'token_allocations',
  state: 'on_chain_status',
  ready: 'pending',
  running: 'minting',
  failed: 'failed',
  claimId: 'on_chain_claim_id',
  dueAt: 'on_chain_due_at',
  attempts: 'on_chain_attempts',
  waits: 'on_chain_waits',
  error: 'on_chain_error',
  where: sql`status = 'confirmed'`,
};

export function allocationMinter(deps: MinterDeps) {
  const { chain } = deps;
  const { db } = deps.queue;
  const queue = jobQueue(mintJobs, deps.queue);

  async function identityCountry(userId: string): Promise<number> {
    const sources = (await countrySources(db, [userId])).get(userId);
    if (!sources) throw new Error(`no user ${userId}`);
    return holderCountry(sources, deps.platformCountry).numeric;
  }

  async function mint(allocation: TokenAllocation): Promise<string> {
    const token = await mintedToken(db, allocation.token_id);
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

  return {
    /** One batch: claim, mint and record each, one at a time. Resolves to the number taken. */
    tick(): Promise<number> {
      return queue.runBatch(
        deps.batchSize ?? 10,
        async (allocation) => ({
          on_chain_status: 'minted',
          on_chain_tx_hash: await mint(allocation),
        }),
        async (trx, allocation) => {
          const token = await mintedToken(trx, allocation.token_id);
          await notify(trx, tokensMinted(allocation.user_id, allocation.quantity, token.symbol));
        },
      );
    },
  };
}

export type AllocationMinter = ReturnType<typeof allocationMinter>;

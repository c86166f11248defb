/**
 * Revokes the on-chain KYC claim of a user whose approved KYC was later rejected (an AML
 * re-screen, say): the wallet is then unverified on every token. The revocation row, written in
 * the transaction that rejected the user, is the job; the job queue claims it and this worker calls
 * the chain service with the row's id as idempotency key.
 */
import type { ChainClient } from '../../lib/chain-client.js';
import type { Db, Trx } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';

/** Queues the revocation when the user has a wallet address (else there is no claim to revoke). */
export async function queueClaimRevocation(trx: Trx, userId: string): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('wallet_address')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.wallet_address) return;
  await trx
    .insertInto('kyc_claim_revocations')
    .values({ id: newId(), user_id: userId, wallet_address: user.wallet_address })
    .execute();
}

/** How many claims of this wallet were revoked: part of the key of its next registration. */
export async function revokedClaims(db: Db | Trx, walletAddress: string): Promise<number> {
  const row = await db
    .selectFrom('kyc_claim_revocations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('wallet_address', '=', walletAddress)
    .where('status', '=', 'revoked')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The revocation jobs. */
export const revocationJobs: JobTable<'kyc_claim_revocations'> = {
  table: 'kyc_claim_revocations',
  state: 'status',
  ready: 'pending',
  failed: 'failed',
  claimId: 'claim_id',
  dueAt: 'due_at',
  attempts: 'attempts',
  waits: 'waits',
  error: 'last_error',
};

export function kycClaimRevoker(deps: { queue: QueueOptions; chain: ChainClient }) {
  const queue = jobQueue(revocationJobs, deps.queue);
  return {
    tick(): Promise<number> {
      return queue.runBatch(10, async (job) => {
        try {
          const result = await deps.chain.revokeKyc(job.wallet_address, `revoke-kyc:${job.id}`);
          return { status: 'revoked', tx_hash: result.tx_hash };
        } catch (error) {
          // A wallet never registered on chain has no claim: nothing left to revoke.
          if (error instanceof AppError && error.code === 'IDENTITY_NOT_FOUND')
            return { status: 'revoked' };
          throw error;
        }
      });
    },
  };
}

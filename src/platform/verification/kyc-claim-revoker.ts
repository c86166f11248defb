/**
 * Revokes the on-chain KYC claim of a user whose approved KYC was later rejected (an AML
 * re-screen, say): the wallet is then unverified on every token. The revocation row, written in
 * the transaction that rejected the user, is the job; this worker claims it with a lease and calls
 * the chain service with the row's id as idempotency key.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import type { Db, Trx } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';

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

export function kycClaimRevoker(deps: {
  db: Db;
  chain: ChainClient;
  logger: Logger;
  leaseSeconds: number;
}) {
  const { db, chain } = deps;
  return {
    async tick(): Promise<number> {
      const claimed = await db
        .updateTable('kyc_claim_revocations')
        .set((eb) => ({
          claimed_at: sql<Date>`now()`,
          attempts: eb('attempts', '+', 1),
          updated_at: sql<Date>`now()`,
        }))
        .where(
          'id',
          'in',
          db
            .selectFrom('kyc_claim_revocations')
            .select('id')
            .where('status', '=', 'pending')
            .where((eb) =>
              eb.or([
                eb('claimed_at', 'is', null),
                eb(
                  'claimed_at',
                  '<',
                  sql<Date>`now() - make_interval(secs => ${deps.leaseSeconds})`,
                ),
              ]),
            )
            .orderBy('id')
            .limit(10)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
      for (const job of claimed) {
        try {
          const result = await chain.revokeKyc(job.wallet_address, `revoke-kyc:${job.id}`);
          await db
            .updateTable('kyc_claim_revocations')
            .set({
              status: 'revoked',
              tx_hash: result.tx_hash,
              last_error: null,
              updated_at: new Date(),
            })
            .where('id', '=', job.id)
            .execute();
        } catch (error) {
          // A wallet never registered on chain has no claim: nothing left to revoke.
          if (error instanceof AppError && error.code === 'IDENTITY_NOT_FOUND') {
            await db
              .updateTable('kyc_claim_revocations')
              .set({ status: 'revoked', last_error: null, updated_at: new Date() })
              .where('id', '=', job.id)
              .execute();
            continue;
          }
          deps.logger.warn({ revocation_id: job.id, err: error }, 'KYC claim not revoked yet');
          const message =
            error instanceof AppError
              ? `${error.code}: ${error.detail ?? error.title}`
              : String(error);
          await db
            .updateTable('kyc_claim_revocations')
            .set({ last_error: message, updated_at: new Date() })
            .where('id', '=', job.id)
            .execute();
        }
      }
      return claimed.length;
    },
  };
}

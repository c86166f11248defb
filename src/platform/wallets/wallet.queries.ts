import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { WalletCustody } from '../../lib/db/schema-fiat.js';
import type { WalletChallenge } from '../../lib/db/schema-fiat.js';

export function walletOf(db: Db | Trx, userId: string) {
  return db
    .selectFrom('users')
    .select(['wallet_address', 'wallet_custody'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Locks the user's row first (the platform's lock order) and returns its wallet columns. */
export function lockUserWallet(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .select(['wallet_address', 'wallet_custody'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Stores the user's one live challenge, replacing an earlier one. */
export async function putChallenge(
  db: Db,
  challenge: Pick<WalletChallenge, 'user_id' | 'nonce' | 'message' | 'expires_at'>,
): Promise<void> {
  await db
    .insertInto('wallet_challenges')
    .values(challenge)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        nonce: challenge.nonce,
        message: challenge.message,
        expires_at: challenge.expires_at,
        used_at: null,
      }),
    )
    .execute();
}

export function challengeForUpdate(trx: Trx, userId: string) {
  return trx
    .selectFrom('wallet_challenges')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the user's address and its custody (the caller holds the user's row lock). */
export async function setUserWallet(
  trx: Trx,
  userId: string,
  address: string,
  custody: WalletCustody,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ wallet_address: address, wallet_custody: custody, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function markChallengeUsed(trx: Trx, userId: string, at: Date): Promise<void> {
  await trx
    .updateTable('wallet_challenges')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Another user whose current, custodial or recovery address is `address`, or anyone's address
 * lost and replaced by a recovery (never given again), compared case-insensitively.
 */
export async function addressHolder(
  trx: Trx,
  address: string,
  exceptUserId: string,
): Promise<string | undefined> {
  const lower = address.toLowerCase();
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['wallet_address']), '=', lower))
    .where('id', '<>', exceptUserId)
    .unionAll(
      trx
        .selectFrom('custodial_addresses')
        .select('user_id as id')
        .where((eb) => eb(eb.fn('lower', ['address']), '=', lower))
        .where('user_id', '<>', exceptUserId),
    )
    .unionAll(
      trx
        .selectFrom('wallet_recovery_addresses')
        .select('user_id as id')
        .where((eb) => eb(eb.fn('lower', ['address']), '=', lower))
        .where('user_id', '<>', exceptUserId),
    )
    .unionAll(
      trx
        .selectFrom('agent_actions')
        .select((eb) => eb.fn.coalesce('user_id', 'proposed_by').as('id'))
        .where((eb) => eb(eb.fn('lower', ['old_address']), '=', lower))
        .where('kind', '=', 'recover_wallet')
        .where('status', '=', 'done'),
    )
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Whether tokens may already sit at, or be on their way to, the user's current address: a token
 * balance, or an allocation whose mint was sent or done.
 */
export async function hasTokenHoldings(trx: Trx, userId: string): Promise<boolean> {
  const held = await trx
    .selectFrom('wallets')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('balance', '>', 0), eb('locked_balance', '>', 0)]))
    .limit(1)
    .executeTakeFirst();
  if (held) return true;
  const minting = await trx
    .selectFrom('token_allocations')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('on_chain_status', 'in', ['minting', 'minted']),
        eb('on_chain_tx_hash', 'is not', null),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return minting !== undefined;
}

/**
 * The jobs that bring the chain's country of a holder's wallet in line with the holder's country
 * (identity-country-sync.ts), and what a job reads: the holder's wallet and the tokens it holds.
 */
import type { Db, Trx } from '../../lib/db/database.js';
import { newId } from '../../lib/ids.js';

/**
 * Queues the job after an approved verification, when the user has a wallet address (without one
 * nothing is registered on chain; the registration at the first mint or trade takes the country
 * then).
 */
export async function queueIdentityCountryUpdate(trx: Trx, userId: string): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('wallet_address')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.wallet_address) return;
  await trx
    .insertInto('identity_country_updates')
    .values({ id: newId(), user_id: userId, reason: 'verification' })
    .execute();
}

export function holderAccount(db: Db | Trx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'wallet_address'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The tokens the user holds units of that have rules, with the units. */
export function heldTokensWithRules(db: Db | Trx, userId: string) {
  return db
    .selectFrom('wallets')
    .innerJoin('tokens', 'tokens.id', 'wallets.token_id')
    .innerJoin('token_compliance_rules', 'token_compliance_rules.token_id', 'tokens.id')
    .select(['tokens.id', 'tokens.symbol', 'wallets.balance'])
    .where('wallets.user_id', '=', userId)
    .where('wallets.balance', '>', 0)
    .orderBy('tokens.symbol')
    .execute();
}

import { sql, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { Token, TokensTable, TokenStatus } from '../../lib/db/schema-issuance.js';

export function tokenForUpdate(trx: Trx, id: string): Promise<Token | undefined> {
  return trx.selectFrom('tokens').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findToken(db: Db | Trx, id: string): Promise<Token | undefined> {
  return db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateToken(
  trx: Trx,
  id: string,
  changes: Updateable<TokensTable>,
): Promise<Token> {
  return trx
    .updateTable('tokens')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves the token to `status` and queues the contract's paused flag to follow: a new version, a
 * fresh count of attempts, due now unless a worker holds a claim (it releases the job when it
 * finds the version moved on).
 */
export function changeStatus(
  trx: Trx,
  id: string,
  status: TokenStatus,
  changes: Updateable<TokensTable> = {},
): Promise<Token> {
  return trx
    .updateTable('tokens')
    .set({
      ...changes,
      status,
      chain_sync: 'pending',
      chain_sync_error: null,
      chain_sync_attempts: 0,
      updated_at: new Date(),
    })
    .set((eb) => ({
      chain_sync_version: eb('chain_sync_version', '+', 1),
      chain_sync_due_at: eb
        .case()
        .when('chain_sync_claim_id', 'is', null)
        .then(null)
        .else(eb.ref('chain_sync_due_at'))
        .end(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listTokens(
  db: Db,
  options: { limit: number; cursor?: string; status?: TokenStatus; businessId?: string },
) {
  let query = db
    .selectFrom('tokens')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.businessId) query = query.where('business_id', '=', options.businessId);
  return query.execute();
}

/** Adds `quantity` to a user's token wallet, creating it at the first token. */
export async function creditWallet(
  trx: Trx,
  userId: string,
  tokenId: string,
  quantity: number,
  walletId: string,
): Promise<void> {
  await trx
    .insertInto('wallets')
    .values({ id: walletId, user_id: userId, token_id: tokenId, balance: quantity })
    .onConflict((oc) =>
      oc.columns(['user_id', 'token_id']).doUpdateSet({
        balance: sql<number>`wallets.balance + excluded.balance`,
        updated_at: new Date(),
      }),
    )
    .execute();
}

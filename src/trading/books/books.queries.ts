/** The reads of the books' start and housekeeping (books.ts). */
import type { Db } from '../../lib/db/database.js';

/** The platform's treasury user: a batch's trading fees are credited to it. */
export async function treasuryId(db: Db): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'treasury')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Tokens whose books hold live orders, or journal rows still to project (journal mode: a book's
 * orders may all be there), to rebuild or register at start.
 */
export function tokensWithLiveOrders(db: Db) {
  return db
    .selectFrom('orders')
    .select('token_id')
    .where('status', 'in', ['open', 'partially_filled', 'pending_stop'])
    .union(db.selectFrom('trading_journal').select('token_id'))
    .execute();
}

export async function tokenExists(db: Db, tokenId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .select('id')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Of `tokenIds`, those no longer trading on a book: delisted, matured or moved off the book, or
 * under a split or consolidation (`corporate_action`).
 */
export function closedTokens(db: Db, tokenIds: string[]) {
  return db
    .selectFrom('tokens')
    .select((eb) => [
      'id',
      'status',
      eb
        .exists(
          eb
            .selectFrom('share_splits')
            .select('share_splits.id')
            .whereRef('share_splits.token_id', '=', 'tokens.id')
            .where('share_splits.status', 'in', ['halting', 'scaling']),
        )
        .as('corporate_action'),
    ])
    .where('id', 'in', tokenIds)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['delisted', 'matured']),
        eb('trading_mode', '!=', 'full_orderbook'),
        eb.exists(
          eb
            .selectFrom('share_splits')
            .select('share_splits.id')
            .whereRef('share_splits.token_id', '=', 'tokens.id')
            .where('share_splits.status', 'in', ['halting', 'scaling']),
        ),
      ]),
    )
    .execute();
}

/**
 * How the trading process learns of the token agent's actions, as it learns of a delisting: by
 * reading the state the platform committed. Among the holders with live orders in this process's
 * books, those whose verification was revoked, whose address on the token is frozen, or whose
 * sells lock more units than are left unfrozen.
 */
import type { Db } from '../../lib/db/database.js';
import { prepared, runPrepared } from '../../lib/db/prepared.js';
import type { RestrictionReason } from './execution.js';

export interface RestrictedHolder {
  userId: string;
  tokenId: string;
  reason: RestrictionReason;
}

/** A book's holders: the users with a live order in it (live-orders.ts). */
export interface BookHolders {
  holders(): Iterable<string>;
  holds(userId: string): boolean;
}

/**
 * The restricted among the holders' users and their tokens' wallets, not each holder looked up:
 * every second's sweep read a user and a wallet per holder with a live order (6 to 19 ms a
 * sweep with 200 traders in 100 books, docs/performance.md), where the restricted are a handful.
 * A wallet can lock more than its unfrozen units only while some are frozen (its locked units
 * never exceed its balance), so the restricted wallets are all in `wallets_restricted`.
 */
const restrictedStatement = prepared(
  'restricted_holders',
  `select id as user_id, null::uuid as token_id, 'KYC_REVOKED' as reason
   from users where id = any($1::uuid[]) and kyc_status = 'rejected'
   union all
   select user_id, token_id,
     case when address_frozen then 'ADDRESS_FROZEN' else 'TOKEN_UNITS_FROZEN' end
   from wallets
   where token_id = any($2::uuid[]) and (address_frozen or frozen_quantity > 0)
     and (address_frozen or locked_balance > balance - frozen_quantity)`,
);

/** The holders of these books (by token) that the token's agent restricted, and why. */
export async function restrictedHolders(
  db: Db,
  books: ReadonlyMap<string, BookHolders>,
): Promise<RestrictedHolder[]> {
  if (books.size === 0) return [];
  const userIds = new Set<string>();
  for (const book of books.values()) for (const userId of book.holders()) userIds.add(userId);
  const { rows } = await runPrepared<{
    user_id: string;
    token_id: string | null;
    reason: RestrictionReason;
  }>(db, restrictedStatement, [[...userIds], [...books.keys()]]);
  const revoked = new Set(rows.filter((row) => row.token_id === null).map((row) => row.user_id));
  const restricted: RestrictedHolder[] = [];
  for (const userId of revoked) {
    for (const [tokenId, book] of books) {
      if (book.holds(userId)) restricted.push({ userId, tokenId, reason: 'KYC_REVOKED' });
    }
  }
  for (const { user_id: userId, token_id: tokenId, reason } of rows) {
    if (tokenId === null || revoked.has(userId) || !books.get(tokenId)?.holds(userId)) continue;
    restricted.push({ userId, tokenId, reason });
  }
  return restricted;
}

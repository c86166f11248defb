/**
 * How the trading process learns of the token agent's actions, as it learns of a delisting: by
 * reading the state the platform committed. Among the holders with live orders in this process's
 * books, those whose verification was revoked, whose address on the token is frozen, or whose
 * sells lock more units than are left unfrozen.
 */
import type { Db } from '../../lib/db/database.js';
import { prepared, runPrepared } from '../../lib/db/prepared.js';
import type { RestrictionReason } from './execution.js';

export interface HolderOf {
  userId: string;
  tokenId: string;
}

export interface RestrictedHolder extends HolderOf {
  reason: RestrictionReason;
}

const restrictedStatement = prepared(
  'restricted_holders',
  `select p.user_id, p.token_id,
     case when u.kyc_status = 'rejected' then 'KYC_REVOKED'
          when w.address_frozen then 'ADDRESS_FROZEN'
          else 'TOKEN_UNITS_FROZEN' end as reason
   from unnest($1::uuid[], $2::uuid[]) as p(user_id, token_id)
   join users u on u.id = p.user_id
   left join wallets w on w.user_id = p.user_id and w.token_id = p.token_id
   where u.kyc_status = 'rejected' or w.address_frozen
     or w.locked_balance > w.balance - w.frozen_quantity`,
);

export async function restrictedHolders(
  db: Db,
  holders: readonly HolderOf[],
): Promise<RestrictedHolder[]> {
  if (holders.length === 0) return [];
  const { rows } = await runPrepared<{
    user_id: string;
    token_id: string;
    reason: RestrictionReason;
  }>(db, restrictedStatement, [holders.map((h) => h.userId), holders.map((h) => h.tokenId)]);
  return rows.map((row) => ({ userId: row.user_id, tokenId: row.token_id, reason: row.reason }));
}

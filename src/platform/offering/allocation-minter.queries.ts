import type { Db, Trx } from '../../lib/db/database.js';

/** What a mint needs of the token: its contract, decimals and payer. */
export function mintedToken(db: Db | Trx, tokenId: string) {
  return db
    .selectFrom('tokens')
    .select(['contract_address', 'decimals', 'business_id', 'symbol'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
}

import type { Db } from '../../lib/db/database.js';

/** What a mint needs of the token: its contract, decimals and payer. */
export function mintedToken(db: Db, tokenId: string) {
  return db
    .selectFrom('tokens')
    .select(['contract_address', 'decimals', 'business_id'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
}

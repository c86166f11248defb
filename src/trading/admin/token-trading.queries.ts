/** SQL of staff's trading settings, halts and NAVs (admin/token-trading.service.ts). */
import type { Insertable } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import type { TokenNavsTable } from '../../lib/db/schema-trading.js';
import type { TradingSettingsBody } from './token-trading.schemas.js';

export function findToken(db: Db, tokenId: string): Promise<Token | undefined> {
  return db.selectFrom('tokens').selectAll().where('id', '=', tokenId).executeTakeFirst();
}

export function updateTradingSettings(
  db: Db,
  tokenId: string,
  changes: TradingSettingsBody,
  now: Date,
): Promise<Token | undefined> {
  return db
    .updateTable('tokens')
    .set({ ...changes, updated_at: now })
    .where('id', '=', tokenId)
    .returningAll()
    .executeTakeFirst();
}

// the halts are shared with the platform's corporate actions (src/platform/splits)
export { endHalt, haltUntil, liftHalt } from '../../lib/db/trading-halts.queries.js';

/** The token with its business's owner (its issuer). */
export function findTokenIssuer(db: Db, tokenId: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .select(['tokens.id', 'businesses.owner_id'])
    .where('tokens.id', '=', tokenId)
    .executeTakeFirst();
}

export function insertNav(db: Db, nav: Insertable<TokenNavsTable>) {
  return db.insertInto('token_navs').values(nav).returningAll().executeTakeFirstOrThrow();
}

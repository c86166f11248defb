/** SQL of the trading-mode switch; both run in the switch's transaction. */
import type { Trx } from '../../lib/db/database.js';
import type { TradingMode } from '../../lib/db/schema-issuance.js';

/** NO KEY UPDATE: orders and requests being inserted (a foreign key's KEY SHARE) do not wait. */
export function lockTokenRow(trx: Trx, tokenId: string) {
  return trx
    .selectFrom('tokens')
    .select(['id', 'status', 'trading_mode'])
    .where('id', '=', tokenId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function setTradingMode(
  trx: Trx,
  tokenId: string,
  mode: TradingMode,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('tokens')
    .set({ trading_mode: mode, updated_at: now })
    .where('id', '=', tokenId)
    .execute();
}

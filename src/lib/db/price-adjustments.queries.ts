/** The price adjustments of a token: its done splits and consolidations (src/lib/price-adjustments.ts). */
import type { Db, Trx } from './database.js';
import type { PriceAdjustment } from '../price-adjustments.js';

export async function priceAdjustments(db: Db | Trx, tokenId: string): Promise<PriceAdjustment[]> {
  const rows = await db
    .selectFrom('share_splits')
    .select(['ratio_new', 'ratio_old', 'started_at'])
    .where('token_id', '=', tokenId)
    .where('status', '=', 'done')
    .orderBy('started_at')
    .execute();
  return rows.map((r) => ({ ratioNew: r.ratio_new, ratioOld: r.ratio_old, from: r.started_at! }));
}

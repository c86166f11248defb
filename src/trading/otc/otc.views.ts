import type { OtcOrder, OtcStatus } from '../../lib/db/schema-otc.js';
import { Exact } from '../../lib/money.js';
import type { OtcOrderView } from './otc.schemas.js';

export function toOtcOrderView(row: OtcOrder): OtcOrderView & { status: OtcStatus } {
  return {
    id: row.id,
    user_id: row.user_id,
    token_id: row.token_id,
    side: row.side,
    price: new Exact(row.price).toFixed(2),
    quantity: Number(row.quantity),
    filled_quantity: Number(row.filled_quantity),
    remaining_quantity: Number(row.remaining_quantity),
    locked_fiat: new Exact(row.locked_fiat).toFixed(2),
    status: row.status,
    reason: row.reason,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import type { NoticeCursorsTable } from '../../lib/db/schema-mail.js';
import { idFloor } from '../../lib/ids.js';

export type NoticeCursor = NoticeCursorsTable['name'];

/** The cursor's window end, locked; undefined while another process holds it. */
export async function lockCursor(trx: Trx, name: NoticeCursor): Promise<Date | undefined> {
  const row = await trx
    .selectFrom('notice_cursors')
    .select('through')
    .where('name', '=', name)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row?.through;
}

export async function moveCursor(trx: Trx, name: NoticeCursor, through: Date): Promise<void> {
  await trx.updateTable('notice_cursors').set({ through }).where('name', '=', name).execute();
}

export interface FillTotal {
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  fills: number;
  /** units, as text: a sum of integers may pass 2^31 */
  quantity: string;
  total: string;
}

/**
 * Each party's fills booked in [from, to), per token and side. Trades are keyed by time-ordered
 * ids, so the window is a range of the primary key.
 */
export async function fillsBetween(trx: Trx, from: Date, to: Date): Promise<FillTotal[]> {
  const result = await sql<FillTotal>`
    with window_trades as (
      select token_id, buyer_id, seller_id, quantity, total from trades
      where id >= ${idFloor(from)}::uuid and id < ${idFloor(to)}::uuid
    ), sides as (
      select buyer_id as user_id, token_id, 'buy' as side, quantity, total from window_trades
      union all
      select seller_id, token_id, 'sell', quantity, total from window_trades
    )
    select sides.user_id, tokens.symbol, sides.side, count(*)::int as fills,
      sum(sides.quantity)::text as quantity, sum(sides.total)::text as total
    from sides join tokens on tokens.id = sides.token_id
    group by sides.user_id, tokens.symbol, sides.side
    order by sides.user_id, tokens.symbol, sides.side`.execute(trx);
  return result.rows;
}

export interface FailedSettlement {
  trade_id: string;
  buyer_id: string;
  seller_id: string;
  symbol: string;
  quantity: number;
  price: string;
  traded_at: Date;
}

/** Trades whose settlement failed for good in [from, to) (a retried one may fail again). */
export function settlementsFailedBetween(
  trx: Trx,
  from: Date,
  to: Date,
): Promise<FailedSettlement[]> {
  return trx
    .selectFrom('trade_settlement_history as h')
    .innerJoin('trades', 'trades.id', 'h.trade_id')
    .innerJoin('tokens', 'tokens.id', 'trades.token_id')
    .select([
      'trades.id as trade_id',
      'trades.buyer_id',
      'trades.seller_id',
      'tokens.symbol',
      'trades.quantity',
      'trades.price',
      'trades.created_at as traded_at',
    ])
    .where('h.status', '=', 'failed')
    .where('h.created_at', '>=', from)
    .where('h.created_at', '<', to)
    .orderBy('h.id')
    .execute();
}

/**
 * The order audit trail's one read: every order event in a time range, from the status history
 * (with its order's fields, and an amend's values before it) and the refusals, in the order they
 * happened. Times are rendered by
 * PostgreSQL to the microsecond (a JavaScript Date keeps milliseconds only).
 */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';

export interface OrderEventRow {
  event_time: string;
  /** h: a status history row, r: a refusal; with `event_no`, the event's unique key */
  source: 'h' | 'r';
  event_no: string;
  event: string;
  outcome: string | null;
  order_id: string | null;
  client_order_id: string | null;
  user_id: string;
  token_id: string | null;
  side: string | null;
  order_type: string | null;
  time_in_force: string | null;
  price: string | null;
  stop_price: string | null;
  quantity: string | null;
  filled_quantity: string | null;
  remaining_quantity: string | null;
  book_sequence: string | null;
  /** an amend: the price and quantity before it (the order's previous event) */
  previous_price: string | null;
  previous_quantity: string | null;
}

/**
 * Where a page ends: the last event's time as rendered (fixed width in UTC, so its text sorts as
 * the time does), source and number.
 */
export interface EventKey {
  time: string;
  source: 'h' | 'r';
  no: string;
}

const micros = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Events with from <= time < to, after `after`, at most `limit`. */
export async function orderEvents(
  db: Db,
  range: { from: Date; to: Date },
  limit: number,
  after: EventKey | null,
): Promise<OrderEventRow[]> {
  const { rows } = await sql<OrderEventRow>`
    select * from (
      select ${micros('h.recorded_at')} as event_time, 'h' as source,
        h.id::text as event_no, h.status as event, h.reason as outcome, o.id as order_id,
        o.client_order_id, o.user_id, o.token_id, o.side, o.order_type, o.time_in_force,
        coalesce(h.price, o.price)::text as price, o.stop_price::text as stop_price,
        coalesce(h.quantity, o.quantity)::text as quantity,
        h.filled_quantity::text as filled_quantity,
        h.remaining_quantity::text as remaining_quantity, h.book_sequence::text as book_sequence,
        before.price as previous_price, before.quantity as previous_quantity
      from order_status_history h join orders o on o.id = h.order_id
      left join lateral (
        select coalesce(p.price, o.price)::text as price,
          coalesce(p.quantity, o.quantity)::text as quantity
        from order_status_history p
        where h.reason = 'AMENDED' and p.order_id = h.order_id and p.id < h.id
        order by p.id desc limit 1
      ) before on true
      where h.recorded_at >= ${range.from} and h.recorded_at < ${range.to}
      union all
      select ${micros('r.recorded_at')}, 'r', r.id::text, 'refused', r.code,
        r.order_id, r.client_order_id, r.user_id, r.token_id, r.side, r.order_type,
        r.time_in_force, r.price::text, r.stop_price::text, r.quantity::text, null, null,
        r.book_sequence::text, null, null
      from order_refusals r
      where r.recorded_at >= ${range.from} and r.recorded_at < ${range.to}
    ) e
    where ${after?.time ?? null}::text is null
      or (e.event_time, e.source, e.event_no::bigint)
        > (${after?.time ?? null}::text, ${after?.source ?? null}::text, ${after?.no ?? null}::bigint)
    order by e.event_time, e.source, e.event_no::bigint
    limit ${limit}`.execute(db);
  return rows;
}

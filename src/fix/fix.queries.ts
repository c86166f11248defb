/** The FIX gateway's reads and writes (docs/fix.md). */
import { sql } from 'kysely';
import type { Db } from '../lib/db/database.js';
import type { FixSessionScope } from '../lib/db/schema-fix.js';

/** The session in force for a pair of CompIDs. */
export async function sessionByCompIds(db: Db, senderCompId: string, targetCompId: string) {
  return db
    .selectFrom('fix_sessions')
    .select(['id', 'user_id', 'api_key_id', 'kind', 'scope', 'allowed_ips', 'created_at'])
    .where('sender_comp_id', '=', senderCompId)
    .where('target_comp_id', '=', targetCompId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** The ids of the sessions in force (few: one a connected firm and kind). */
export async function sessionsInForce(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('fix_sessions')
    .select('id')
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** The newest order event's id (its primary key's last entry); 0 when there is none. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_status_history')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The users whose orders have events after `since`, each with the newest one's id. */
export async function latestEventIdsByUser(db: Db, since: number) {
  const rows = await db
    .selectFrom('order_status_history as h')
    .innerJoin('orders', 'orders.id', 'h.order_id')
    .select(['orders.user_id', (eb) => eb.fn.max('h.id').as('id')])
    .where('h.id', '>', since)
    .groupBy('orders.user_id')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, id: Number(row.id) }));
}

/** A token by its symbol or its contract address (either may be given; both must agree). */
export async function tokenOf(db: Db, symbol: string | undefined, address: string | undefined) {
  let query = db.selectFrom('tokens').select(['id', 'symbol', 'contract_address']);
  if (symbol !== undefined) query = query.where('symbol', '=', symbol);
  if (address !== undefined)
    query = query.where(sql`lower(contract_address)`, '=', address.toLowerCase());
  return query.limit(2).execute();
}

const orderColumns = [
  'orders.id',
  'orders.token_id',
  'orders.client_order_id',
  'orders.side',
  'orders.order_type',
  'orders.time_in_force',
  'orders.price',
  'orders.stop_price',
  'orders.quantity',
  'orders.expires_at',
  'orders.status',
  'orders.filled_quantity',
  'orders.remaining_quantity',
  'tokens.symbol',
  'tokens.contract_address',
] as const;

/** The user's order by its OrderID, else the newest of theirs under a ClOrdID. */
export async function orderOf(
  db: Db,
  userId: string,
  ids: { orderId?: string | undefined; clOrdId?: string | undefined },
) {
  let query = db
    .selectFrom('orders')
    .innerJoin('tokens', 'tokens.id', 'orders.token_id')
    .select(orderColumns)
    .where('orders.user_id', '=', userId);
  if (ids.orderId !== undefined && /^[0-9a-f-]{36}$/i.test(ids.orderId)) {
    query = query.where('orders.id', '=', ids.orderId);
  } else if (ids.clOrdId !== undefined) {
    query = query.where('orders.client_order_id', '=', ids.clOrdId);
  } else {
    return undefined;
  }
  return query.orderBy('orders.created_at', 'desc').limit(1).executeTakeFirst();
}

/** The order's fills, oldest first, with the fee the user paid on each (the seller pays it). */
export async function fillsOf(db: Db, orderId: string) {
  const rows = await db
    .selectFrom('trades')
    .select(['price', 'quantity', 'platform_fee', 'sell_order_id', 'created_at', 'id'])
    .where((eb) => eb.or([eb('buy_order_id', '=', orderId), eb('sell_order_id', '=', orderId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    price: row.price,
    quantity: row.quantity,
    fee: row.sell_order_id === orderId ? row.platform_fee : '0',
  }));
}

/**
 * The events since `since` not yet reported on the session, in the order they were written, each
 * with the row of the order's history before it: of the user's orders, or of every order on the
 * venue for a venue-wide session (a staff drop copy).
 */
export async function unreportedEvents(
  db: Db,
  session: { id: string; userId: string; scope: FixSessionScope },
  since: Date,
  limit: number,
) {
  let query = db
    .selectFrom('order_status_history as h')
    .innerJoin('orders', 'orders.id', 'h.order_id')
    .innerJoin('tokens', 'tokens.id', 'orders.token_id')
    .leftJoin('fix_reported_events as r', (join) =>
      join.onRef('r.history_id', '=', 'h.id').on('r.session_id', '=', session.id),
    )
    .select([
      ...orderColumns,
      'h.id as history_id',
      'h.status as event_status',
      'h.reason',
      'h.filled_quantity as event_filled',
      'h.remaining_quantity as event_remaining',
      'h.quantity as event_quantity',
      'h.price as event_price',
      'h.recorded_at',
      (eb) =>
        eb
          .selectFrom('order_status_history as p')
          .select(sql<string>`p.status || ':' || p.filled_quantity`.as('before'))
          .whereRef('p.order_id', '=', 'h.order_id')
          .whereRef('p.id', '<', 'h.id')
          .orderBy('p.id', 'desc')
          .limit(1)
          .as('before'),
    ])
    .where('h.recorded_at', '>=', since)
    .where('r.history_id', 'is', null);
  if (session.scope === 'own') query = query.where('orders.user_id', '=', session.userId);
  return query.orderBy('h.id').limit(limit).execute();
}

export interface StoredMessage {
  seq: number;
  msg_type: string;
  body: string;
  sent_at: Date;
}

/**
 * One commit of the session store (session-store.ts): the session's next numbers, the messages
 * sent, and the events their reports report, in one statement: an event is marked reported in
 * the commit of its report, never before it (docs/fix.md, "What is durable when").
 */
export async function saveSession(
  db: Db,
  sessionId: string,
  numbers: { sender: number; target: number },
  messages: readonly StoredMessage[],
  reported: readonly number[],
): Promise<void> {
  const ctes = [];
  if (messages.length > 0) {
    const rows = messages.map(
      (row) => sql`(${sessionId}, ${row.seq}, ${row.msg_type}, ${row.body}, ${row.sent_at})`,
    );
    // a resend goes out under its number again
    ctes.push(sql`messages AS (INSERT INTO fix_messages (session_id, seq, msg_type, body, sent_at)
      VALUES ${sql.join(rows)} ON CONFLICT (session_id, seq) DO NOTHING)`);
  }
  if (reported.length > 0) {
    const rows = reported.map((id) => sql`(${sessionId}, ${id})`);
    ctes.push(sql`reported AS (INSERT INTO fix_reported_events (session_id, history_id)
      VALUES ${sql.join(rows)} ON CONFLICT DO NOTHING)`);
  }
  const update = sql`UPDATE fix_sessions
    SET next_sender_seq = ${numbers.sender}, next_target_seq = ${numbers.target}
    WHERE id = ${sessionId}`;
  await (ctes.length > 0 ? sql`WITH ${sql.join(ctes)} ${update}` : update).execute(db);
}

/** Reads of orders, trades and the order book's token (the writer does every write, books/batch.queries.ts). */
import type { Db } from '../../lib/db/database.js';
import type {
  NewOrderRefusal,
  Order,
  OrderStatus,
  SettlementStatus,
  Trade,
} from '../../lib/db/schema-trading.js';

/** What the order book's answer tells of its token; undefined for an unknown token. */
export function findBookToken(db: Db, tokenId: string) {
  return db
    .selectFrom('tokens')
    .select(['tick_size', 'last_price', 'halted_until'])
    .where('id', '=', tokenId)
    .executeTakeFirst();
}

export function findOrder(db: Db, id: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order a client_order_id names among the user's orders of the last 24 hours. */
export function findByClientOrderId(
  db: Db,
  userId: string,
  clientOrderId: string,
  since: Date,
): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_order_id', '=', clientOrderId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listOrders(
  db: Db,
  userId: string,
  filter: { status?: OrderStatus; tokenId?: string; cursor?: string; limit: number },
): Promise<Order[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.tokenId) query = query.where('token_id', '=', filter.tokenId);
  if (filter.cursor) query = query.where('id', '<', filter.cursor);
  return query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

/** Tokens in which the user has live orders (cancel-all without a token). */
export async function tokensWithLiveOrders(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('token_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', 'in', ['open', 'partially_filled', 'pending_stop'])
    .execute();
  return rows.map((row) => row.token_id);
}

export function tradesOfOrder(db: Db, orderId: string): Promise<Trade[]> {
  return db
    .selectFrom('trades')
    .selectAll()
    .where((eb) => eb.or([eb('buy_order_id', '=', orderId), eb('sell_order_id', '=', orderId)]))
    .orderBy('id')
    .execute();
}

export function listTrades(
  db: Db,
  filter: {
    userId?: string;
    tokenId?: string;
    settlementStatus?: SettlementStatus;
    cursor?: string;
    limit: number;
  },
): Promise<Trade[]> {
  let query = db.selectFrom('trades').selectAll();
  const { userId } = filter;
  if (userId) {
    query = query.where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]));
  }
  if (filter.tokenId) query = query.where('token_id', '=', filter.tokenId);
  if (filter.settlementStatus)
    query = query.where('settlement_status', '=', filter.settlementStatus);
  if (filter.cursor) query = query.where('id', '<', filter.cursor);
  return query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

/** A refused order, amend or cancel in the audit trail (docs/reports.md). */
export async function recordRefusal(db: Db, refusal: NewOrderRefusal): Promise<void> {
  await db.insertInto('order_refusals').values(refusal).execute();
}

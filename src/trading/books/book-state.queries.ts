/** The reads that rebuild a token's book from the database (loadBookState). */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import { sessionVersionSql } from '../trading-sessions/trading-sessions.queries.js';

export function readBookToken(db: Db, tokenId: string) {
  return db
    .selectFrom('tokens')
    .select([
      'tick_size',
      'last_price',
      'book_sequence',
      'feed_sequence',
      'circuit_breaker_window_seconds',
      'halted_until',
      'last_uncross_at',
    ])
    .select(sql<string | null>`${sql.raw(sessionVersionSql('tokens'))}`.as('session_version'))
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
}

/** The highest engine key and time priority the token's orders have used (null: none yet). */
export function readOrderCounters(db: Db, tokenId: string) {
  return db
    .selectFrom('orders')
    .select([
      sql<number | null>`max(engine_key)`.as('max_key'),
      sql<number | null>`max(priority)`.as('max_priority'),
    ])
    .where('token_id', '=', tokenId)
    .executeTakeFirstOrThrow();
}

/** The token's live orders in time priority, each with its owner's engine key. */
export function readLiveOrders(db: Db, tokenId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.trading_key as owner_key')
    .where('orders.token_id', '=', tokenId)
    .where('orders.status', 'in', ['open', 'partially_filled', 'pending_stop'])
    .orderBy('orders.priority')
    .execute();
}

/**
 * The trade prices the circuit breaker's window needs: the last trade at or before its start
 * (the price the window opens at) and every trade after it, oldest first.
 */
export async function readWindowTrades(db: Db, tokenId: string, windowStart: Date) {
  const before = await db
    .selectFrom('trades')
    .select(['price', 'created_at'])
    .where('token_id', '=', tokenId)
    .where('created_at', '<=', windowStart)
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const within = await db
    .selectFrom('trades')
    .select(['price', 'created_at'])
    .where('token_id', '=', tokenId)
    .where('created_at', '>', windowStart)
    .orderBy('id')
    .execute();
  return [...before, ...within];
}

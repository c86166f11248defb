/**
 * Trades written straight into the database as the order service records them (orders filled,
 * balances moved, a 'pending' history row and the settlement queue's entry, the token movement,
 * the candles), for the settlement tests: the processor then settles them on chain.
 */
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { candleBuckets } from '../../src/trading/books/candle-buckets.js';
import { transaction, type Db } from '../../src/lib/db/database.js';
import { recordTokenMovements } from '../../src/lib/ledger/token-movements.js';
import { newId } from '../../src/lib/ids.js';

let engineKey = 0;

/** The trade's candles, as the trading writer keeps them with its trades (batch.queries.ts). */
async function recordCandles(db: Db, trade: Parameters<typeof candleBuckets>[0][number]) {
  for (const row of candleBuckets([trade])) {
    await db
      .insertInto('candles')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['token_id', 'interval', 'start']).doUpdateSet({
          high: sql`greatest(candles.high, excluded.high)`,
          low: sql`least(candles.low, excluded.low)`,
          close: sql`excluded.close`,
          volume: sql`candles.volume + excluded.volume`,
          trades: sql`candles.trades + excluded.trades`,
        }),
      )
      .execute();
  }
}

export interface TestTrade {
  buyerId: string;
  sellerId: string;
  tokenId: string;
  quantity: number;
  /** default 10.00 */
  price?: string;
  /** when it was booked (orders, trade and movement); default now */
  at?: Date;
}

/** Records the trade (at 10.00 a token unless told) without fee; returns its id. */
export async function recordTestTrade(db: Db, trade: TestTrade): Promise<string> {
  const { buyerId, sellerId, tokenId, quantity, price = '10.00', at } = trade;
  const bookedAt = at ? { created_at: at } : {};
  const order = (userId: string, side: 'buy' | 'sell') => ({
    id: newId(),
    user_id: userId,
    token_id: tokenId,
    side,
    order_type: 'limit' as const,
    time_in_force: 'GTC' as const,
    price,
    stop_price: null,
    quantity,
    filled_quantity: quantity,
    remaining_quantity: 0,
    status: 'filled' as const,
    cancel_reason: null,
    engine_key: ++engineKey,
    priority: engineKey,
    expires_at: null,
    client_order_id: null,
    request_hash: null,
    ...bookedAt,
  });
  const buy = order(buyerId, 'buy');
  const sell = order(sellerId, 'sell');
  await db.insertInto('orders').values([buy, sell]).execute();
  const id = newId();
  await db
    .insertInto('trades')
    .values({
      id,
      token_id: tokenId,
      buy_order_id: buy.id,
      sell_order_id: sell.id,
      buyer_id: buyerId,
      seller_id: sellerId,
      taker_side: 'buy',
      price,
      quantity,
      total: new Decimal(price).times(quantity).toFixed(2),
      platform_fee: '0.00',
      effective_fee_bps: 0,
      ...bookedAt,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow()
    .then(async ({ created_at }) => {
      await db.insertInto('settlement_queue').values({ trade_id: id, created_at }).execute();
      await recordCandles(db, { token_id: tokenId, price, quantity, created_at });
    });
  await db
    .insertInto('trade_settlement_history')
    .values({ trade_id: id, status: 'pending' })
    .execute();
  await transaction(db, (trx) =>
    recordTokenMovements(trx, [
      {
        tokenId,
        kind: 'trade',
        fromUserId: sellerId,
        toUserId: buyerId,
        quantity,
        sourceType: 'trade',
        sourceId: id,
        ...(at ? { at } : {}),
      },
    ]),
  );
  await db
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '-', quantity) }))
    .where('user_id', '=', sellerId)
    .where('token_id', '=', tokenId)
    .execute();
  await db
    .insertInto('wallets')
    .values({ id: newId(), user_id: buyerId, token_id: tokenId, balance: quantity })
    .onConflict((oc) =>
      oc.columns(['user_id', 'token_id']).doUpdateSet((eb) => ({
        balance: eb('wallets.balance', '+', eb.ref('excluded.balance')),
      })),
    )
    .execute();
  return id;
}

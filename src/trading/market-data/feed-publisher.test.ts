import { describe, expect, it } from 'vitest';
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import type { BookUpdate } from '../books/broadcaster.js';
import type { BookMessage, FeedSink, UserMessage } from './feed-messages.js';
import { FeedPublisher } from './feed-publisher.js';

const clock = { now: () => new Date('2026-01-05T10:00:00Z') };

/** A sink that keeps what it is handed, wanting the users in `wanted` (all if undefined). */
function recorder(wanted?: Set<string>) {
  const books: BookMessage[] = [];
  const users: UserMessage[] = [];
  const sink: FeedSink = {
    book: (message) => books.push(message),
    wantsUser: (userId) => wanted?.has(userId) ?? true,
    user: (message) => users.push(message),
  };
  return { sink, books, users };
}

const order = (id: string, userId: string): Order => ({
  id,
  user_id: userId,
  token_id: 't',
  side: 'buy',
  order_type: 'limit',
  time_in_force: 'GTC',
  price: '10.00',
  stop_price: null,
  quantity: 5,
  filled_quantity: 0,
  remaining_quantity: 5,
  locked_fiat: '50.00',
  filled_value: '0',
  status: 'open',
  cancel_reason: null,
  engine_key: 1,
  priority: 1,
  expires_at: null,
  client_order_id: null,
  request_hash: null,
  created_at: clock.now(),
  updated_at: clock.now(),
});

const delta = { sequence: 40, side: 'buy' as const, price: 1000, quantity: 5, orderCount: 1 };
const update = (extra: Partial<BookUpdate>): BookUpdate => ({
  tokenId: 't',
  trades: [],
  orders: [],
  deltas: [],
  ...extra,
});

describe('the feed publisher', () => {
  it("numbers a book's batches from the loaded feed sequence, one per batch that changed a level", () => {
    const hub = recorder();
    const bus = recorder();
    const feed = new FeedPublisher(clock, [hub.sink, bus.sink]);
    feed.bookLoaded('t', { sequence: 39, bids: [], asks: [] }, 7);
    feed.publish(update({ deltas: [delta, { ...delta, sequence: 41, price: 999 }] }));
    // a batch that changed only orders (a pending stop cancelled, an order held in a call): no
    // book update and the seq kept, only a `touched` for the phase channel
    feed.publish(update({ orders: [order('o1', 'u1')] }));
    feed.publish(update({ deltas: [{ ...delta, sequence: 42 }] }));
    expect(hub.books.map((m) => [m.kind, 'seq' in m ? m.seq : null])).toEqual([
      ['loaded', 7],
      ['batch', 8],
      ['touched', null],
      ['batch', 9],
    ]);
    // every sink is handed the same messages, the node's own hub first
    expect(bus.books).toEqual(hub.books);
  });

  it('names no party in public trades and hands each user only their own orders', () => {
    const hub = recorder(new Set(['u1']));
    const bus = recorder();
    const feed = new FeedPublisher(clock, [hub.sink, bus.sink]);
    feed.bookLoaded('t', { sequence: 0, bids: [], asks: [] }, 0);
    const trade = {
      id: 'tr1',
      price: '10.00',
      quantity: 2,
      taker_side: 'sell',
      buyer_id: 'u1',
      seller_id: 'u2',
      created_at: clock.now(),
    } as Trade;
    feed.publish(
      update({
        deltas: [delta],
        trades: [trade],
        orders: [order('o1', 'u1'), order('o2', 'u2'), order('o3', 'u1')],
      }),
    );
    const batch = hub.books[1]!;
    expect(batch.kind === 'batch' && batch.trades).toEqual([
      {
        id: 'tr1',
        price: '10.00',
        quantity: 2,
        taker_side: 'sell',
        created_at: clock.now().toISOString(),
      },
    ]);
    // the hub wants only the users its sockets follow; the bus wants every user
    expect(hub.users.map((m) => [m.userId, m.orders.map((o) => o.id)])).toEqual([
      ['u1', ['o1', 'o3']],
    ]);
    expect(bus.users.map((m) => [m.userId, m.orders.map((o) => o.id)])).toEqual([
      ['u1', ['o1', 'o3']],
      ['u2', ['o2']],
    ]);
  });
});

/**
 * The owner's side of the market data feed: the Broadcaster the sequencer hands each committed
 * batch to, which numbers it and hands the messages (feed-messages.ts) to every sink, the node's
 * own hub first (so its sockets and the REST book never wait on the bus), then the bus to the
 * other nodes. A book's `seq` is where the database had it when the book was loaded, plus one per
 * batch that changed a level: the count the `tokens.feed_sequence` trigger keeps with each commit
 * (migration 0028), so it goes on unbroken on whichever node loads the book next.
 */
import type { BookUpdate, Broadcaster } from '../books/broadcaster.js';
import type { Clock } from '../../lib/clock.js';
import type { DepthSnapshot } from '../engine/index.js';
import { toOrderView } from '../orders/orders.views.js';
import type { Order } from '../../lib/db/schema-trading.js';
import { publicTrade, type FeedSink } from './feed-messages.js';

export class FeedPublisher implements Broadcaster {
  /** each loaded book's last `seq` */
  private readonly seqs = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly sinks: readonly FeedSink[],
  ) {}

  bookLoaded(tokenId: string, book: DepthSnapshot, feedSequence: number): void {
    this.seqs.set(tokenId, feedSequence);
    const message = {
      kind: 'loaded' as const,
      tokenId,
      seq: feedSequence,
      ts: this.clock.now().toISOString(),
      bids: book.bids,
      asks: book.asks,
    };
    for (const sink of this.sinks) sink.book(message);
  }

  publish(update: BookUpdate): void {
    const ts = this.clock.now().toISOString();
    const { tokenId, deltas, trades } = update;
    if (deltas.length > 0 || trades.length > 0) {
      // a batch moves the seq when it changes a level, as the trigger counts it
      const seq = (this.seqs.get(tokenId) ?? 0) + (deltas.length > 0 ? 1 : 0);
      this.seqs.set(tokenId, seq);
      const message = {
        kind: 'batch' as const,
        tokenId,
        seq,
        ts,
        changes: deltas,
        trades: trades.map(publicTrade),
      };
      for (const sink of this.sinks) sink.book(message);
    } else {
      for (const sink of this.sinks) sink.book({ kind: 'touched', tokenId, ts });
    }
    const byUser = new Map<string, Order[]>();
    for (const order of update.orders) {
      let orders = byUser.get(order.user_id);
      if (!orders) byUser.set(order.user_id, (orders = []));
      orders.push(order);
    }
    for (const [userId, orders] of byUser) {
      const sinks = this.sinks.filter((sink) => sink.wantsUser(userId));
      if (sinks.length === 0) continue;
      const message = { userId, tokenId, ts, orders: orders.map(toOrderView) };
      for (const sink of sinks) sink.user(message);
    }
  }
}

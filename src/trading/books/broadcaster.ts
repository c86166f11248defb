/**
 * What a writer publishes after each committed batch (and never before: a subscriber must not
 * see what the database may still lose). The market data feed (src/trading/market-data/
 * feed-publisher.ts) numbers the batches and hands them to the node's hub and, between trading
 * nodes, to NATS; surveillance queues them.
 */
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import type { BookDelta, DepthSnapshot } from '../engine/index.js';
import type { Finding } from '../surveillance/finding.js';

export interface BookUpdate {
  tokenId: string;
  trades: readonly Trade[];
  /** every order the batch changed, in its state after the batch */
  orders: readonly Order[];
  /** the batch's level changes, in the engine's sequence */
  deltas: readonly BookDelta[];
  /** alerts the batch's uncross raised (orders cancelled just before it), for surveillance */
  alerts?: readonly Finding[];
}

export interface Broadcaster {
  /**
   * The whole committed book, when a writer (re)loads it from the database, with the market data
   * feed's sequence as the database had it (tokens.feed_sequence).
   */
  bookLoaded(tokenId: string, book: DepthSnapshot, feedSequence: number): void;
  publish(update: BookUpdate): void;
}

export const silentBroadcaster: Broadcaster = {
  bookLoaded: () => undefined,
  publish: () => undefined,
};

/** One broadcaster that hands every batch to each of `targets`, in the order given. */
export function fanOut(...targets: Broadcaster[]): Broadcaster {
  return {
    bookLoaded: (tokenId, book, feedSequence) =>
      targets.forEach((t) => t.bookLoaded(tokenId, book, feedSequence)),
    publish: (update) => targets.forEach((t) => t.publish(update)),
  };
}

/**
 * What a writer publishes after each committed batch (and never before: a subscriber must not
 * see what the database may still lose). The WebSocket market data implements it in-process
 * (src/trading/market-data); a message bus would implement it when trading runs on several
 * machines.
 */
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import type { BookDelta, DepthSnapshot } from '../engine/index.js';

export interface BookUpdate {
  tokenId: string;
  trades: readonly Trade[];
  /** every order the batch changed, in its state after the batch */
  orders: readonly Order[];
  /** the batch's level changes, in the engine's sequence */
  deltas: readonly BookDelta[];
}

export interface Broadcaster {
  /** The whole committed book, when a writer (re)loads it from the database. */
  bookLoaded(tokenId: string, book: DepthSnapshot): void;
  publish(update: BookUpdate): void;
}

export const silentBroadcaster: Broadcaster = {
  bookLoaded: () => undefined,
  publish: () => undefined,
};

/** One broadcaster that hands every batch to each of `targets`, in the order given. */
export function fanOut(...targets: Broadcaster[]): Broadcaster {
  return {
    bookLoaded: (tokenId, book) => targets.forEach((t) => t.bookLoaded(tokenId, book)),
    publish: (update) => targets.forEach((t) => t.publish(update)),
  };
}

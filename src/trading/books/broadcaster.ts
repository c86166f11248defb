/**
 * What a writer publishes after each committed batch (and never before: a subscriber must not
 * see what the database may still lose). The WebSocket market data will implement it; until
 * then the process publishes to no one.
 */
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import type { DepthSnapshot } from '../engine/index.js';

export interface BookUpdate {
  tokenId: string;
  /** the book's delta sequence after the batch */
  sequence: number;
  trades: readonly Trade[];
  /** every order the batch changed, in its state after the batch */
  orders: readonly Order[];
  depth: DepthSnapshot;
}

export interface Broadcaster {
  publish(update: BookUpdate): void;
}

export const silentBroadcaster: Broadcaster = { publish: () => undefined };

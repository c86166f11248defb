/**
 * What a book's owner publishes after each commit, for every node's market data hub (its own
 * included): per book the book as loaded and each committed batch's level changes and public
 * trades, numbered with the book's feed `seq` (the database's `tokens.feed_sequence`, so every
 * node and every later owner numbers alike); per user the orders of theirs a batch changed. The
 * same messages travel in-process and, between trading nodes, over NATS as JSON.
 */
import type { Trade } from '../../lib/db/schema-trading.js';
import type { DepthSnapshot, LevelView } from '../engine/index.js';
import type { OrderView } from '../orders/orders.schemas.js';
import type { LevelChange } from './book-mirror.js';

/** A trade as the public channels show it: no party, no order. */
export interface PublicTrade {
  id: string;
  price: string;
  quantity: number;
  taker_side: Trade['taker_side'];
  created_at: string;
}

export type BookMessage =
  /** the whole book at `seq`: a new owner loaded it, or the owner loaded it again */
  | {
      kind: 'loaded';
      tokenId: string;
      seq: number;
      ts: string;
      bids: readonly LevelView[];
      asks: readonly LevelView[];
    }
  /** one committed batch: the book at `seq` is the book at `seq` - 1 with these changes */
  | {
      kind: 'batch';
      tokenId: string;
      seq: number;
      ts: string;
      changes: readonly LevelChange[];
      trades: readonly PublicTrade[];
    }
  /**
   * a committed batch that changed no level and made no trade (orders held in a call, a call
   * that uncrossed nothing): no book update, but the book's phase channel reads it again
   */
  | { kind: 'touched'; tokenId: string; ts: string };

/** The orders of one user that one batch of one book changed, as the REST API shows them. */
export interface UserMessage {
  userId: string;
  tokenId: string;
  ts: string;
  orders: readonly OrderView[];
}

export function publicTrade(trade: Trade): PublicTrade {
  return {
    id: trade.id,
    price: trade.price,
    quantity: Number(trade.quantity),
    taker_side: trade.taker_side,
    created_at: trade.created_at.toISOString(),
  };
}

/** A `loaded` message as the book it carries. */
export const bookOf = (message: Extract<BookMessage, { kind: 'loaded' }>): DepthSnapshot => ({
  sequence: message.seq,
  bids: message.bids,
  asks: message.asks,
});

/** Where the messages go: the node's own hub, and the bus to the other nodes. */
export interface FeedSink {
  book(message: BookMessage): void;
  /** whether a user's messages are wanted (the bus wants all: the other nodes' sockets) */
  wantsUser(userId: string): boolean;
  user(message: UserMessage): void;
}

/** The bus between trading nodes: it takes the owner's messages and follows others' books. */
export interface FeedBus extends FeedSink {
  /** Delivers a book's messages from its owner until the answer is called. */
  followBook(tokenId: string, deliver: (message: BookMessage) => void): () => void;
  /** Delivers a user's messages, from any owner, until the answer is called. */
  followUser(userId: string, deliver: (message: UserMessage) => void): () => void;
  /** Called after the bus reconnects (what was sent meanwhile is lost). */
  onReconnect(callback: () => void): void;
}

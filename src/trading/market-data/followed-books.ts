/**
 * The books a node's hub follows over the bus (a cluster node's public channels): a book whose
 * messages come from another node, or may (this node owns it now, another may own it next). A
 * book followed without a fresh copy here, one whose messages skip a `seq` (a lost message, a
 * new owner that loaded commits its predecessor never published) and every followed book after
 * the bus reconnects is rebuilt from the database at its feed sequence; the messages that arrive
 * meanwhile are held and applied after it, so the copy ends equal to the owner's.
 */
import type { Db } from '../../lib/db/database.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/clock.js';
import type { BookMessage, FeedBus } from './feed-messages.js';
import { committedBook } from './markets.queries.js';

/** What applying a message did: applied, older than the copy, or past a gap. */
export type Applied = 'applied' | 'stale' | 'gap';

interface Followed {
  stop: () => void;
  /** the rebuild in progress, if any; messages are held until it ends */
  rebuilding: Promise<void> | undefined;
  held: BookMessage[];
}

export interface FollowedBooksDeps {
  bus: FeedBus;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** whether this node owns the book now (its copy is then its own, and fresh) */
  owns: (tokenId: string) => boolean;
  /** whether the hub holds a copy of the book */
  holds: (tokenId: string) => boolean;
  apply: (message: BookMessage) => Applied;
  /** the hub may drop its copy of a book no longer followed nor owned */
  forget: (tokenId: string) => void;
}

export class FollowedBooks {
  private readonly followed = new Map<string, Followed>();

  constructor(private readonly deps: FollowedBooksDeps) {
    deps.bus.onReconnect(() => {
      for (const tokenId of this.followed.keys()) {
        if (!deps.owns(tokenId)) void this.rebuild(tokenId);
      }
    });
  }

  /** Follows a book; resolves once the hub holds a copy as fresh as the database's, if it can. */
  async follow(tokenId: string): Promise<void> {
    const { bus, owns, holds } = this.deps;
    let book = this.followed.get(tokenId);
    // a copy this node's own writer keeps, or one already followed, is fresh
    const fresh = book !== undefined || owns(tokenId);
    if (!book) {
      book = {
        stop: bus.followBook(tokenId, (message) => this.receive(message)),
        rebuilding: undefined,
        held: [],
      };
      this.followed.set(tokenId, book);
    }
    if (!fresh || !holds(tokenId)) await this.rebuild(tokenId);
    else await book.rebuilding;
  }

  unfollow(tokenId: string): void {
    this.followed.get(tokenId)?.stop();
    this.followed.delete(tokenId);
    if (!this.deps.owns(tokenId)) this.deps.forget(tokenId);
  }

  /** A message from the bus or this node's own writer: held while its book is rebuilt. */
  receive(message: BookMessage): void {
    const book = this.followed.get(message.tokenId);
    if (book?.rebuilding) {
      book.held.push(message);
      return;
    }
    if (this.deps.apply(message) === 'gap' && book) void this.rebuild(message.tokenId);
  }

  /** Rebuilds a followed book from the database, then applies what arrived meanwhile. */
  private rebuild(tokenId: string): Promise<void> {
    const book = this.followed.get(tokenId);
    if (!book) return Promise.resolve();
    book.rebuilding ??= this.reload(tokenId, book).finally(() => {
      book.rebuilding = undefined;
    });
    return book.rebuilding;
  }

  private async reload(tokenId: string, book: Followed): Promise<void> {
    const { db, clock, apply, logger } = this.deps;
    try {
      const committed = await committedBook(db, tokenId);
      if (committed) {
        const { sequence, bids, asks } = committed;
        const ts = clock.now().toISOString();
        apply({ kind: 'loaded', tokenId, seq: sequence, ts, bids, asks });
      }
    } catch (error) {
      // the copy stays as it was (none: the subscription fails); the next gap rebuilds it
      logger.error({ err: error, tokenId }, 'market data rebuild failed');
    }
    const held = book.held.splice(0);
    const gap = held.some((message) => apply(message) === 'gap');
    if (gap) await this.reload(tokenId, book);
  }
}

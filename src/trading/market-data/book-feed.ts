/**
 * One token's public feed on one node: the level changes and trades of the committed batch
 * gathered since the last flush, and the book as the feed has published it. A flush applies what
 * was gathered and becomes ONE book update (`seq` + 1 for a batch that changed a level) and one
 * trades message. The hub flushes before it gathers the next batch, so an update is one batch,
 * and the sequencer's group commit (every command that arrived during the previous commit in one
 * batch) is what bounds the updates per second a subscriber gets, not the order rate.
 *
 * `seq` is the book's feed sequence (feed-messages.ts): the database's `tokens.feed_sequence`
 * when the book was loaded, counted on per batch, the same on every node. A book loaded again
 * (`load`: a new owner, a reload, a follower's rebuild) takes the loaded book's `seq`, and what
 * differs from the mirror becomes the update at that `seq`.
 */
import type { DepthSnapshot } from '../engine/index.js';
import { checksumLevels } from './checksum.js';
import type { PublicTrade } from './feed-messages.js';
import { BookMirror, viewChanges, type Level, type LevelChange } from './book-mirror.js';

export interface Flush {
  seq: number;
  /** when the first batch of the flush was handed over (ISO) */
  ts: string;
  /** the book update, if the flush changed any level */
  book?: {
    /** per client depth: what turns that client's view into the new one */
    views: Map<number, { bids: Level[]; asks: Level[] }>;
    /** the top levels of each side after the flush (the checksum's) */
    top: { bids: Level[]; asks: Level[] };
  };
  trades: PublicTrade[];
}

export class BookFeed {
  readonly mirror: BookMirror;
  seq: number;
  private changes: LevelChange[] = [];
  private trades: PublicTrade[] = [];
  private since: string | undefined;
  /** the `seq` of a book loaded since the last flush */
  private loaded: number | undefined;

  constructor(book: DepthSnapshot) {
    this.mirror = BookMirror.from(book);
    this.seq = book.sequence;
  }

  gather(ts: string, changes: readonly LevelChange[], trades: readonly PublicTrade[]): void {
    this.since ??= ts;
    this.changes.push(...changes);
    this.trades.push(...trades);
  }

  /** The book loaded again at its `sequence`: what differs from the mirror is gathered. */
  load(ts: string, book: DepthSnapshot): void {
    this.gather(ts, this.mirror.changesTo(book), []);
    this.loaded = book.sequence;
  }

  /** Applies what was gathered; the update of each client depth in `depths`, or null if none. */
  take(depths: readonly number[]): Flush | null {
    const { changes, trades, since, loaded } = this;
    if (since === undefined) return null;
    this.changes = [];
    this.trades = [];
    this.since = undefined;
    this.loaded = undefined;
    const deepest = Math.max(checksumLevels, ...depths);
    const before = { bids: this.mirror.bids.top(deepest), asks: this.mirror.asks.top(deepest) };
    for (const change of changes) this.mirror.apply(change);
    const seq = loaded ?? (changes.length > 0 ? this.seq + 1 : this.seq);
    if (changes.length === 0 && seq === this.seq) return { seq, ts: since, trades };
    this.seq = seq;
    const after = { bids: this.mirror.bids.top(deepest), asks: this.mirror.asks.top(deepest) };
    const views = new Map(
      depths.map((depth) => [
        depth,
        {
          bids: viewChanges(before.bids.slice(0, depth), after.bids.slice(0, depth)),
          asks: viewChanges(before.asks.slice(0, depth), after.asks.slice(0, depth)),
        },
      ]),
    );
    return { seq: this.seq, ts: since, book: { views, top: after }, trades };
  }
}

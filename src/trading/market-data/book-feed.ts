/**
 * One token's conflated public feed: the level changes and trades of the committed batches
 * gathered since the last flush, and the book as the feed has published it. A flush applies
 * everything gathered at once and becomes ONE book update (the feed's `seq` + 1, whatever the
 * number of engine deltas) and one trades message, so the messages per second a subscriber gets
 * are bounded by how often the hub flushes, not by the order rate.
 *
 * `seq` is the feed's own (per token, per update). It starts, when the process loads the book,
 * at the book's persisted engine sequence: an update carries at least one engine delta (a
 * reload's difference aside, which a book whose every commit was published does not have), so
 * the feed's sequence does not pass the engine's and, after a restart, starts at or above where
 * it was.
 */
import type { Trade } from '../../lib/db/schema-trading.js';
import type { DepthSnapshot } from '../engine/index.js';
import { checksumLevels } from './checksum.js';
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
  trades: Trade[];
}

export class BookFeed {
  readonly mirror: BookMirror;
  seq: number;
  private changes: LevelChange[] = [];
  private trades: Trade[] = [];
  private since: string | undefined;

  constructor(book: DepthSnapshot) {
    this.mirror = BookMirror.from(book);
    this.seq = book.sequence;
  }

  gather(ts: string, changes: readonly LevelChange[], trades: readonly Trade[]): void {
    this.since ??= ts;
    this.changes.push(...changes);
    this.trades.push(...trades);
  }

  /** Applies what was gathered; the update of each client depth in `depths`, or null if none. */
  take(depths: readonly number[]): Flush | null {
    const { changes, trades, since } = this;
    if (since === undefined) return null;
    this.changes = [];
    this.trades = [];
    this.since = undefined;
    const deepest = Math.max(checksumLevels, ...depths);
    const before = { bids: this.mirror.bids.top(deepest), asks: this.mirror.asks.top(deepest) };
    for (const change of changes) this.mirror.apply(change);
    if (changes.length === 0) return { seq: this.seq, ts: since, trades };
    this.seq += 1;
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

/**
 * The committed book of one token at full depth, as the market data feed has published it: what
 * a book subscription's snapshot and the REST book are cut from and what each update's checksum
 * is computed over. Prices are engine ticks; each side keeps its prices sorted best first.
 */
import type { BookDelta, DepthSnapshot, LevelView, Side } from '../engine/index.js';

/** A level as the feed compares it: [price in ticks, quantity]. */
export type Level = [number, number];

/** A level's change: what the engine's delta says, without its place in the engine's sequence. */
export type LevelChange = Omit<BookDelta, 'sequence'>;

class MirrorSide {
  /** prices, best first */
  readonly prices: number[] = [];
  readonly levels = new Map<number, LevelView>();

  constructor(private readonly better: (a: number, b: number) => boolean) {}

  /** Where `price` is or would go (binary search, best first). */
  private rank(price: number): number {
    let low = 0;
    let high = this.prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.better(this.prices[mid]!, price)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Sets a level (quantity 0 removes it). */
  set(level: LevelView): void {
    const known = this.levels.has(level.price);
    if (level.quantity === 0) {
      if (known) {
        this.prices.splice(this.rank(level.price), 1);
        this.levels.delete(level.price);
      }
    } else {
      if (!known) this.prices.splice(this.rank(level.price), 0, level.price);
      const { price, quantity, orderCount } = level;
      this.levels.set(price, { price, quantity, orderCount });
    }
  }

  top(depth: number): Level[] {
    return this.prices.slice(0, depth).map((p) => [p, this.levels.get(p)!.quantity]);
  }

  /** The best `depth` levels with their order counts (the REST book). */
  view(depth: number): LevelView[] {
    return this.prices.slice(0, depth).map((p) => this.levels.get(p)!);
  }
}

export class BookMirror {
  readonly bids = new MirrorSide((a, b) => a > b);
  readonly asks = new MirrorSide((a, b) => a < b);

  static from(depth: DepthSnapshot): BookMirror {
    const mirror = new BookMirror();
    for (const level of depth.bids) mirror.bids.set(level);
    for (const level of depth.asks) mirror.asks.set(level);
    return mirror;
  }

  side(side: Side): MirrorSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  apply(change: LevelChange): void {
    this.side(change.side).set(change);
  }

  /** The changes that turn this mirror into `book` (a book loaded again from the database). */
  changesTo(book: DepthSnapshot): LevelChange[] {
    const changes: LevelChange[] = [];
    for (const [side, levels] of [
      ['buy', book.bids],
      ['sell', book.asks],
    ] as const) {
      const mine = this.side(side).levels;
      const theirs = new Map(levels.map((level) => [level.price, level]));
      for (const price of mine.keys()) {
        if (!theirs.has(price)) changes.push({ side, price, quantity: 0, orderCount: 0 });
      }
      for (const level of levels) {
        const known = mine.get(level.price);
        if (known?.quantity !== level.quantity || known.orderCount !== level.orderCount) {
          changes.push({ side, ...level });
        }
      }
    }
    return changes;
  }
}

/**
 * What turns a client's view of one side (`before`, its best levels) into `after`: quantity 0
 * for each level that left the view (removed, or pushed below the client's depth), then each
 * level of `after` that is new to the view or changed. Applied in order, they leave exactly
 * `after`, whether or not the client truncates to its depth.
 */
export function viewChanges(before: readonly Level[], after: readonly Level[]): Level[] {
  const was = new Map(before);
  const now = new Map(after);
  const changes: Level[] = [];
  for (const [price] of before) if (!now.has(price)) changes.push([price, 0]);
  for (const [price, quantity] of after) {
    if (was.get(price) !== quantity) changes.push([price, quantity]);
  }
  return changes;
}

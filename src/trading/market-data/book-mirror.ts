/**
 * The committed book of one token at full depth, kept from the writer's deltas: what a book
 * subscription's snapshot is cut from and what each update's checksum is computed over. Prices
 * are engine ticks; each side keeps its prices sorted best first.
 */
import type { BookDelta, DepthSnapshot, Side } from '../engine/index.js';

class MirrorSide {
  /** prices, best first */
  readonly prices: number[] = [];
  readonly quantities = new Map<number, number>();

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

  /** Sets a level's quantity (0 removes it); answers the level's rank before the change. */
  set(price: number, quantity: number): number {
    const rank = this.rank(price);
    const known = this.quantities.has(price);
    if (quantity === 0) {
      if (known) {
        this.prices.splice(rank, 1);
        this.quantities.delete(price);
      }
    } else {
      if (!known) this.prices.splice(rank, 0, price);
      this.quantities.set(price, quantity);
    }
    return rank;
  }

  top(levels: number): [number, number][] {
    return this.prices.slice(0, levels).map((p) => [p, this.quantities.get(p)!]);
  }

  at(rank: number): [number, number] | undefined {
    const price = this.prices[rank];
    return price === undefined ? undefined : [price, this.quantities.get(price)!];
  }
}

export class BookMirror {
  readonly bids = new MirrorSide((a, b) => a > b);
  readonly asks = new MirrorSide((a, b) => a < b);

  constructor(public sequence: number) {}

  static from(depth: DepthSnapshot): BookMirror {
    const mirror = new BookMirror(depth.sequence);
    for (const level of depth.bids) mirror.bids.set(level.price, level.quantity);
    for (const level of depth.asks) mirror.asks.set(level.price, level.quantity);
    return mirror;
  }

  side(side: Side): MirrorSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  /** Applies one delta; answers the level's rank on its side before the change. */
  apply(delta: BookDelta): number {
    this.sequence = delta.sequence;
    return this.side(delta.side).set(delta.price, delta.quantity);
  }
}

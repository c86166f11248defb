import type { BookSide } from './book-side.js';
import type { BookPlan } from './book-plan.js';

/** One touched level; reused between plans, so every field is rewritten when it is taken. */
class Touch {
  constructor(
    public side: BookSide,
    public price: number,
    public quantityBefore: number,
    public countBefore: number,
    public quantity: number,
    public orderCount: number,
  ) {}
}

/** Past this many touched levels a plan looks its touches up in a map instead of scanning them. */
const SCANNED_TOUCHES = 8;

/**
 * The levels a plan changes, so that it can publish one delta per level with the level's final
 * aggregate. Most plans touch a few levels, where a scan beats a map; a long cascade can touch
 * hundreds, and a scan per touch would make it quadratic, so past `SCANNED_TOUCHES` a map by
 * side and price takes over.
 */
export class LevelChanges {
  /**
   * The plan's touches are the first `count`; the rest are earlier plans', kept for reuse. The
   * first is made up front, so that the touches' shape lives as long as the book (see
   * `OrderBook.run`).
   */
  private readonly touches: Touch[];
  private count = 0;
  /** The touches by `touchKey`, kept once a plan has more than `SCANNED_TOUCHES`. */
  private readonly byKey = new Map<number, Touch>();

  /** `anySide`: a side of the book, for the touch made up front. */
  constructor(anySide: BookSide) {
    this.touches = [new Touch(anySide, 0, 0, 0, 0, 0)];
  }

  /** Forgets every touch (one instance serves a book's successive plans). */
  clear(): void {
    if (this.count > SCANNED_TOUCHES) this.byKey.clear();
    this.count = 0;
  }

  /** Records that the level at `price` gains `quantity` and `orderCount` (negative: loses). */
  add(side: BookSide, price: number, quantity: number, orderCount: number): void {
    const touch = this.touch(side, price);
    touch.quantity += quantity;
    touch.orderCount += orderCount;
  }

  /**
   * Records a delta in `plan` for each level whose aggregate differs from the book's, numbered
   * from `firstSequence`: bids best first, then asks best first.
   */
  writeDeltas(plan: BookPlan, firstSequence: number): void {
    const changed = this.touches;
    const count = this.count;
    // Insertion sort for a handful of levels (`sort` is a call into the runtime); a long cascade's
    // touches, which alternate sides, would make it quadratic.
    if (count > SCANNED_TOUCHES) {
      changed
        .slice(0, count)
        .sort(deltaOrder)
        .forEach((t, i) => (changed[i] = t));
    }
    for (let i = 1; i < count; i += 1) {
      const t = changed[i] as Touch;
      let j = i;
      for (; j > 0 && deltaOrder(t, changed[j - 1] as Touch) < 0; j -= 1) {
        changed[j] = changed[j - 1] as Touch;
      }
      changed[j] = t;
    }
    for (let i = 0; i < count; i += 1) {
      const t = changed[i] as Touch;
      if (t.quantity === t.quantityBefore && t.orderCount === t.countBefore) continue;
      plan.delta(firstSequence, t.side.side, t.price, t.quantity, t.orderCount);
    }
  }

  private touch(side: BookSide, price: number): Touch {
    const touches = this.touches;
    if (this.count > SCANNED_TOUCHES) {
      const known = this.byKey.get(touchKey(side, price));
      if (known !== undefined) return known;
    } else {
      for (let i = 0; i < this.count; i += 1) {
        const touch = touches[i] as Touch;
        if (touch.price === price && touch.side === side) return touch;
      }
    }
    const level = side.level(price);
    const quantity = level === undefined ? 0 : level.quantity;
    const orderCount = level === undefined ? 0 : level.orderCount;
    let touch = touches[this.count];
    if (touch === undefined) {
      touch = new Touch(side, price, quantity, orderCount, quantity, orderCount);
      touches.push(touch);
    } else {
      touch.side = side;
      touch.price = price;
      touch.quantityBefore = touch.quantity = quantity;
      touch.countBefore = touch.orderCount = orderCount;
    }
    this.count += 1;
    if (this.count > SCANNED_TOUCHES) {
      // The map starts with every touch so far, then takes each new one.
      if (this.count === SCANNED_TOUCHES + 1) {
        for (let i = 0; i < SCANNED_TOUCHES; i += 1) {
          const t = touches[i] as Touch;
          this.byKey.set(touchKey(t.side, t.price), t);
        }
      }
      this.byKey.set(touchKey(side, price), touch);
    }
    return touch;
  }
}

/** One number per side and price (prices are below 2^52, so the doubled price stays exact). */
function touchKey(side: BookSide, price: number): number {
  return side.side === 'buy' ? price * 2 : price * 2 + 1;
}

function deltaOrder(a: Touch, b: Touch): number {
  if (a.side !== b.side) return a.side.side === 'buy' ? -1 : 1;
  return a.side.isBetter(a.price, b.price) ? -1 : 1;
}

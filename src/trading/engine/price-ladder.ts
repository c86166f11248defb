/** The tallest a rung can be: a ladder stays logarithmic up to 4^16 rungs. */
const MAX_HEIGHT = 16;

/** The links of a rung of height 1, which has none above level 0 (3 rungs in 4). */
const NO_LINKS: never[] = [];

/**
 * One price in use on a ladder (a price level, a stop price): a node of a skip list whose level 0
 * is a doubly linked list in priority order, so the walk from the best is a pointer per step.
 */
export class Rung<T extends Rung<T>> {
  /** The neighbours with the next better and next worse price (better is the ladder's head for the best). */
  better: T | null = null;
  worse: T | null = null;
  /** The links above level 0: index h - 1 for level h. */
  readonly upBetter: (T | null)[];
  readonly upWorse: (T | null)[];
  readonly height: number;

  /** The height is drawn from the price (see `heightOf`), or given for a ladder's head. */
  constructor(
    readonly price: number,
    height = heightOf(price),
  ) {
    this.height = height;
    this.upBetter = height === 1 ? NO_LINKS : new Array<T | null>(height - 1).fill(null);
    this.upWorse = height === 1 ? NO_LINKS : new Array<T | null>(height - 1).fill(null);
  }
}

/**
 * A rung's height: 1 + the number of trailing pairs of zero bits of the price's hash, i.e.
 * geometric with ratio 1/4, as a skip list draws it, but a function of the price. The engine has
 * no randomness (its outcomes must be replayable), and a hash of the price gives the skip list's
 * expected logarithmic depth for any set of prices that is not built against the hash.
 */
export function heightOf(price: number): number {
  // Both 32-bit halves (prices go up to 1e12), mixed by murmur3's finalizer.
  let x = (price >>> 0) ^ Math.imul((price / 4294967296) | 0, 0x27d4eb2d);
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  const zeros = x === 0 ? 32 : 31 - Math.clz32(x & -x);
  return Math.min(MAX_HEIGHT - 1, zeros >> 1) + 1;
}

/** How many rungs from the best an insertion looks along level 0 before it searches. */
const NEAR_RUNGS = 8;

/**
 * The prices in use on one side, in priority order, as a skip list of rungs (one side's price
 * levels, one side's stop prices): the best and the walk from it cost a pointer per step, a
 * rung leaves in time proportional to its height (constant on average) wherever it is, and a
 * new rung finds its place in logarithmic time, or in a few steps near the best, where most go.
 */
export class Ladder<T extends Rung<T>> {
  /** Rungs on the ladder. */
  size = 0;
  /** The tallest rung placed so far (searches start there). */
  private top = 1;
  /** Scratch for an insertion: the rung after which it goes, per level. */
  private readonly path: T[];

  /** The sentinel before the first rung: a rung of the ladder's own type, its price never read. */
  private readonly head: T;

  /**
   * `rung` makes a rung of the given height (the head's); `sign` is +1 when higher prices come
   * first, -1 when lower ones do.
   */
  constructor(
    rung: (height: number) => T,
    private readonly sign: number,
  ) {
    this.head = rung(MAX_HEIGHT);
    this.path = new Array<T>(MAX_HEIGHT).fill(this.head);
  }

  /** The first rung in priority order, if any. */
  get first(): T | null {
    return this.head.worse;
  }

  /** True when `a` comes strictly before `b`. */
  before(a: number, b: number): boolean {
    return (a - b) * this.sign > 0;
  }

  insert(rung: T): void {
    const price = rung.price;
    if (rung.height === 1) {
      // Level 0 only: near the best the place is found by walking from it.
      let at = this.head;
      for (let step = 0; step < NEAR_RUNGS; step += 1) {
        const next = at.worse;
        if (next === null || !this.before(next.price, price)) {
          this.link(at, rung);
          return;
        }
        at = next;
      }
    }
    const path = this.path;
    let at = this.head;
    for (let h = Math.max(this.top, rung.height) - 1; h >= 1; h -= 1) {
      for (
        let next = at.upWorse[h - 1] as T | null;
        next !== null;
        next = at.upWorse[h - 1] as T | null
      ) {
        if (!this.before(next.price, price)) break;
        at = next;
      }
      path[h] = at;
    }
    for (let next = at.worse; next !== null && this.before(next.price, price); next = at.worse) {
      at = next;
    }
    this.link(at, rung);
    for (let h = 1; h < rung.height; h += 1) {
      const behind = path[h] as T;
      const ahead = behind.upWorse[h - 1] as T | null;
      rung.upBetter[h - 1] = behind;
      rung.upWorse[h - 1] = ahead;
      if (ahead !== null) ahead.upBetter[h - 1] = rung;
      behind.upWorse[h - 1] = rung;
    }
    if (rung.height > this.top) this.top = rung.height;
  }

  /** Takes a rung off the ladder (it must be on it): its links are unlinked, nothing is searched. */
  remove(rung: T): void {
    const better = rung.better as T;
    const worse = rung.worse;
    better.worse = worse;
    if (worse !== null) worse.better = better;
    rung.better = rung.worse = null;
    for (let h = 1; h < rung.height; h += 1) {
      const behind = rung.upBetter[h - 1] as T;
      const ahead = rung.upWorse[h - 1] as T | null;
      behind.upWorse[h - 1] = ahead;
      if (ahead !== null) ahead.upBetter[h - 1] = behind;
      rung.upBetter[h - 1] = rung.upWorse[h - 1] = null;
    }
    this.size -= 1;
  }

  private link(behind: T, rung: T): void {
    const ahead = behind.worse;
    rung.better = behind;
    rung.worse = ahead;
    if (ahead !== null) ahead.better = rung;
    behind.worse = rung;
    this.size += 1;
  }
}

/**
 * The live orders of a book by integer key: an open-addressing hash table with linear probing.
 * Keys sit in a typed array beside the orders, so probing compares numbers in one contiguous
 * array and reads an order only once its key matched. Keys are scattered by Fibonacci hashing:
 * the increasing keys a caller typically assigns would otherwise fill long runs of neighbouring
 * slots, which every miss (a cancel of an order that already filled) would have to walk. A
 * deletion shifts the rest of its run back instead of leaving a marker, so runs stay short and
 * the table never needs rebuilding except to grow; it doubles when half full. (At a quarter full,
 * probes were a little shorter, but a growing book paid for twice the memory: 32 MB of fresh
 * pages for 300,000 orders, and rehashing into them, which bounded the add-only stream.)
 */
export class KeyIndex<T extends { readonly key: number }> {
  private keys: Float64Array;
  private items: (T | null)[];
  private mask: number;
  /** 32 minus log2 of the capacity: the hash's top bits select the slot. */
  private shift: number;
  private count = 0;
  /**
   * The slot of the last entry `get` found: a cancel looks its order up when it is planned and
   * deletes it when it is applied, and the delete checks this slot before probing.
   */
  private found = 0;

  constructor(capacity = 1024) {
    const bits = Math.max(4, Math.ceil(Math.log2(capacity)));
    this.keys = new Float64Array(2 ** bits).fill(EMPTY);
    this.items = new Array<T | null>(2 ** bits).fill(null);
    this.mask = 2 ** bits - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  get(key: number): T | undefined {
    if (!(key >= 0)) return undefined; // no entry has it, and -1 marks empty slots
    const keys = this.keys;
    const mask = this.mask;
    for (let i = home(key, this.shift); ; i = (i + 1) & mask) {
      const held = keys[i] as number;
      if (held === key) {
        this.found = i;
        return this.items[i] as T;
      }
      if (held === EMPTY) return undefined;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds `item` under its key, replacing an entry with the same key. */
  set(item: T): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    const key = item.key;
    for (let i = home(key, this.shift); ; i = (i + 1) & mask) {
      const held = keys[i] as number;
      if (held === EMPTY) {
        keys[i] = key;
        this.items[i] = item;
        this.count += 1;
        return;
      }
      if (held === key) {
        this.items[i] = item;
        return;
      }
    }
  }

  /** Removes the entry with `key`; false when there is none. */
  delete(key: number): boolean {
    if (!(key >= 0)) return false;
    const keys = this.keys;
    const items = this.items;
    const mask = this.mask;
    const shift = this.shift;
    let hole = this.found;
    if (keys[hole] !== key) {
      for (hole = home(key, shift); ; hole = (hole + 1) & mask) {
        const held = keys[hole] as number;
        if (held === key) break;
        if (held === EMPTY) return false;
      }
    }
    // Knuth's algorithm R: move back every later entry of the run that may not sit past the hole.
    for (let i = (hole + 1) & mask; ; i = (i + 1) & mask) {
      const held = keys[i] as number;
      if (held === EMPTY) break;
      const want = home(held, shift);
      // The entry stays when its home lies cyclically in (hole, i].
      if (hole <= i ? hole < want && want <= i : hole < want || want <= i) continue;
      keys[hole] = held;
      items[hole] = items[i] as T;
      hole = i;
    }
    keys[hole] = EMPTY;
    items[hole] = null;
    this.count -= 1;
    return true;
  }

  /** Re-inserts every entry into a table twice as large. */
  private grow(): void {
    const oldKeys = this.keys;
    const oldItems = this.items;
    const capacity = oldKeys.length * 2;
    const keys = new Float64Array(capacity).fill(EMPTY);
    const items = new Array<T | null>(capacity).fill(null);
    const mask = capacity - 1;
    const shift = this.shift - 1;
    for (let j = 0; j < oldKeys.length; j += 1) {
      const key = oldKeys[j] as number;
      if (key === EMPTY) continue;
      let i = home(key, shift);
      while (keys[i] !== EMPTY) i = (i + 1) & mask;
      keys[i] = key;
      items[i] = oldItems[j] as T;
    }
    this.keys = keys;
    this.items = items;
    this.mask = mask;
    this.shift = shift;
  }
}

/** The key of an empty slot: keys are non-negative (`set` is given only valid keys). */
const EMPTY = -1;

/** The home slot of a key (a non-negative safe integer): its two 32-bit halves mixed, scattered. */
function home(key: number, shift: number): number {
  const mixed = (key | 0) ^ ((key / 4294967296) | 0);
  return ((Math.imul(mixed >>> 3, 0x9e3779b1) >>> (shift + 3)) << 3) | (mixed & 7);
}

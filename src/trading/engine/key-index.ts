/**
 * The live orders of a book by integer key: an open-addressing hash table with linear probing
 * that stores the orders themselves (each knows its key), so a lookup reads one slot and the
 * order it needs anyway. Keys are scattered by Fibonacci hashing: the increasing keys a caller
 * typically assigns would otherwise fill long runs of neighbouring slots, which every miss (a
 * cancel of an order that already filled) would have to walk. A deletion shifts the rest of its
 * run back instead of leaving a marker, so runs stay short and the table never needs rebuilding
 * except to grow; it doubles when half full.
 */
export class KeyIndex<T extends { readonly key: number }> {
  private slots: (T | null)[];
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
    this.slots = new Array<T | null>(2 ** bits).fill(null);
    this.mask = 2 ** bits - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  get(key: number): T | undefined {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = home(key, this.shift); ; i = (i + 1) & mask) {
      const item = slots[i] as T | null;
      if (item === null) return undefined;
      if (item.key === key) {
        this.found = i;
        return item;
      }
    }
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds `item` under its key, replacing an entry with the same key. */
  set(item: T): void {
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = this.mask;
    const key = item.key;
    for (let i = home(key, this.shift); ; i = (i + 1) & mask) {
      const held = slots[i] as T | null;
      if (held === null) {
        slots[i] = item;
        this.count += 1;
        return;
      }
      if (held.key === key) {
        slots[i] = item;
        return;
      }
    }
  }

  /** Removes the entry with `key`; false when there is none. */
  delete(key: number): boolean {
    const slots = this.slots;
    const mask = this.mask;
    const shift = this.shift;
    let hole = this.found;
    const remembered = slots[hole] as T | null;
    if (remembered === null || remembered.key !== key) {
      for (hole = home(key, shift); ; hole = (hole + 1) & mask) {
        const item = slots[hole] as T | null;
        if (item === null) return false;
        if (item.key === key) break;
      }
    }
    // Knuth's algorithm R: move back every later entry of the run that may not sit past the hole.
    for (let i = (hole + 1) & mask; ; i = (i + 1) & mask) {
      const item = slots[i] as T | null;
      if (item === null) break;
      const want = home(item.key, shift);
      // The entry stays when its home lies cyclically in (hole, i].
      if (hole <= i ? hole < want && want <= i : hole < want || want <= i) continue;
      slots[hole] = item;
      hole = i;
    }
    slots[hole] = null;
    this.count -= 1;
    return true;
  }

  /** Re-inserts every entry into a table twice as large. */
  private grow(): void {
    const old = this.slots;
    const capacity = old.length * 2;
    const slots = new Array<T | null>(capacity).fill(null);
    const mask = capacity - 1;
    const shift = this.shift - 1;
    for (let j = 0; j < old.length; j += 1) {
      const item = old[j] as T | null;
      if (item === null) continue;
      let i = home(item.key, shift);
      while (slots[i] !== null) i = (i + 1) & mask;
      slots[i] = item;
    }
    this.slots = slots;
    this.mask = mask;
    this.shift = shift;
  }
}

/** The home slot of a key (a non-negative safe integer): its two 32-bit halves mixed, scattered. */
function home(key: number, shift: number): number {
  const mixed = (key | 0) ^ ((key / 4294967296) | 0);
  return ((Math.imul(mixed >>> 3, 0x9e3779b1) >>> (shift + 3)) << 3) | (mixed & 7);
}

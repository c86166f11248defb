/**
 * The live orders of a book by integer key: an open-addressing hash table with linear probing
 * that stores the orders themselves (each knows its key), so a lookup reads one slot and the
 * order it needs anyway. Keys below 2^31 hash to themselves, so the increasing keys a caller
 * typically assigns land in neighbouring slots. Deletion shifts the following entries back (no
 * tombstones); the table doubles at half full and never shrinks.
 */
export class KeyIndex<T extends { readonly key: number }> {
  private slots: (T | null)[];
  private mask: number;
  private count = 0;

  constructor(capacity = 1024) {
    this.slots = emptySlots<T>(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  get(key: number): T | undefined {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = slot(key, mask); ; i = (i + 1) & mask) {
      const item = slots[i] as T | null;
      if (item === null) return undefined;
      if (item.key === key) return item;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds `item` under its key, replacing an entry with the same key. */
  set(item: T): void {
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    if (this.place(item)) this.count += 1;
  }

  /** Removes the entry with `key`; false when there is none. */
  delete(key: number): boolean {
    const slots = this.slots;
    const mask = this.mask;
    let i = slot(key, mask);
    for (;;) {
      const item = slots[i] as T | null;
      if (item === null) return false;
      if (item.key === key) break;
      i = (i + 1) & mask;
    }
    // Shift back every following entry of the run that may not stay behind the hole.
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const item = slots[j] as T | null;
      if (item === null) break;
      const home = slot(item.key, mask);
      const staysPut = i <= j ? i < home && home <= j : i < home || home <= j;
      if (staysPut) continue;
      slots[i] = item;
      i = j;
    }
    slots[i] = null;
    this.count -= 1;
    return true;
  }

  /** True when the item was new, false when it replaced one with the same key. */
  private place(item: T): boolean {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = slot(item.key, mask); ; i = (i + 1) & mask) {
      const held = slots[i] as T | null;
      if (held === null || held.key === item.key) {
        slots[i] = item;
        return held === null;
      }
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = emptySlots<T>(old.length * 2);
    this.mask = old.length * 2 - 1;
    for (let i = 0; i < old.length; i += 1) {
      const item = old[i] as T | null;
      if (item !== null) this.place(item);
    }
  }
}

/** The home slot of a key (a non-negative safe integer): its low 32 bits mixed with the rest. */
function slot(key: number, mask: number): number {
  return ((key | 0) ^ ((key / 4294967296) | 0)) & mask;
}

function emptySlots<T>(capacity: number): (T | null)[] {
  return new Array<T | null>(capacity).fill(null);
}

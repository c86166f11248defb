/** What a removed entry leaves in its slot: lookups probe past it, insertions may reuse it. */
const REMOVED: { readonly key: number } = Object.freeze({ key: Number.NaN });

/**
 * The live orders of a book by integer key: an open-addressing hash table with linear probing
 * that stores the orders themselves (each knows its key), so a lookup reads one slot and the
 * order it needs anyway. Keys below 2^31 hash to themselves, so the increasing keys a caller
 * typically assigns land in neighbouring slots. A deletion leaves a marker (constant time
 * whatever the length of the run it sits in); the table is rebuilt when entries and markers
 * fill half of it, doubling only when the entries alone need the room.
 */
export class KeyIndex<T extends { readonly key: number }> {
  private slots: ({ readonly key: number } | null)[];
  private mask: number;
  private count = 0;
  private removed = 0;

  constructor(capacity = 1024) {
    this.slots = emptySlots(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  get(key: number): T | undefined {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = slot(key, mask); ; i = (i + 1) & mask) {
      const item = slots[i] as { readonly key: number } | null;
      if (item === null) return undefined;
      if (item.key === key) return item as T;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds `item` under its key, replacing an entry with the same key. */
  set(item: T): void {
    if ((this.count + this.removed + 1) * 2 > this.slots.length) this.rebuild();
    const slots = this.slots;
    const mask = this.mask;
    let reusable = -1;
    for (let i = slot(item.key, mask); ; i = (i + 1) & mask) {
      const held = slots[i] as { readonly key: number } | null;
      if (held === null) {
        if (reusable === -1) slots[i] = item;
        else {
          slots[reusable] = item;
          this.removed -= 1;
        }
        this.count += 1;
        return;
      }
      if (held.key === item.key) {
        slots[i] = item;
        return;
      }
      if (held === REMOVED && reusable === -1) reusable = i;
    }
  }

  /** Removes the entry with `key`; false when there is none. */
  delete(key: number): boolean {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = slot(key, mask); ; i = (i + 1) & mask) {
      const item = slots[i] as { readonly key: number } | null;
      if (item === null) return false;
      if (item.key === key) {
        slots[i] = REMOVED;
        this.count -= 1;
        this.removed += 1;
        return true;
      }
    }
  }

  /** Re-inserts the entries without markers, in a table twice as large if they need it. */
  private rebuild(): void {
    const old = this.slots;
    const capacity = (this.count + 1) * 4 > old.length ? old.length * 2 : old.length;
    const slots = emptySlots(capacity);
    const mask = capacity - 1;
    for (let j = 0; j < old.length; j += 1) {
      const item = old[j] as { readonly key: number } | null;
      if (item === null || item === REMOVED) continue;
      let i = slot(item.key, mask);
      while (slots[i] !== null) i = (i + 1) & mask;
      slots[i] = item;
    }
    this.slots = slots;
    this.mask = mask;
    this.removed = 0;
  }
}

/** The home slot of a key (a non-negative safe integer): its low 32 bits mixed with the rest. */
function slot(key: number, mask: number): number {
  return ((key | 0) ^ ((key / 4294967296) | 0)) & mask;
}

function emptySlots(capacity: number): ({ readonly key: number } | null)[] {
  return new Array<{ readonly key: number } | null>(capacity).fill(null);
}

/**
 * GTD expiries of one book: a min-heap of (expires_at, order id). Entries are never removed
 * early: an order that left the book before its time is skipped when its entry comes up.
 */
export class ExpiryQueue {
  private readonly at: number[] = [];
  private readonly ids: string[] = [];

  get size(): number {
    return this.at.length;
  }

  add(atMs: number, orderId: string): void {
    this.at.push(atMs);
    this.ids.push(orderId);
    let i = this.at.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.at[parent]! <= this.at[i]!) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes and returns the ids of every entry due at `nowMs`, earliest first. */
  takeDue(nowMs: number): string[] {
    const due: string[] = [];
    while (this.at.length > 0 && this.at[0]! <= nowMs) due.push(this.pop());
    return due;
  }

  private pop(): string {
    const top = this.ids[0]!;
    const lastAt = this.at.pop()!;
    const lastId = this.ids.pop()!;
    if (this.at.length > 0) {
      this.at[0] = lastAt;
      this.ids[0] = lastId;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.at.length && this.at[left]! < this.at[smallest]!) smallest = left;
        if (right < this.at.length && this.at[right]! < this.at[smallest]!) smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.at[a], this.at[b]] = [this.at[b]!, this.at[a]!];
    [this.ids[a], this.ids[b]] = [this.ids[b]!, this.ids[a]!];
  }
}

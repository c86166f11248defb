/**
 * A book's live orders by id, counted by owner as they come and go: the tick's sweep for
 * restricted holders asks every second which users have orders in each book. Built by a pass over
 * every order, that question stalled the event loop 8 to 20 ms a second with deep books, and each
 * order sent meanwhile waited for it (docs/performance.md).
 */
import type { LiveRow } from './book-state.js';

export class LiveOrders extends Map<string, LiveRow> {
  /** each owner's count of live orders here (an owner with none is absent) */
  private readonly owners = new Map<string, number>();

  override set(id: string, row: LiveRow): this {
    const before = super.get(id);
    if (before !== undefined) this.forget(before.user_id);
    super.set(id, row);
    this.owners.set(row.user_id, (this.owners.get(row.user_id) ?? 0) + 1);
    return this;
  }

  override delete(id: string): boolean {
    const row = super.get(id);
    if (row === undefined) return false;
    super.delete(id);
    this.forget(row.user_id);
    return true;
  }

  override clear(): void {
    super.clear();
    this.owners.clear();
  }

  /** the users with a live order here */
  holders(): IterableIterator<string> {
    return this.owners.keys();
  }

  holds(userId: string): boolean {
    return this.owners.has(userId);
  }

  private forget(userId: string): void {
    const count = this.owners.get(userId)!;
    if (count > 1) this.owners.set(userId, count - 1);
    else this.owners.delete(userId);
  }
}

import type { BookSide, PriceLevel, RestingNode } from './book-side.js';

/**
 * A plan's view of one side of the book: the real orders minus the prefix the plan has
 * consumed, merged with the orders the plan itself left resting there. The real book is never
 * written; at equal prices real orders come first because they are older.
 */
export class SideView {
  /** Real orders consumed entirely so far, from the best. */
  consumed = 0;
  /** Taken so far from `node`, the first real order not consumed entirely. */
  partial = 0;
  node: RestingNode | null;
  /** The plan's own resting orders on this side that still have quantity, best first. */
  private planned: RestingNode[] | null = null;
  /** A real order the plan took out of the book (an amend's cancel-replace): never offered. */
  private excluded: RestingNode | null = null;

  constructor(readonly side: BookSide) {
    this.node = side.best?.head ?? null;
  }

  /** Starts over from the side's current best order (views are reused between plans). */
  reset(): this {
    this.consumed = 0;
    this.partial = 0;
    this.node = this.side.best?.head ?? null;
    this.planned = null;
    this.excluded = null;
    return this;
  }

  /** Hides `node` (a real order the plan removes) from the view; call before taking anything. */
  exclude(node: RestingNode): void {
    this.excluded = node;
    if (this.node === node) this.node = this.after(node);
  }

  /** The first order in priority order, or null when the side is empty. */
  front(): RestingNode | null {
    const node = this.node;
    if (this.planned === null || this.planned.length === 0) return node;
    const planned = this.planned[0] as RestingNode;
    return node === null || this.side.isBetter(planned.price, node.price) ? planned : node;
  }

  /** What the front order still offers. */
  available(front: RestingNode): number {
    return front === this.node ? front.remaining - this.partial : front.remaining;
  }

  /** Takes `quantity` (at most `available(front)`) from the front order. */
  take(front: RestingNode, quantity: number): void {
    if (front.level === null) {
      // one of the plan's own orders, not yet in the book
      front.remaining -= quantity;
      if (front.remaining === 0) this.planned?.shift();
      return;
    }
    this.partial += quantity;
    if (this.partial === front.remaining) this.skipNode();
  }

  /** Adds a plan's order behind every order at a price at least as good. */
  rest(order: RestingNode): void {
    const planned = (this.planned ??= []);
    // Shifted by hand: `splice` is a call into the runtime.
    let i = planned.length;
    planned.push(order);
    for (
      ;
      i > 0 && this.side.isBetter(order.price, (planned[i - 1] as RestingNode).price);
      i -= 1
    ) {
      planned[i] = planned[i - 1] as RestingNode;
    }
    planned[i] = order;
  }

  /**
   * The quantity available to a taker limited by `crosses`, stopping at the first order of
   * `ownerKey` (self-trade prevention ends the taker there) or once `wanted` is reached.
   */
  fillable(wanted: number, ownerKey: number, crosses: (price: number) => boolean): number {
    let found = 0;
    let node = this.node;
    let offered = node === null ? 0 : node.remaining - this.partial;
    const plannedOrders = this.planned ?? [];
    let plannedIndex = 0;
    while (found < wanted) {
      const planned = plannedIndex < plannedOrders.length ? plannedOrders[plannedIndex] : undefined;
      const usePlanned =
        planned !== undefined && (node === null || this.side.isBetter(planned.price, node.price));
      const order = usePlanned ? planned : node;
      if (order === null || !crosses(order.price) || order.ownerKey === ownerKey) break;
      if (usePlanned) {
        found += planned.remaining;
        plannedIndex += 1;
      } else if (node !== null) {
        found += offered;
        node = following(node);
        if (node !== null && node === this.excluded) node = following(node);
        offered = node === null ? 0 : node.remaining;
      }
    }
    return Math.min(found, wanted);
  }

  private skipNode(): void {
    const node = this.node as RestingNode;
    this.consumed += 1;
    this.partial = 0;
    this.node = this.after(node);
  }

  /** The real order after `node` in priority order, past the excluded one. */
  private after(node: RestingNode): RestingNode | null {
    const next = following(node);
    return next !== null && next === this.excluded ? following(next) : next;
  }
}

/** The real order after a resting `node` in priority order: next in its level, or the next level's first. */
function following(node: RestingNode): RestingNode | null {
  return node.next ?? (node.level as PriceLevel).worse?.head ?? null;
}

import type { BookPlan } from './book-plan.js';
import type { BookSide } from './book-side.js';
import { rejected } from './planner.js';
import type { PlanningSource } from './planner.js';
import type { PlanResult } from './types.js';
import { isHandle } from './validation.js';

/**
 * Cancels every live order of one owner: resting orders bids best first then asks best first,
 * FIFO within a level (one delta per level it changes, in the same order), then pending stops,
 * buys then sells, each in trigger order. It reads the whole book: a cancel-all is rare, and an
 * index of orders by owner would cost every placement and cancel an update.
 */
export function planCancelAll(book: PlanningSource, ownerKey: number): PlanResult<BookPlan> {
  if (!isHandle(ownerKey)) return rejected('INVALID_OWNER_ID');
  const plan = book.freshPlan();
  cancelOnSide(plan, book.bids, ownerKey, book.sequence + 1);
  cancelOnSide(plan, book.asks, ownerKey, book.sequence + 1);
  for (const stop of book.stops.all()) {
    if (stop.ownerKey !== ownerKey) continue;
    const { orderId, ownerId, side, quantity } = stop;
    plan.update(orderId, ownerId, side, 'cancelled', 'CANCELLED_BY_OWNER', 0, quantity);
    plan.remove(stop);
  }
  return book.accepted;
}

function cancelOnSide(plan: BookPlan, side: BookSide, ownerKey: number, first: number): void {
  for (let level = side.best; level !== null; level = level.worse) {
    let quantity = level.quantity;
    let count = level.orderCount;
    for (let node = level.head; node !== null; node = node.next) {
      if (node.ownerKey !== ownerKey) continue;
      const { orderId, ownerId, remaining } = node;
      const filled = node.quantity - remaining;
      plan.update(
        orderId,
        ownerId,
        side.side,
        'cancelled',
        'CANCELLED_BY_OWNER',
        filled,
        remaining,
      );
      plan.remove(node);
      quantity -= remaining;
      count -= 1;
    }
    if (count !== level.orderCount) plan.delta(first, side.side, level.price, quantity, count);
  }
}

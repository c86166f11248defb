import type { BookPlan } from './book-plan.js';
import type { PriceLevel, RestingNode } from './book-side.js';
import { rejected } from './planner.js';
import type { PlanningSource } from './planner.js';
import type { PendingStop } from './stop-book.js';
import type { AmendOrder, PlanResult } from './types.js';
import { validateAmend } from './validation.js';

/**
 * An amend: a resting order's quantity decrease in place (it keeps its priority), any other change
 * of a resting order as a cancel-replace through the matching run, a pending stop's change in
 * place (it keeps its place among the stops and does not trigger).
 */
export function planAmend(book: PlanningSource, command: AmendOrder): PlanResult<BookPlan> {
  const order = book.entry(command.key);
  if (order === undefined) return rejected('ORDER_NOT_FOUND');
  return order.resting ? amendResting(book, command, order) : amendStop(book, command, order);
}

function amendResting(
  book: PlanningSource,
  command: AmendOrder,
  node: RestingNode,
): PlanResult<BookPlan> {
  const filled = node.quantity - node.remaining;
  const invalid = validateAmend(command, filled);
  if (invalid !== null) return rejected(invalid);
  const quantity = command.quantity ?? node.quantity;
  const price = command.price ?? node.price;
  if (quantity === node.quantity && price === node.price) return rejected('INVALID_AMEND');
  const plan = book.freshPlan();
  if (price === node.price && quantity < node.quantity) {
    const remaining = quantity - filled;
    const status = filled === 0 ? 'open' : 'partially_filled';
    plan.update(node.orderId, node.ownerId, node.side, status, null, filled, remaining);
    const level = node.level as PriceLevel;
    const left = level.quantity - (node.remaining - remaining);
    plan.delta(book.sequence + 1, node.side, price, left, level.orderCount);
    plan.amend(node, quantity, price);
    return book.accepted;
  }
  plan.cancelled = node;
  const run = book.matchRun(plan);
  run.replace(node, quantity, price);
  run.finish();
  return book.accepted;
}

function amendStop(
  book: PlanningSource,
  command: AmendOrder,
  stop: PendingStop,
): PlanResult<BookPlan> {
  const invalid = validateAmend(command, 0);
  if (invalid !== null) return rejected(invalid);
  // A stop_loss has no limit price to change (its optional protection price is fixed at entry).
  if (command.price !== undefined && stop.type === 'stop_loss') return rejected('INVALID_PRICE');
  const quantity = command.quantity ?? stop.quantity;
  const price = command.price ?? stop.price;
  if (quantity === stop.quantity && price === stop.price) return rejected('INVALID_AMEND');
  const plan = book.freshPlan();
  plan.update(stop.orderId, stop.ownerId, stop.side, 'pending_stop', null, 0, quantity);
  plan.amend(stop, quantity, price);
  return book.accepted;
}

import type { BookPlan } from './book-plan.js';
import type { PriceLevel, RestingNode } from './book-side.js';
import type { PlanningSource } from './planner.js';
import type { OrderIdentity, TimeInForce } from './types.js';

/**
 * The common taker planned in one pass: a limit or market order (not FOK or post-only, whose
 * refusals need a look ahead) walking the opposite side's real orders best first. It records
 * what `MatchRun` would (the same updates, trades and deltas in the same order) without its
 * general machinery: no side views, no level-change records, no sort. When a trade would
 * trigger a stop, it hands the plan over to `MatchRun`, which goes on from that trade and runs
 * the cascade.
 */
export function sweep(
  book: PlanningSource,
  plan: BookPlan,
  order: OrderIdentity,
  isMarket: boolean,
  price: number | null,
  timeInForce: TimeInForce,
): void {
  const { orderId, ownerId, ownerKey, side, quantity } = order;
  const buy = side === 'buy';
  const opposite = buy ? book.asks : book.bids;
  const firstSequence = book.sequence + 1;
  const watchStops = !book.stops.isEmpty;
  plan.update(orderId, ownerId, side, 'open', null, 0, quantity);
  let lastPrice = book.lastPrice;
  let filled = 0;
  let consumed = 0;
  let partial = 0;
  let selfTrade = false;
  let level: PriceLevel | null = opposite.best;
  let node: RestingNode | null = level === null ? null : level.head;
  // What the sweep has taken from the current level so far.
  let levelTaken = 0;
  let levelGone = 0;
  while (filled < quantity && node !== null) {
    const at = node.price;
    if (price !== null && (buy ? at > price : at < price)) break;
    if (node.ownerKey === ownerKey) {
      selfTrade = true;
      break;
    }
    if (at !== lastPrice) {
      if (watchStops && triggersAny(book, at)) {
        // The deltas so far are of whole levels the taker emptied; the run derives them again.
        plan.clearDeltas();
        const run = book.matchRun(plan);
        run.resume(order, isMarket, price, timeInForce, consumed, lastPrice);
        run.finish();
        return;
      }
      lastPrice = at;
    }
    const take = Math.min(quantity - filled, node.remaining);
    const left = node.remaining - take;
    const status = left === 0 ? 'filled' : 'partially_filled';
    plan.update(node.orderId, node.ownerId, node.side, status, null, node.quantity - left, left);
    plan.trade(side, orderId, ownerId, node, take);
    filled += take;
    levelTaken += take;
    if (left > 0) {
      partial = take;
      break;
    }
    consumed += 1;
    levelGone += 1;
    node = node.next;
    if (node === null) {
      const done = level as PriceLevel;
      const left = done.quantity - levelTaken;
      plan.delta(firstSequence, opposite.side, at, left, done.orderCount - levelGone);
      levelTaken = levelGone = 0;
      level = done.worse;
      node = level === null ? null : level.head;
    }
  }
  if (levelTaken > 0) {
    const open = level as PriceLevel;
    const left = open.quantity - levelTaken;
    plan.delta(firstSequence, opposite.side, open.price, left, open.orderCount - levelGone);
  }
  if (buy) {
    plan.consumedAsks = consumed;
    plan.partialAsk = partial;
  } else {
    plan.consumedBids = consumed;
    plan.partialBid = partial;
  }
  plan.lastPrice = lastPrice;
  const remaining = quantity - filled;
  if (remaining === 0) plan.update(orderId, ownerId, side, 'filled', null, filled, 0);
  else if (selfTrade) {
    plan.update(orderId, ownerId, side, 'cancelled', 'SELF_TRADE_PREVENTED', filled, remaining);
  } else if (isMarket || timeInForce === 'IOC') {
    plan.update(orderId, ownerId, side, 'cancelled', 'UNFILLED_REMAINDER', filled, remaining);
  } else {
    const limit = price as number;
    const own = (buy ? book.bids : book.asks).level(limit);
    plan.restOnLevel(book.newNode(order, limit, remaining), own, firstSequence);
    // Deltas go bids first: a resting buy's level precedes the asks it took.
    if (buy && plan.deltaCount > 1) plan.lastDeltaFirst();
    if (filled > 0)
      plan.update(orderId, ownerId, side, 'partially_filled', null, filled, remaining);
  }
}

/** True when a trade at `price` would trigger the next stop of either side. */
function triggersAny(book: PlanningSource, price: number): boolean {
  return book.stops.triggersAt('buy', 0, price) || book.stops.triggersAt('sell', 0, price);
}

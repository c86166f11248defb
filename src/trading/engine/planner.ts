import { BookPlan, NONE } from './book-plan.js';
import { RestingNode } from './book-side.js';
import type { BookSide, PriceLevel } from './book-side.js';
import type { MatchRun, MatchSource } from './matcher.js';
import type { PendingStop } from './stop-book.js';
import type { BookDelta, CancelOrder, OrderUpdate, PlaceOrder, PlanResult } from './types.js';
import { effectiveTimeInForce, validatePlacement } from './validation.js';

/** What planning reads from a book. Planning never writes to it. */
export interface PlanningSource extends MatchSource {
  readonly version: number;
  /** The number of the last delta applied; a plan's deltas continue from it. */
  readonly sequence: number;
  entry(key: number): RestingNode | PendingStop | undefined;
  /** The book's matching run, reset for a new command (scratch reused between plans). */
  matchRun(): MatchRun;
}

export function planPlacement(book: PlanningSource, order: PlaceOrder): PlanResult<BookPlan> {
  const invalid = validatePlacement(order);
  if (invalid !== null) return { ok: false, code: invalid };
  if (book.entry(order.key) !== undefined) return { ok: false, code: 'DUPLICATE_ORDER_ID' };
  const timeInForce = effectiveTimeInForce(order.type, order.timeInForce);
  const { key, orderId, ownerId, side, type, quantity } = order;
  const price = order.price ?? null;
  if (type === 'stop_loss' || type === 'stop_limit') {
    const stopPrice = order.stopPrice as number;
    const status = 'pending_stop';
    const stop: PendingStop = {
      status,
      key,
      orderId,
      ownerId,
      side,
      type,
      quantity,
      price,
      stopPrice,
      timeInForce,
      arrival: 0,
    };
    const update = {
      orderId,
      ownerId,
      side,
      status,
      filledQuantity: 0,
      remainingQuantity: quantity,
    } as const;
    const plan = planned(book, NONE, [update], NONE);
    plan.newStop = stop;
    return { ok: true, plan };
  }
  if (type === 'limit' && (timeInForce === 'GTC' || timeInForce === 'POST_ONLY')) {
    const node = book.newNode(key, orderId, ownerId, side, price as number, quantity, quantity);
    if (!crossesBook(book, node)) return planRest(book, node);
  }
  const run = book.matchRun();
  const isMarket = type === 'market';
  const refusal = run.run({ key, orderId, ownerId, side, quantity, isMarket, price, timeInForce });
  if (refusal !== null) return { ok: false, code: refusal };
  const bids = run.viewOf('buy');
  const asks = run.viewOf('sell');
  const triggered = run.triggered === null ? NONE : run.triggered.map((stop) => stop.orderId);
  const deltas = run.levels.deltas(book.sequence + 1);
  const trades = run.trades ?? NONE;
  const plan = new BookPlan(
    book,
    book.version,
    trades,
    run.orders,
    deltas,
    triggered,
    run.lastPrice,
  );
  if (bids !== null) {
    plan.consumedBids = bids.consumed;
    plan.partialBid = bids.partial;
  }
  if (asks !== null) {
    plan.consumedAsks = asks.consumed;
    plan.partialAsk = asks.partial;
  }
  plan.triggeredBuys = run.triggeredBuys;
  plan.triggeredSells = run.triggeredSells;
  if (run.rests !== null) plan.rests = run.rests;
  return { ok: true, plan };
}

export function planCancel(book: PlanningSource, command: CancelOrder): PlanResult<BookPlan> {
  const order = book.entry(command.key);
  if (order === undefined) return { ok: false, code: 'ORDER_NOT_FOUND' };
  const { orderId, ownerId, side, quantity } = order;
  const remaining = order instanceof RestingNode ? order.remaining : quantity;
  const update: OrderUpdate = {
    orderId,
    ownerId,
    side,
    status: 'cancelled',
    reason: 'CANCELLED_BY_OWNER',
    filledQuantity: quantity - remaining,
    remainingQuantity: remaining,
  };
  const deltas = order instanceof RestingNode ? [cancelDelta(book, order)] : NONE;
  const plan = planned(book, NONE, [update], deltas);
  plan.cancelled = order;
  return { ok: true, plan };
}

/** True when a limit order at this price would meet the opposite side's best order. */
export function crossesBook(book: MatchSource, order: RestingNode): boolean {
  const best = (order.side === 'buy' ? book.asks : book.bids).levelAt(0);
  if (best === undefined) return false;
  return order.side === 'buy' ? best.price <= order.price : best.price >= order.price;
}

/**
 * The most common placement, a limit order that crosses nothing and rests whole, planned
 * without a matching run: no trade can happen, so no stop can trigger.
 */
function planRest(book: PlanningSource, node: RestingNode): PlanResult<BookPlan> {
  const { orderId, ownerId, side, price, quantity } = node;
  const update = {
    orderId,
    ownerId,
    side,
    status: 'open',
    filledQuantity: 0,
    remainingQuantity: quantity,
  } as const;
  const level = sideOf(book, side).level(price);
  const delta: BookDelta = {
    sequence: book.sequence + 1,
    side,
    price,
    quantity: (level === undefined ? 0 : level.quantity) + quantity,
    orderCount: (level === undefined ? 0 : level.orderCount) + 1,
  };
  const plan = planned(book, NONE, [update], [delta]);
  plan.rested = node;
  return { ok: true, plan };
}

/** The delta of removing one resting order from its level. */
function cancelDelta(book: PlanningSource, node: RestingNode): BookDelta {
  const level = node.level as PriceLevel;
  const { side, price } = node;
  const quantity = level.quantity - node.remaining;
  return { sequence: book.sequence + 1, side, price, quantity, orderCount: level.orderCount - 1 };
}

function planned(
  book: PlanningSource,
  trades: BookPlan['trades'],
  orders: BookPlan['orders'],
  deltas: BookPlan['deltas'],
): BookPlan {
  return new BookPlan(book, book.version, trades, orders, deltas, NONE, book.lastPrice);
}

function sideOf(book: MatchSource, side: 'buy' | 'sell'): BookSide {
  return side === 'buy' ? book.bids : book.asks;
}

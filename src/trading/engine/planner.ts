import { BookPlan } from './book-plan.js';
import type { BookChanges } from './book-plan.js';
import { RestingNode } from './book-side.js';
import type { BookSide, PriceLevel } from './book-side.js';
import { MatchRun } from './matcher.js';
import type { MatchSource } from './matcher.js';
import type { PendingStop } from './stop-book.js';
import type { BookDelta, CancelOrder, OrderUpdate, PlaceOrder, PlanResult } from './types.js';
import { effectiveTimeInForce, validatePlacement } from './validation.js';

/** What planning reads from a book. Planning never writes to it. */
export interface PlanningSource extends MatchSource {
  readonly version: number;
  /** The number of the last delta applied; a plan's deltas continue from it. */
  readonly sequence: number;
  entry(orderId: string): RestingNode | PendingStop | undefined;
}

/** Shared by every plan with nothing in a list; plans are never mutated. */
const NONE: readonly never[] = Object.freeze([]);

/** The changes of a plan that matched nothing; one shape for every plan keeps `apply` fast. */
function simpleChanges(
  cancelled: RestingNode | PendingStop | null,
  newStop: PendingStop | null,
  rests: readonly RestingNode[],
): BookChanges {
  return {
    cancelled,
    newStop,
    consumedBids: 0,
    consumedAsks: 0,
    partialBid: 0,
    partialAsk: 0,
    triggeredBuys: 0,
    triggeredSells: 0,
    rests,
  };
}

export function planPlacement(book: PlanningSource, order: PlaceOrder): PlanResult<BookPlan> {
  const invalid = validatePlacement(order);
  if (invalid !== null) return { ok: false, code: invalid };
  if (book.entry(order.orderId) !== undefined) return { ok: false, code: 'DUPLICATE_ORDER_ID' };
  const timeInForce = effectiveTimeInForce(order.type, order.timeInForce);
  const { orderId, ownerId, side, type, quantity } = order;
  const price = order.price ?? null;
  if (type === 'stop_loss' || type === 'stop_limit') {
    const stopPrice = order.stopPrice as number;
    const status = 'pending_stop';
    const stop: PendingStop = {
      status,
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
    return planned(book, NONE, [update], NONE, simpleChanges(null, stop, NONE));
  }
  if (type === 'limit' && (timeInForce === 'GTC' || timeInForce === 'POST_ONLY')) {
    const node = new RestingNode(orderId, ownerId, side, price as number, quantity, quantity);
    if (!crossesBook(book, node)) return planRest(book, node);
  }
  const run = new MatchRun(book);
  const isMarket = type === 'market';
  const refusal = run.run({ orderId, ownerId, side, quantity, isMarket, price, timeInForce });
  if (refusal !== null) return { ok: false, code: refusal };
  const bids = run.viewOf('buy');
  const asks = run.viewOf('sell');
  const changes: BookChanges = {
    cancelled: null,
    newStop: null,
    consumedBids: bids === null ? 0 : bids.consumed,
    consumedAsks: asks === null ? 0 : asks.consumed,
    partialBid: bids === null ? 0 : bids.partial,
    partialAsk: asks === null ? 0 : asks.partial,
    triggeredBuys: run.triggeredBuys,
    triggeredSells: run.triggeredSells,
    rests: run.rests ?? NONE,
  };
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
    changes,
  );
  return { ok: true, plan };
}

export function planCancel(book: PlanningSource, command: CancelOrder): PlanResult<BookPlan> {
  const order = book.entry(command.orderId);
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
  return planned(book, NONE, [update], deltas, simpleChanges(order, null, NONE));
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
  return planned(book, NONE, [update], [delta], simpleChanges(null, null, [node]));
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
  changes: BookChanges,
): PlanResult<BookPlan> {
  return {
    ok: true,
    plan: new BookPlan(book, book.version, trades, orders, deltas, NONE, book.lastPrice, changes),
  };
}

function sideOf(book: MatchSource, side: 'buy' | 'sell'): BookSide {
  return side === 'buy' ? book.bids : book.asks;
}

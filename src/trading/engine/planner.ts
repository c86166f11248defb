import type { BookPlan } from './book-plan.js';
import type { BookSide, PriceLevel, RestingNode } from './book-side.js';
import type { MatchRun, MatchSource } from './matcher.js';
import { pendingStop } from './stop-book.js';
import type { PendingStop } from './stop-book.js';
import type { PlaceOrder, PlanResult, RejectCode, Side, TimeInForce } from './types.js';
import { sweep } from './sweep.js';
import { effectiveTimeInForce, validatePlacement } from './validation.js';

/** What planning reads from a book. Planning never writes to it. */
export interface PlanningSource extends MatchSource {
  entry(key: number): RestingNode | PendingStop | undefined;
  /** The book's plan, reset for a new command, and the result that carries it. */
  freshPlan(): BookPlan;
  /** The book's plan made that of a new order resting whole at `level`, and its result. */
  restWhole(node: RestingNode, level: PriceLevel | undefined): PlanResult<BookPlan>;
  readonly accepted: PlanResult<BookPlan>;
  /** The book's matching run, reset to record into `plan` (scratch reused between plans). */
  matchRun(plan: BookPlan): MatchRun;
}

/** Small on purpose: the hot path (a resting limit order) stays within the JIT's inlining budget. */
export function planPlacement(book: PlanningSource, order: PlaceOrder): PlanResult<BookPlan> {
  const invalid = validatePlacement(order);
  if (invalid !== null) return rejected(invalid);
  if (book.entry(order.key) !== undefined) return rejected('DUPLICATE_ORDER_ID');
  const type = order.type;
  const timeInForce = effectiveTimeInForce(type, order.timeInForce);
  if (type === 'stop_loss' || type === 'stop_limit')
    return planStop(book, order, type, timeInForce);
  if (type === 'limit' && (timeInForce === 'GTC' || timeInForce === 'POST_ONLY')) {
    const price = order.price as number;
    if (!crossesBook(book, order.side, price)) {
      return planRest(book, book.newNode(order, price, order.quantity));
    }
  }
  return planTaker(book, order, timeInForce);
}

/** A stop order: it waits in the stop book, changing nothing else. */
function planStop(
  book: PlanningSource,
  order: PlaceOrder,
  type: 'stop_loss' | 'stop_limit',
  timeInForce: TimeInForce,
): PlanResult<BookPlan> {
  const { orderId, ownerId, side, quantity } = order;
  const price = order.price ?? null;
  const plan = book.freshPlan();
  plan.update(orderId, ownerId, side, 'pending_stop', null, 0, quantity);
  plan.newStop = pendingStop(order, type, price, order.stopPrice as number, timeInForce);
  return book.accepted;
}

/** An order that may take liquidity: the one-pass sweep when it can, else the general run. */
function planTaker(
  book: PlanningSource,
  order: PlaceOrder,
  timeInForce: TimeInForce,
): PlanResult<BookPlan> {
  const price = order.price ?? null;
  const isMarket = order.type === 'market';
  if (timeInForce !== 'FOK' && timeInForce !== 'POST_ONLY') {
    if (isMarket && !reachable(book, order.side, price)) return rejected('NO_LIQUIDITY');
    sweep(book, book.freshPlan(), order, isMarket, price, timeInForce);
    return book.accepted;
  }
  const plan = book.freshPlan();
  const run = book.matchRun(plan);
  const refusal = run.run(order, isMarket, price, timeInForce);
  if (refusal !== null) return rejected(refusal);
  run.finish();
  return book.accepted;
}

/** A cancel (`expired` false) or a GTD order's expiry (`expired` true): the same but the status. */
export function planCancel(
  book: PlanningSource,
  key: number,
  expired: boolean,
): PlanResult<BookPlan> {
  const order = book.entry(key);
  if (order === undefined) return rejected('ORDER_NOT_FOUND');
  const { orderId, ownerId, side, quantity } = order;
  const resting = order.resting;
  const remaining = resting ? order.remaining : quantity;
  const plan = book.freshPlan();
  const status = expired ? 'expired' : 'cancelled';
  const reason = expired ? null : 'CANCELLED_BY_OWNER';
  plan.update(orderId, ownerId, side, status, reason, quantity - remaining, remaining);
  if (resting) {
    // The delta of removing one resting order from its level.
    const level = order.level as PriceLevel;
    const left = level.quantity - remaining;
    plan.delta(book.sequence + 1, side, order.price, left, level.orderCount - 1);
  }
  plan.cancelled = order;
  return book.accepted;
}

/** True when a limit order at this price would meet the opposite side's best order. */
export function crossesBook(book: MatchSource, side: Side, price: number): boolean {
  const best = (side === 'buy' ? book.asks : book.bids).best;
  if (best === null) return false;
  return side === 'buy' ? best.price <= price : best.price >= price;
}

/** True when the opposite side's best order is within `price` (null: any price). */
function reachable(book: MatchSource, side: Side, price: number | null): boolean {
  const best = (side === 'buy' ? book.asks : book.bids).best;
  if (best === null) return false;
  return price === null || (side === 'buy' ? best.price <= price : best.price >= price);
}

/** A command's refusal; one shared result per code, since results are never mutated. */
export function rejected(code: RejectCode): PlanResult<never> {
  return REJECTIONS[code];
}

const REJECTIONS = Object.fromEntries(
  (
    [
      'INVALID_ORDER_ID',
      'INVALID_OWNER_ID',
      'INVALID_QUANTITY',
      'INVALID_PRICE',
      'INVALID_STOP_PRICE',
      'INVALID_TIME_IN_FORCE',
      'DUPLICATE_ORDER_ID',
      'ORDER_NOT_FOUND',
      'INVALID_AMEND',
      'POST_ONLY_WOULD_CROSS',
      'FOK_NOT_FILLABLE',
      'NO_LIQUIDITY',
    ] as const
  ).map((code) => [code, Object.freeze({ ok: false, code } as const)]),
) as Record<RejectCode, PlanResult<never>>;

/**
 * The most common placement, a limit order that crosses nothing and rests whole, planned
 * without a matching run: no trade can happen, so no stop can trigger.
 */
function planRest(book: PlanningSource, node: RestingNode): PlanResult<BookPlan> {
  return book.restWhole(node, sideOf(book, node.side).level(node.price));
}

function sideOf(book: MatchSource, side: Side): BookSide {
  return side === 'buy' ? book.bids : book.asks;
}

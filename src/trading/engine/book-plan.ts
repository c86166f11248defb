import type { RestingNode } from './book-side.js';
import type { PendingStop } from './stop-book.js';
import type { BookDelta, OrderUpdate, PlanOutcome, Trade } from './types.js';

/** Shared by every plan with nothing in a list; plans are never mutated once built. */
export const NONE: readonly never[] = Object.freeze([]);

/**
 * A command's complete outcome against one version of one book. Committing it is the caller's
 * business; `OrderBook.apply` then makes the book match it. A plan that is never applied costs
 * nothing and changes nothing.
 *
 * Besides the outcome, a plan records how it changes the book, in a form `apply` can replay
 * without searching: matching only ever consumes a prefix of each side (self-trade prevention
 * stops the taker rather than skipping an order), and triggering only ever takes a suffix of each
 * stop array. Those fields are the engine's: written only while the plan is built, read only by
 * `apply`. Every plan has the same shape, which keeps `apply` fast.
 */
export class BookPlan implements PlanOutcome {
  /** The live order a cancel removes. */
  cancelled: RestingNode | PendingStop | null = null;
  /** The stop order a stop placement adds. */
  newStop: PendingStop | null = null;
  /** Resting orders consumed entirely, counted from the best of each side. */
  consumedBids = 0;
  consumedAsks = 0;
  /** What was taken from the first order that survives, on each side. */
  partialBid = 0;
  partialAsk = 0;
  triggeredBuys = 0;
  triggeredSells = 0;
  /** The one new resting order of a plan that matched nothing (the common case), if any. */
  rested: RestingNode | null = null;
  /** New resting orders of a matching run in arrival order, each behind everything resting. */
  rests: readonly RestingNode[] = NONE;

  constructor(
    /** The book the plan was made against, and that book's version at the time. */
    readonly book: object,
    readonly bookVersion: number,
    readonly trades: readonly Trade[],
    readonly orders: readonly OrderUpdate[],
    readonly deltas: readonly BookDelta[],
    readonly triggeredStops: readonly string[],
    readonly lastPrice: number | null,
  ) {}
}

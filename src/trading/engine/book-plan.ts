import type { RestingNode } from './book-side.js';
import type { PendingStop } from './stop-book.js';
import type { BookDelta, OrderUpdate, PlanOutcome, Trade } from './types.js';

/**
 * How a plan changes the book, in a form `OrderBook.apply` can replay without searching:
 * matching only ever consumes a prefix of each side (self-trade prevention stops the taker
 * rather than skipping an order), and triggering only ever takes a suffix of each stop array.
 */
export interface BookChanges {
  readonly cancelled: RestingNode | PendingStop | null;
  readonly newStop: PendingStop | null;
  /** Resting orders consumed entirely, counted from the best of each side. */
  readonly consumedBids: number;
  readonly consumedAsks: number;
  /** What was taken from the first order that survives, on each side. */
  readonly partialBid: number;
  readonly partialAsk: number;
  readonly triggeredBuys: number;
  readonly triggeredSells: number;
  /** New resting orders in arrival order, each behind everything already in the book. */
  readonly rests: readonly RestingNode[];
}

/**
 * A command's complete outcome against one version of one book. Committing it is the caller's
 * business; `OrderBook.apply` then makes the book match it. A plan that is never applied costs
 * nothing and changes nothing.
 */
export class BookPlan implements PlanOutcome {
  constructor(
    /** The book the plan was made against, and that book's version at the time. */
    readonly book: object,
    readonly bookVersion: number,
    readonly trades: readonly Trade[],
    readonly orders: readonly OrderUpdate[],
    readonly deltas: readonly BookDelta[],
    readonly triggeredStops: readonly string[],
    readonly lastPrice: number | null,
    readonly changes: BookChanges,
  ) {}
}

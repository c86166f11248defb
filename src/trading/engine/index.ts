/**
 * The matching engine's public surface: one pure order book per token. The book offers plan,
 * apply, depth, restore, find and inspection; the plan offers its outcome (records valid until
 * the next plan, and copies). The call auction's uncross prices a call's orders apart from the
 * book. Everything else (the planner's hooks into the book, the plan's replay fields, the book's
 * structures) stays inside the engine.
 */
import { OrderBook as Book } from './order-book.js';
import type {
  BookDelta,
  CancelReason,
  Command,
  DepthSnapshot,
  LiveOrder,
  OrderStatus,
  PendingStopOrder,
  PlanOutcome,
  PlanResult,
  RestingOrder,
  Side,
  Trade,
} from './types.js';

/** An order update as a plan records it: `reason` is set only for a cancellation. */
export interface OrderUpdateRecord {
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: Side;
  readonly status: OrderStatus;
  readonly reason: CancelReason | null;
  readonly filledQuantity: number;
  readonly remainingQuantity: number;
}

/**
 * A command's outcome against one version of one book: the book's one plan, rewritten by its
 * next `plan`. `tradeAt`, `updateAt` and `deltaAt` give the records themselves (valid until the
 * next plan); `trades`, `orders`, `deltas` and `triggeredStops` give copies that outlive it.
 */
export interface BookPlan extends PlanOutcome {
  readonly tradeCount: number;
  readonly updateCount: number;
  readonly deltaCount: number;
  readonly triggeredCount: number;
  tradeAt(i: number): Trade;
  updateAt(i: number): OrderUpdateRecord;
  deltaAt(i: number): BookDelta;
}

export interface OrderBookOptions {
  /** The last trade price, e.g. after a rebuild (stops trigger against it). */
  readonly lastPrice?: number | null;
  /** The number of the last delta published: a rebuilt book's deltas continue from it. */
  readonly sequence?: number;
}

/** The order book of one token (see docs/engine.md). */
export interface OrderBook {
  /** Computes a command's outcome without changing the book; refused commands change nothing. */
  plan(command: Command): PlanResult<BookPlan>;
  /** Makes the book match the plan; throws `StalePlanError` unless made at the current version. */
  apply(plan: BookPlan): void;
  depth(levels: number): DepthSnapshot;
  /** Puts a live order back at start, in original time order. */
  restore(order: LiveOrder): void;
  /** The live order (resting or pending stop) with this key, if any. */
  find(key: number): LiveOrder | undefined;
  /** Resting orders, bids best first then asks best first, FIFO within a level. */
  restingOrders(): RestingOrder[];
  /** Pending stops, buys then sells, each in trigger order. */
  pendingStops(): PendingStopOrder[];
  readonly lastPrice: number | null;
  /** The number of the last book delta applied. */
  readonly sequence: number;
  /** Increases with every applied plan. */
  readonly version: number;
  /** Live orders: resting plus pending stops. */
  readonly orderCount: number;
}

export const OrderBook: new (options?: OrderBookOptions) => OrderBook = Book;
export { StalePlanError } from './order-book.js';
export { auctionPrice, uncross } from './uncross.js';
export { indicativeWithoutSelfTrades, uncrossWithoutSelfTrades } from './uncross-stp.js';
export type { AuctionFill, AuctionPrice, AuctionTrade, CallOrder, Uncross } from './uncross.js';
export * from './types.js';

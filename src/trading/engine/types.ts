/**
 * The engine's vocabulary, shared by the fast book and the reference book.
 *
 * Prices are integer ticks (the trading service converts decimals with the token's tick size)
 * and quantities are whole tokens. Both are plain numbers bounded by MAX_TICKS and MAX_QUANTITY
 * so that every value and every sum the engine forms stays an exact integer.
 */

/** Highest accepted price in ticks (1e12 ticks is 10 billion at the default 0.01 tick). */
export const MAX_TICKS = 1_000_000_000_000;
/**
 * Highest accepted order quantity. Level aggregates (depth only) stay exact below 2^53, i.e.
 * for at least 9,007 maximum-size orders at one price.
 */
export const MAX_QUANTITY = 1_000_000_000_000;

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'stop_loss' | 'stop_limit';
/**
 * GTC rests the remainder; IOC cancels it; FOK fills completely at once or is refused;
 * POST_ONLY rests without ever taking liquidity or is refused.
 */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

/** What names an order and sizes it: commands, resting orders and pending stops all carry it. */
export interface OrderIdentity {
  readonly key: number;
  readonly orderId: string;
  readonly ownerId: string;
  /** The owner's handle (see `PlaceOrder.ownerKey`); self-trade prevention compares these. */
  readonly ownerKey: number;
  readonly side: Side;
  readonly quantity: number;
}

export interface PlaceOrder {
  readonly kind: 'place';
  /**
   * The engine's handle of the order: a non-negative safe integer the caller assigns, unique
   * among the book's live orders (e.g. a sequence the trading service draws when it accepts an
   * order, mapping it to and from the UUID at its edge). The engine indexes live orders by it.
   */
  readonly key: number;
  /** The caller's UUID v7, carried into updates and trades; the engine never looks it up. */
  readonly orderId: string;
  /** The owner's id, carried into updates and trades; the engine never compares it. */
  readonly ownerId: string;
  /**
   * The owner's handle: a non-negative safe integer the caller assigns, the same for all of one
   * owner's orders and different for different owners (e.g. the user's row number). Self-trade
   * prevention compares these: one instruction, where comparing two UUID strings of the same
   * owner read from different rows compares 36 characters.
   */
  readonly ownerKey: number;
  readonly side: Side;
  readonly type: OrderType;
  readonly quantity: number;
  /**
   * limit and stop_limit: the limit price (required). market and stop_loss: an optional
   * protection price, the worst price the order may trade at.
   */
  readonly price?: number | undefined;
  /** stop_loss and stop_limit: the trigger price (required). */
  readonly stopPrice?: number | undefined;
  /** Defaults: GTC for limit and stop_limit, IOC for market and stop_loss. */
  readonly timeInForce?: TimeInForce | undefined;
}

export interface CancelOrder {
  readonly kind: 'cancel';
  /** The `key` the order was placed with. */
  readonly key: number;
}

/**
 * Changes a live order in place of a cancel and a new placement. `quantity` is the new total
 * quantity (it must exceed what the order has filled); `price` the new limit price in ticks. A
 * quantity decrease alone keeps the order's time priority; a price change or a quantity increase
 * is a cancel-replace: the order keeps its key, ids, owner and filled quantity, loses its priority
 * and re-enters as a GTC limit order (at a new price it may cross and trade as a taker). A pending
 * stop keeps its place among the stops: its quantity and (stop_limit) limit price change, it does
 * not trigger.
 */
export interface AmendOrder {
  readonly kind: 'amend';
  readonly key: number;
  readonly quantity?: number | undefined;
  readonly price?: number | undefined;
}

/** The trading service's end of a GTD order: a cancel whose update has status `expired`. */
export interface ExpireOrder {
  readonly kind: 'expire';
  readonly key: number;
}

/**
 * Cancels every live order of one owner in this book (`CANCELLED_BY_OWNER`): resting orders bids
 * best first then asks best first (FIFO within a level), then pending stops, buys then sells,
 * each in trigger order. An owner with no live order gets an accepted plan with no updates.
 */
export interface CancelAllOrders {
  readonly kind: 'cancel_all';
  readonly ownerKey: number;
}

export type Command = PlaceOrder | CancelOrder | AmendOrder | ExpireOrder | CancelAllOrders;

/** Why a command was refused; a refused command changes nothing. */
export type RejectCode =
  | 'INVALID_ORDER_ID'
  | 'INVALID_OWNER_ID'
  | 'INVALID_QUANTITY'
  | 'INVALID_PRICE'
  | 'INVALID_STOP_PRICE'
  | 'INVALID_TIME_IN_FORCE'
  | 'DUPLICATE_ORDER_ID'
  | 'ORDER_NOT_FOUND'
  | 'INVALID_AMEND'
  | 'POST_ONLY_WOULD_CROSS'
  | 'FOK_NOT_FILLABLE'
  | 'NO_LIQUIDITY';

/** Why an accepted order ended cancelled. */
export type CancelReason =
  | 'CANCELLED_BY_OWNER'
  | 'SELF_TRADE_PREVENTED'
  | 'UNFILLED_REMAINDER'
  | 'POST_ONLY_WOULD_CROSS'
  | 'FOK_NOT_FILLABLE';

interface OrderUpdateBase {
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: Side;
  /**
   * Cumulative; filledQuantity + remainingQuantity is always the order's quantity (for an
   * amended order, its new quantity).
   */
  readonly filledQuantity: number;
  readonly remainingQuantity: number;
}

/** One order status change, in the spec's order states. */
export type OrderUpdate =
  | (OrderUpdateBase & { readonly status: 'pending_stop' | 'open' | 'partially_filled' })
  | (OrderUpdateBase & { readonly status: 'filled' })
  | (OrderUpdateBase & { readonly status: 'expired' })
  | (OrderUpdateBase & { readonly status: 'cancelled'; readonly reason: CancelReason });

export type OrderStatus = OrderUpdate['status'];

/** A fill; its price is always the resting (maker) order's price. */
export interface Trade {
  readonly price: number;
  readonly quantity: number;
  readonly takerSide: Side;
  readonly buyOrderId: string;
  readonly sellOrderId: string;
  readonly buyerId: string;
  readonly sellerId: string;
}

/** A price level's new aggregate; quantity 0 and orderCount 0 mean the level is gone. */
export interface BookDelta {
  readonly sequence: number;
  readonly side: Side;
  readonly price: number;
  readonly quantity: number;
  readonly orderCount: number;
}

export interface LevelView {
  readonly price: number;
  readonly quantity: number;
  readonly orderCount: number;
}

/** Top levels, best first; `sequence` is the last delta already reflected in it. */
export interface DepthSnapshot {
  readonly sequence: number;
  readonly bids: readonly LevelView[];
  readonly asks: readonly LevelView[];
}

/** An order resting in the book, as stored in the database. */
export interface RestingOrder {
  readonly status: 'open' | 'partially_filled';
  readonly key: number;
  readonly orderId: string;
  readonly ownerId: string;
  readonly ownerKey: number;
  readonly side: Side;
  readonly price: number;
  readonly quantity: number;
  readonly remainingQuantity: number;
}

/** A stop order waiting for its trigger, as stored in the database. */
export interface PendingStopOrder {
  readonly status: 'pending_stop';
  readonly key: number;
  readonly orderId: string;
  readonly ownerId: string;
  readonly ownerKey: number;
  readonly side: Side;
  readonly type: 'stop_loss' | 'stop_limit';
  readonly quantity: number;
  /** stop_limit: the limit price; stop_loss: the optional protection price. */
  readonly price: number | null;
  readonly stopPrice: number;
  readonly timeInForce: TimeInForce;
}

/** A live order: what a book holds, what rebuilding a book takes. */
export type LiveOrder = RestingOrder | PendingStopOrder;

/**
 * What a command will do, computed without touching the book. Every list is in the order the
 * engine produced it; deltas are one per changed level (bids best first, then asks best first).
 */
export interface PlanOutcome {
  readonly trades: readonly Trade[];
  readonly orders: readonly OrderUpdate[];
  readonly deltas: readonly BookDelta[];
  /** Stop orders that triggered, in trigger order (each went pending_stop -> open). */
  readonly triggeredStops: readonly string[];
  /** The last trade price after the plan (unchanged when there were no trades). */
  readonly lastPrice: number | null;
}

export type PlanResult<P extends PlanOutcome> =
  { readonly ok: true; readonly plan: P } | { readonly ok: false; readonly code: RejectCode };

/** What the fast book and the reference book both offer; the differential tests rely on it. */
export interface MatchingBook<P extends PlanOutcome> {
  plan(command: Command): PlanResult<P>;
  /** Throws when the plan was not made against the book's current version. */
  apply(plan: P): void;
  depth(levels: number): DepthSnapshot;
  readonly lastPrice: number | null;
  readonly sequence: number;
  /** Resting orders, bids best first then asks best first, FIFO within a level. */
  restingOrders(): RestingOrder[];
  /** Pending stops, buys then sells, each in trigger order. */
  pendingStops(): PendingStopOrder[];
}

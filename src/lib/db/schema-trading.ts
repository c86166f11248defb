/** Table types of trading: orders and their history, trades and their settlement, token NAVs. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const orderSides = ['buy', 'sell'] as const;
export type OrderSide = (typeof orderSides)[number];
export const orderTypes = ['limit', 'market', 'stop_loss', 'stop_limit'] as const;
export type OrderType = (typeof orderTypes)[number];
/** DAY, ATO, ATC and GFA are the session ones (docs/auctions.md, migration 0057). */
export const timesInForce = [
  'GTC',
  'IOC',
  'FOK',
  'POST_ONLY',
  'GTD',
  'DAY',
  'ATO',
  'ATC',
  'GFA',
] as const;
export type TimeInForce = (typeof timesInForce)[number];
/** `rejected` is never stored: a refused order changes nothing (DECISIONS "Trading"). */
export const orderStatuses = [
  'open',
  'partially_filled',
  'filled',
  'cancelled',
  'pending_stop',
  'expired',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** The statuses of an order the book still holds. */
export const liveOrderStatuses = ['open', 'partially_filled', 'pending_stop'] as const;
export const settlementStatuses = ['pending', 'processing', 'settled', 'failed'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];
export type SettlementType = 'on_chain' | 'off_chain';
export type FatFingerMode = 'block' | 'confirm';

export interface OrdersTable {
  id: string;
  user_id: string;
  token_id: string;
  side: OrderSide;
  order_type: OrderType;
  time_in_force: TimeInForce;
  /** NUMERIC(20,2) on the token's tick; null for market orders */
  price: string | null;
  stop_price: string | null;
  quantity: number;
  filled_quantity: Defaulted<number>;
  remaining_quantity: number;
  /** fiat a buy still holds (taken from fiat_balance at placement) */
  locked_fiat: Defaulted<string>;
  /** sum of price * quantity over the fills; average price = filled_value / filled_quantity */
  filled_value: Defaulted<string>;
  status: OrderStatus;
  cancel_reason: string | null;
  /** the engine's integer handle of the order, unique per token */
  engine_key: number;
  /** time priority for rebuilding the book; a cancel-replace amend takes a new one */
  priority: number;
  expires_at: Date | null;
  client_order_id: string | null;
  /** sha256 of the request body a client_order_id was first used with */
  request_hash: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: string;
  status: OrderStatus;
  filled_quantity: number;
  remaining_quantity: number;
  reason: string | null;
  /** the order's limit price and quantity after the event (an amend may change them) */
  price: string | null;
  quantity: number | null;
  /** the book's sequence after the event; null before the audit trail (migration 0027) */
  book_sequence: number | null;
  /** when the row was written, to the microsecond (before the audit trail: created_at) */
  recorded_at: ColumnType<Date, never, never>;
  created_at: CreatedAt;
}

/**
 * An order, amend or cancel refused (docs/reports.md, the order audit trail): append-only. The
 * order's fields are as sent; a cancel names only its order.
 */
export interface OrderRefusalsTable {
  id: Generated<number>;
  recorded_at: ColumnType<Date, never, never>;
  user_id: string;
  token_id: string | null;
  order_id: string | null;
  action: 'place' | 'amend' | 'cancel';
  side: string | null;
  order_type: string | null;
  time_in_force: string | null;
  price: string | null;
  stop_price: string | null;
  quantity: number | null;
  client_order_id: string | null;
  code: string;
  book_sequence: number | null;
}

export interface TradesTable {
  id: string;
  token_id: string;
  /** the book orders of a book trade; null on an OTC trade, which names its requests instead */
  buy_order_id: string | null;
  sell_order_id: string | null;
  buy_otc_order_id: string | null;
  sell_otc_order_id: string | null;
  buyer_id: string;
  seller_id: string;
  taker_side: OrderSide;
  price: string;
  quantity: number;
  total: string;
  platform_fee: string;
  effective_fee_bps: number;
  /** a debt token's accrued interest on the quantity: the buyer pays it to the seller */
  accrued_interest: Defaulted<string>;
  settlement_status: Defaulted<SettlementStatus>;
  settlement_type: SettlementType | null;
  settlement_attempts: Defaulted<number>;
  settlement_error: string | null;
  /** the settlement worker's lease */
  claimed_at: Date | null;
  claimed_by: string | null;
  /** the lease's end while processing; the wait's end after a transient failure */
  lease_expires_at: Date | null;
  /** transient chain failures in a row (src/lib/worker/chain-retry.ts; migration 0015) */
  settlement_waits: Defaulted<number>;
  /** the idempotency key of the batch the trade was last sent in (migration 0011) */
  settlement_batch_key: string | null;
  /** the call auction whose uncross made it (migration 0057): settled as one batch */
  auction_id: string | null;
  settled_at: Date | null;
  tx_hash: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TradeSettlementHistoryTable {
  id: Generated<number>;
  trade_id: string;
  status: SettlementStatus;
  error: string | null;
  tx_hash: string | null;
  created_at: CreatedAt;
}

/** `last`: claimed for its last attempt; `failed`: for staff to retry (migration 0075). */
export const settlementQueueStates = ['open', 'last', 'failed'] as const;

/** A trade not settled yet: the settlement queue's entry. */
export interface SettlementQueueTable {
  trade_id: string;
  created_at: Date;
  state: Defaulted<(typeof settlementQueueStates)[number]>;
  /** the trade's settlement_batch_key, indexed here for the claim (migration 0076) */
  batch_key: Defaulted<string | null>;
}

export interface TokenNavsTable {
  id: string;
  token_id: string;
  nav: string;
  recorded_by: string;
  created_at: CreatedAt;
}

/** The columns migration 0010 adds to tokens (merged into TokensTable by schema.ts). */
export interface TokenTradingColumns {
  fee_bps: Defaulted<number>;
  fat_finger_mode: Defaulted<FatFingerMode>;
  fat_finger_factor: Defaulted<string>;
  circuit_breaker_pct: Defaulted<string>;
  circuit_breaker_window_seconds: Defaulted<number>;
  halt_seconds: Defaulted<number>;
  nav_deviation_pct: Defaulted<string>;
  halted_until: Date | null;
  last_price: string | null;
  book_sequence: Defaulted<number>;
  /** the market data feed's `seq`, raised by a trigger with each level change (migration 0028) */
  feed_sequence: Defaulted<number>;
  /** when its latest uncross ran (migration 0057): the call it ended is over */
  last_uncross_at: Date | null;
  /** raised by a trigger at every change a trading batch reads (migration 0071) */
  trading_version: ColumnType<number, never, never>;
}

/** users.trading_key: the engine's integer owner key, an identity column. */
export interface UserTradingColumns {
  trading_key: ColumnType<number, never, never>;
  /** raised by a trigger at every update, and by a change of the user's business (migration 0071) */
  trading_version: ColumnType<number, never, never>;
}

/** A trading node's heartbeat (migrations 0026, 0030): live while expires_at is ahead. */
export interface TradingNodesTable {
  id: string;
  url: string | null;
  started_at: Defaulted<Date>;
  heartbeat_at: Defaulted<Date>;
  expires_at: Date;
  draining: Defaulted<boolean>;
}

/** A book's lease: its owner (none once released), the epoch its commits must carry. */
export interface BookLeasesTable {
  token_id: string;
  owner_node: string | null;
  epoch: Defaulted<number>;
  expires_at: Defaulted<Date>;
  acquired_at: Defaulted<Date>;
}

export interface TradingTables {
  trading_nodes: TradingNodesTable;
  book_leases: BookLeasesTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  order_refusals: OrderRefusalsTable;
  trades: TradesTable;
  trade_settlement_history: TradeSettlementHistoryTable;
  settlement_queue: SettlementQueueTable;
  token_navs: TokenNavsTable;
}

export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type Trade = Selectable<TradesTable>;
export type NewTrade = Insertable<TradesTable>;
export type TokenNav = Selectable<TokenNavsTable>;
export type NewOrderRefusal = Insertable<OrderRefusalsTable>;

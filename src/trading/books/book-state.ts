/**
 * What a token's writer holds in memory: the engine's book, the rows of the live orders it mirrors
 * (each the database row as the last committed batch left it, or as the batch in progress is
 * changing it), the next engine key and time priority, the circuit breaker's price window and the
 * GTD expiries. Rebuilt from the database at start and after a failed commit (loadBookState).
 */
import type { Db } from '../../lib/db/database.js';
import type { Order, OrderType, TimeInForce } from '../../lib/db/schema-trading.js';
import {
  OrderBook,
  type LiveOrder,
  type TimeInForce as EngineTimeInForce,
} from '../engine/index.js';
import type { Phase, TradingSession } from '../trading-sessions/market-phase.js';
import { restoreRows } from './session-book.js';
import { marketPhase } from '../trading-sessions/market-phase.js';
import { loadTradingSession } from '../trading-sessions/session-load.js';
import { PriceWindow } from '../risk/price-window.js';
import { toTicks } from './ticks.js';
import {
  readBookToken,
  readLiveOrders,
  readOrderCounters,
  readWindowTrades,
} from './book-state.queries.js';
import { ExpiryQueue } from './expiry-queue.js';
import { LiveOrders } from './live-orders.js';

export interface LiveRow extends Order {
  /** the owner's integer key for the engine (users.trading_key) */
  owner_key: number;
}

/** The order row as stored (a copy without the engine's owner key). */
export function withoutOwnerKey(row: LiveRow | Order): Order {
  const order: Order & { owner_key?: number } = { ...row };
  delete order.owner_key;
  return order;
}

/**
 * What the engine makes of a time in force: GTD and the session ones rest like GTC; a market
 * order with a session one (DAY in continuous trading) trades like IOC.
 */
export function engineTimeInForce(tif: TimeInForce, type: OrderType): EngineTimeInForce {
  if (tif === 'GTD') return 'GTC';
  if (tif === 'DAY' || tif === 'ATO' || tif === 'ATC' || tif === 'GFA') {
    return type === 'market' ? 'IOC' : 'GTC';
  }
  return tif;
}

/** A book's trading session and the phase it is arranged for (session-book.ts). */
export interface BookSession {
  session: TradingSession;
  /** the rows' version it was read at (TokenRead.sessionVersion) */
  version: string;
  /** the phase the book's orders are arranged for */
  phase: Phase;
  /** when to compute the phase again (ms): its scheduled end, or the running call's random end */
  until: number;
  /** the halt the phase was computed with (ms; null: none) */
  haltedUntil: number | null;
  /** the running call's random end (ms), drawn when the call began; null outside calls */
  uncrossAt: number | null;
  /** the latest uncross */
  callEndedAt: Date | null;
  /** whether the running call was extended by price monitoring */
  extended: boolean;
  /** owners' cancels in the running call that moved its indicative price (surveillance) */
  cancels: CallCancel[];
}

/** An owner's cancel during a call, with the indicative price (ticks) before and after it. */
export interface CallCancel {
  row: LiveRow;
  at: Date;
  before: number | null;
  after: number | null;
}

export class BookState {
  readonly live = new LiveOrders();
  readonly window = new PriceWindow();
  readonly expiries = new ExpiryQueue();
  /**
   * Live orders outside the engine, in time priority: those of the running call (they rest
   * without matching until its uncross) and those waiting for a later phase. Empty on a book
   * without a session.
   */
  readonly held = new Map<string, LiveRow>();
  /** null: no session, the book is continuous around the clock (the fast path) */
  session: BookSession | null = null;

  constructor(
    readonly book: OrderBook,
    public nextKey: number,
    public nextPriority: number,
    public lastPrice: string | null,
    /** the market data feed's `seq` as loaded (the feed counts on from it: migration 0028) */
    readonly feedSequence: number,
  ) {}

  ticks(price: string, tickSize: string): number {
    const ticks = toTicks(price, tickSize);
    if (typeof ticks !== 'number') throw new Error(`stored price ${price} is off the tick`);
    return ticks;
  }

  /** The engine's view of a live row, for restoring a book. */
  liveOrder(row: LiveRow, tickSize: string): LiveOrder {
    const identity = {
      key: row.engine_key,
      orderId: row.id,
      ownerId: row.user_id,
      ownerKey: row.owner_key,
      side: row.side,
      quantity: row.quantity,
    };
    if (row.status === 'pending_stop') {
      return {
        ...identity,
        status: 'pending_stop',
        type: row.order_type === 'stop_limit' ? 'stop_limit' : 'stop_loss',
        price: row.price === null ? null : this.ticks(row.price, tickSize),
        stopPrice: this.ticks(row.stop_price!, tickSize),
        timeInForce: engineTimeInForce(row.time_in_force, row.order_type),
      };
    }
    return {
      ...identity,
      status: row.status === 'partially_filled' ? 'partially_filled' : 'open',
      price: this.ticks(row.price!, tickSize),
      remainingQuantity: row.remaining_quantity,
    };
  }
}

/**
 * The book of a token as the database has it: its live orders restored in time priority, its
 * last price, delta and feed sequences, the keys and priorities still free, the trade prices of the
 * circuit breaker's window and the pending expiries.
 */
export async function loadBookState(db: Db, tokenId: string, now: Date): Promise<BookState> {
  const token = await readBookToken(db, tokenId);
  const counters = await readOrderCounters(db, tokenId);
  const rows = await readLiveOrders(db, tokenId);
  const lastPriceTicks =
    token.last_price === null ? null : toTicks(token.last_price, token.tick_size);
  const book = new OrderBook({
    lastPrice: typeof lastPriceTicks === 'number' ? lastPriceTicks : null,
    sequence: Number(token.book_sequence),
  });
  const state = new BookState(
    book,
    Number(counters.max_key ?? -1) + 1,
    Number(counters.max_priority ?? -1) + 1,
    token.last_price,
    Number(token.feed_sequence),
  );
  const session = await loadTradingSession(db, tokenId);
  const lives = rows.map((row): LiveRow => ({ ...row, owner_key: Number(row.owner_key) }));
  for (const live of lives) {
    state.live.set(live.id, live);
    if (live.expires_at !== null) state.expiries.add(live.expires_at.getTime(), live.id);
  }
  if (session === null) {
    for (const live of lives) book.restore(state.liveOrder(live, token.tick_size));
  } else {
    const { phase } = marketPhase(session, now, {
      haltedUntil: token.halted_until,
      callEndedAt: token.last_uncross_at,
    });
    state.session = {
      session,
      version: token.session_version ?? '',
      phase,
      until: 0, // its first batch brings it to its phase (a due uncross, the random end drawn)
      haltedUntil: token.halted_until?.getTime() ?? null,
      uncrossAt: null,
      callEndedAt: token.last_uncross_at,
      extended: false,
      cancels: [],
    };
    state.session.phase = restoreRows(state, lives, phase, token.tick_size);
  }
  const windowStart = new Date(now.getTime() - token.circuit_breaker_window_seconds * 1000);
  for (const trade of await readWindowTrades(db, tokenId, windowStart)) {
    state.window.record(trade.created_at.getTime(), trade.price);
  }
  return state;
}

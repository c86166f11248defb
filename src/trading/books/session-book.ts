/**
 * A book under a trading session (docs/auctions.md): its market phase drives what it does with
 * orders. In continuous trading (and while halted) the engine holds the book as it always has;
 * in a call and while closed, the engine holds only pending stops and every other order is held
 * outside it (`BookState.held`, in time priority), resting without matching. A call ends at its
 * random end with the uncross (engine/uncross.ts): one price, its trades recorded like the
 * continuous ones under one auction id (settled as one batch). Leaving a call or the closed
 * market for continuous trading puts the held orders back into the engine; the session's end
 * expires its DAY orders.
 *
 * Pure but for the book and the batch it changes, like execution.ts. The sequencer brings a book
 * to its phase (`syncPhase`) before the batch's first command of that book; the book's tick
 * sends a `session` command when the phase is due to change, so an uncross is ordered, written
 * and published like every other batch.
 */
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { centsOf, formatCents } from '../../lib/cents.js';
import type { TimeInForce } from '../../lib/db/schema-trading.js';
import {
  indicativeWithoutSelfTrades,
  uncrossWithoutSelfTrades,
  type AuctionPrice,
  type CallOrder,
  type PlaceOrder,
} from '../engine/index.js';
import { marketPhase, type Phase, type TradingSession } from '../trading-sessions/market-phase.js';
import { phaseAccepts, type PhaseHandling } from '../trading-sessions/phase-orders.js';
import { breakerTrips } from '../risk/risk.rules.js';
import { engineTimeInForce, type BookSession, type BookState, type LiveRow } from './book-state.js';
import {
  applyPlan,
  endHeld,
  accruedLockCents,
  endOrder,
  placeOrder,
  recordPlan,
  recordTrade,
  release,
  type BatchContext,
  type EndReason,
  type PlaceInput,
} from './execution.js';
import type { Finding } from '../surveillance/finding.js';
import { fromTicks, toTicks } from './ticks.js';

const CALLS: ReadonlySet<Phase> = new Set(['pre_open', 'closing_call', 'auction']);
/** Times in force that exist only with a session (on a book without one: not in its model). */
const SESSION_ONLY: ReadonlySet<TimeInForce> = new Set(['DAY', 'ATO', 'ATC', 'GFA']);
/** Times in force an order keeps only for the call it took part in. */
const ONE_CALL: ReadonlySet<TimeInForce> = new Set(['ATO', 'ATC', 'GFA']);

/** Whether the engine holds the book's orders in this phase. */
const engineHolds = (phase: Phase) => phase === 'continuous' || phase === 'halted';

export const isCall = (phase: Phase) => CALLS.has(phase);

/** An order as the phase rules read it. */
type PhaseShaped = Pick<LiveRow, 'order_type' | 'time_in_force'>;

/** How the phase treats an order (its model's rules), or the code that refuses it. */
function handlingOf(
  session: TradingSession | null,
  phase: Phase,
  order: PhaseShaped,
): PhaseHandling | AppError {
  const decision = phaseAccepts({
    model: session?.model ?? 'continuous',
    hasHours: (session?.hours.length ?? 0) > 0,
    phase,
    orderType: order.order_type,
    timeInForce: order.time_in_force,
  });
  if (decision.ok) return decision.handling;
  return new AppError(decision.code);
}

/**
 * A new order on a book: matched as today, held for the call or a later phase, or refused with
 * the phase's code. A book without a session takes only today's times in force.
 */
export function placeInPhase(ctx: BatchContext, input: PlaceInput): string {
  const session = ctx.state.session;
  if (session === null && !SESSION_ONLY.has(input.timeInForce)) return placeOrder(ctx, input);
  const handling = handlingOf(session?.session ?? null, session?.phase ?? 'continuous', {
    order_type: input.orderType,
    time_in_force: input.timeInForce,
  });
  if (handling instanceof AppError) throw handling;
  return placeOrder(ctx, input, handling !== 'match');
}

/**
 * Ends an order of a book with a session; an owner's cancel in a call that moves its indicative
 * price is noted for the surveillance of the uncross.
 */
export function cancelInPhase(ctx: BatchContext, row: LiveRow, reason: EndReason): void {
  const session = ctx.state.session!;
  const noted =
    reason === 'CANCELLED_BY_OWNER' && isCall(session.phase) && ctx.state.held.has(row.id);
  const before = noted ? indicativeOf(ctx).price : null;
  endOrder(ctx, row.id, reason);
  if (!noted) return;
  const after = indicativeOf(ctx).price;
  if (after !== before) session.cancels.push({ row: { ...row }, at: ctx.batch.now, before, after });
}

/**
 * The alerts of an uncross: owners' cancels within the random-end window before it that moved
 * the indicative price (docs/auctions.md, "Protections").
 */
function cancelAlerts(ctx: BatchContext, session: BookSession): Finding[] {
  const { token, batch } = ctx;
  const from = batch.now.getTime() - session.session.randomEndSeconds * 1000;
  const shown = (ticks: number | null) =>
    ticks === null ? 'none' : fromTicks(ticks, token.tick_size);
  return session.cancels
    .filter((cancel) => cancel.at.getTime() >= from)
    .map(({ row, at, before, after }) => ({
      rule: 'auction_cancel',
      userId: row.user_id,
      summary:
        `${row.side} order of ${row.remaining_quantity} at ${row.price} cancelled ` +
        `${Math.round((batch.now.getTime() - at.getTime()) / 1000)} s before the uncross; ` +
        `it moved the indicative price from ${shown(after)} to ${shown(before)}`,
      orders: [
        {
          id: row.id,
          user_id: row.user_id,
          side: row.side,
          price: row.price,
          quantity: row.quantity,
          filled_quantity: row.filled_quantity,
          placed_at: row.created_at,
          cancelled_at: at,
          mean_size_before: 0,
        },
      ],
      trades: [],
    }));
}

/** What a book's session needs to follow its phase: the random end's draw. */
export interface PhaseClock {
  /** in [0, 1): where in its window a call ends (seeded in tests) */
  random: () => number;
}

/**
 * Brings the book to its phase at the batch's time: a call whose random end has come (or that
 * is over) uncrosses first; then the orders move for the phase the book enters.
 */
export function syncPhase(ctx: BatchContext, clock: PhaseClock): void {
  const session = ctx.state.session!;
  const now = ctx.batch.now.getTime();
  const halt = (ctx.batch.haltedUntil ?? ctx.token.halted_until)?.getTime() ?? null;
  if (now < session.until && halt === session.haltedUntil) return;
  let next = phaseNow(session, ctx.batch.now, halt);
  const due = session.uncrossAt !== null && now >= session.uncrossAt;
  if (isCall(session.phase) && (due || !isCall(next.phase))) {
    if (!isCall(next.phase) || !extended(ctx, session)) {
      runUncross(ctx);
      next = phaseNow(session, ctx.batch.now, halt);
    }
  }
  if (next.phase !== session.phase) arrange(ctx, session.phase, next.phase);
  session.phase = next.phase;
  session.haltedUntil = halt;
  if (isCall(next.phase) && session.uncrossAt === null && next.randomEndBy !== null) {
    const end = next.scheduledEnd!.getTime();
    session.uncrossAt = end + Math.floor(clock.random() * (next.randomEndBy.getTime() - end));
  }
  session.until = isCall(next.phase)
    ? session.uncrossAt!
    : (next.scheduledEnd?.getTime() ?? Number.MAX_SAFE_INTEGER);
}

/** The phase; a price-monitoring extension holds the call through a second window. */
function phaseNow(session: BookSession, at: Date, halt: number | null) {
  const rules = session.extended
    ? { ...session.session, randomEndSeconds: session.session.randomEndSeconds * 2 }
    : session.session;
  return marketPhase(rules, at, {
    haltedUntil: halt === null ? null : new Date(halt),
    callEndedAt: session.callEndedAt,
  });
}

/**
 * Price monitoring (docs/auctions.md, "Protections"): at the call's end, an indicative price
 * outside the circuit breaker's band around the reference extends the call once, by another
 * random-end window, rather than crossing. Answers whether it did.
 */
function extended(ctx: BatchContext, session: BookSession): boolean {
  if (session.extended) return false;
  const reference = referenceOf(ctx);
  const indicative = indicativeOf(ctx);
  if (indicative.price === null) return false;
  const tick = ctx.token.tick_size;
  const outside = breakerTrips(
    fromTicks(reference, tick),
    fromTicks(indicative.price, tick),
    ctx.token.circuit_breaker_pct,
  );
  if (!outside) return false;
  const window = session.session.randomEndSeconds * 1000;
  session.extended = true;
  session.uncrossAt = session.uncrossAt! + window;
  return true;
}

/** The orders of `rows` (live, in time priority) that take part in the phase's call. */
export function inCall<R extends PhaseShaped>(
  session: TradingSession,
  phase: Phase,
  rows: Iterable<R>,
): R[] {
  return [...rows].filter((row) => handlingOf(session, phase, row) === 'call');
}

/** The orders taking part in the running call, in time priority. */
function callOrders(state: BookState): LiveRow[] {
  const { session, phase } = state.session!;
  return inCall(session, phase, state.held.values());
}

/**
 * A call's reference in ticks: the last trade, else the NAV, else the offering price (the first
 * on the tick); without any, the lowest tick.
 */
export function referenceTicks(prices: readonly (string | null)[], tickSize: string): number {
  for (const price of prices) {
    if (price === null) continue;
    const ticks = toTicks(price, tickSize);
    if (typeof ticks === 'number') return ticks;
  }
  return 1;
}

const referenceOf = (ctx: Pick<BatchContext, 'state' | 'token' | 'nav'>) =>
  referenceTicks([ctx.state.lastPrice, ctx.nav, ctx.token.price_per_token], ctx.token.tick_size);

/** An order of a call as the uncross reads it; held market orders rest at their protection. */
export function callOrderOf(
  row: Pick<LiveRow, 'engine_key' | 'id' | 'user_id' | 'side' | 'price' | 'remaining_quantity'>,
  tickSize: string,
): CallOrder {
  const price = toTicks(row.price!, tickSize);
  if (typeof price !== 'number') throw new Error(`stored price ${row.price} is off the tick`);
  return {
    key: row.engine_key,
    orderId: row.id,
    ownerId: row.user_id,
    side: row.side,
    price,
    quantity: row.remaining_quantity,
  };
}

/** The running call's indicative state: the price, volume and surplus of an uncross now. */
function indicativeOf(ctx: BatchContext): AuctionPrice {
  const orders = callOrders(ctx.state).map((row) => callOrderOf(row, ctx.token.tick_size));
  return indicativeWithoutSelfTrades(orders, referenceOf(ctx));
}

/**
 * The call's uncross: its trades at one price under one auction id, each order's fill, the buys'
 * locks spent at their own price with the difference to the auction price given back; then what
 * was only for this call (market orders, ATO, ATC, GFA) expires.
 */
function runUncross(ctx: BatchContext): void {
  const { batch, state, token } = ctx;
  const session = state.session!;
  const rows = callOrders(state);
  const orders = rows.map((row) => callOrderOf(row, token.tick_size));
  const { result, prevented } = uncrossWithoutSelfTrades(orders, referenceOf(ctx));
  // an order that would have traded its owner with themselves is cancelled, as a taker would be
  for (const order of prevented)
    endHeld(ctx, state.live.get(order.orderId)!, 'SELF_TRADE_PREVENTED');
  if (result !== null) {
    const auctionId = newId();
    const accruedLock = accruedLockCents(ctx);
    const price = fromTicks(result.price, token.tick_size);
    for (const fill of result.trades) {
      const buy = state.live.get(fill.buyOrderId)!;
      const sell = state.live.get(fill.sellOrderId)!;
      const trade = recordTrade(
        batch,
        token,
        {
          buyOrderId: buy.id,
          sellOrderId: sell.id,
          buyOtcOrderId: null,
          sellOtcOrderId: null,
          buyerId: buy.user_id,
          sellerId: sell.user_id,
          // the later of the two met the earlier, as a taker meets a maker
          takerSide: buy.priority > sell.priority ? 'buy' : 'sell',
          price,
          quantity: fill.quantity,
        },
        ctx.debt,
      );
      trade.auction_id = auctionId;
      const total = centsOf(trade.total);
      const accrued = centsOf(trade.accrued_interest);
      // the buy's lock at its own price and its accrued-interest lock, less what it paid
      const spent = (centsOf(buy.price!) + accruedLock) * BigInt(fill.quantity);
      buy.locked_fiat = formatCents(centsOf(buy.locked_fiat) - spent);
      if (spent !== total + accrued) {
        batch.moveFiat({
          userId: buy.user_id,
          amount: formatCents(spent - total - accrued),
          kind: 'order_release',
          referenceType: 'order',
          referenceId: buy.id,
        });
      }
      for (const row of [buy, sell]) {
        row.filled_quantity += fill.quantity;
        row.remaining_quantity -= fill.quantity;
        row.filled_value = formatCents(centsOf(row.filled_value) + total);
      }
    }
    for (const fill of result.fills) {
      const row = state.live.get(fill.orderId)!;
      row.status = row.remaining_quantity === 0 ? 'filled' : 'partially_filled';
      if (row.status === 'filled') {
        release(ctx, row);
        state.live.delete(row.id);
        state.held.delete(row.id);
      }
      batch.touch(row);
      batch.recordHistory(row, null, state.book.sequence);
    }
    state.lastPrice = price;
    state.window.record(batch.now.getTime(), price);
  }
  for (const row of rows) {
    const onlyThisCall = row.order_type === 'market' || ONE_CALL.has(row.time_in_force);
    if (state.live.has(row.id) && onlyThisCall) endHeld(ctx, row, 'EXPIRED');
  }
  batch.alerts.push(...cancelAlerts(ctx, session));
  session.cancels = [];
  session.callEndedAt = batch.now;
  session.uncrossAt = null;
  session.extended = false;
  batch.lastUncrossAt = batch.now;
}

/** Moves the orders as the book goes from one phase to the next. */
function arrange(ctx: BatchContext, from: Phase, to: Phase): void {
  if (to === 'closed') expireAtClose(ctx);
  if (engineHolds(from) && !engineHolds(to)) takeFromEngine(ctx);
  if (!engineHolds(from) && engineHolds(to)) putIntoEngine(ctx);
}

/** The session's end: its DAY orders expire. */
function expireAtClose(ctx: BatchContext): void {
  const ending = [...ctx.state.live.values()].filter((row) => row.time_in_force === 'DAY');
  for (const row of ending) endOrder(ctx, row.id, 'EXPIRED');
}

/** The engine's resting orders leave it (their levels with them) for the held ones. */
function takeFromEngine(ctx: BatchContext): void {
  const { state } = ctx;
  const resting = state.book.restingOrders();
  for (const order of resting) {
    const planned = state.book.plan({ kind: 'cancel', key: order.key });
    if (!planned.ok) throw new Error(`cancel refused: ${planned.code}`);
    applyPlan(ctx, planned.plan);
  }
  const rows = [...state.held.values(), ...resting.map((order) => state.live.get(order.orderId)!)];
  rows.sort((a, b) => a.priority - b.priority);
  state.held.clear();
  for (const row of rows) state.held.set(row.id, row);
}

/**
 * The held orders continuous trading takes enter the engine in time priority, matching as they
 * enter (after an uncross nothing crosses); the others keep waiting (ATC, GFA).
 */
function putIntoEngine(ctx: BatchContext): void {
  const { state, token } = ctx;
  for (const row of [...state.held.values()]) {
    if (handlingOf(state.session?.session ?? null, 'continuous', row) !== 'match') continue;
    state.held.delete(row.id);
    const command: PlaceOrder = {
      kind: 'place',
      key: row.engine_key,
      orderId: row.id,
      ownerId: row.user_id,
      ownerKey: row.owner_key,
      side: row.side,
      type: row.order_type,
      quantity: row.remaining_quantity,
      price: state.ticks(row.price!, token.tick_size),
      stopPrice: row.stop_price === null ? undefined : state.ticks(row.stop_price, token.tick_size),
      timeInForce: engineTimeInForce(row.time_in_force, row.order_type),
    };
    const planned = state.book.plan(command);
    if (!planned.ok) {
      endHeld(ctx, row, 'EXPIRED');
      continue;
    }
    applyPlan(ctx, planned.plan);
    recordPlan(ctx, planned.plan, {});
  }
}

/**
 * Where a rebuilt book's orders go: in continuous trading (or halted) into the engine, but for
 * those that wait (ATC, GFA) or would cross it (entered while the market was closed: they enter
 * at the next batch, matching); otherwise held, pending stops aside (the engine keeps them).
 * Answers the phase the orders are arranged for.
 */
export function restoreRows(
  state: BookState,
  rows: readonly LiveRow[],
  phase: Phase,
  tickSize: string,
): Phase {
  let arranged = phase;
  for (const row of rows) {
    const stop = row.status === 'pending_stop';
    const waits =
      state.session !== null && handlingOf(state.session.session, 'continuous', row) !== 'match';
    const inEngine = stop || (engineHolds(phase) && !waits && !crosses(state, row, tickSize));
    if (inEngine) state.book.restore(state.liveOrder(row, tickSize));
    else state.held.set(row.id, row);
    if (!inEngine && engineHolds(phase) && !waits) arranged = 'closed';
  }
  return arranged;
}

function crosses(state: BookState, row: LiveRow, tickSize: string): boolean {
  const depth = state.book.depth(1);
  const best = row.side === 'buy' ? depth.asks[0] : depth.bids[0];
  if (best === undefined) return false;
  const price = state.ticks(row.price!, tickSize);
  return row.side === 'buy' ? price >= best.price : price <= best.price;
}

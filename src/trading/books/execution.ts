/**
 * The heart of a token's writer: one command (place, cancel, expire, amend) checked against the
 * token, the user and the batch's working balances, planned by the engine, applied to the book at
 * once (tentatively: the batch's next command is planned against it), and recorded into the batch
 * as rows, ledger movements and wallet changes. A refusal records nothing and leaves the book as
 * it was. If the batch then fails to commit, the writer rebuilds the book from the database.
 *
 * Money (DECISIONS "Trading"): a buy takes its lock from fiat_balance into locked_fiat at
 * placement (limit and stop_limit: price * quantity; stop_loss: its protection price * quantity;
 * market: the cost of walking the book up to its protection price); each fill spends the lock at
 * the order's price and refunds the difference to the trade price at once; whatever is still
 * locked when the order ends goes back. A sell locks tokens in wallets.locked_balance. The seller
 * receives total - fee; the fees of a batch reach the treasury as one row.
 */
import { gateRefusal } from '../../lib/auth/gates.rules.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import type { OrderStatus, TimeInForce, Trade } from '../../lib/db/schema-trading.js';
import { AppError, type ErrorCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { centsOf, divideHalfEven, formatCents } from '../../lib/cents.js';
import type { BookPlan, PlaceOrder, RejectCode } from '../engine/index.js';
import {
  accruedInterest,
  accruedLockPerUnit,
  dayOf,
  type DebtTerms,
} from '../../lib/debt/debt-schedule.math.js';
import { fromTicks, priceCents, toTicks } from './ticks.js';
import {
  breakerTrips,
  fatFingerRefusal,
  marketBound,
  navDeviationRefused,
  overInvestmentLimit,
  investmentLimitOf,
} from '../risk/risk.rules.js';
import type { Batch } from './batch.js';
import type { TraderRow } from './batch.queries.js';
import { engineTimeInForce, type BookState, type LiveRow } from './book-state.js';

export interface PlaceInput {
  userId: string;
  side: 'buy' | 'sell';
  orderType: 'limit' | 'market' | 'stop_loss' | 'stop_limit';
  quantity: number;
  price: string | null;
  stopPrice: string | null;
  timeInForce: TimeInForce;
  expiresAt: Date | null;
  clientOrderId: string | null;
  requestHash: string | null;
  confirmFatFinger: boolean;
  confirmNavDeviation: boolean;
}

export interface AmendInput {
  orderId: string;
  userId: string;
  quantity: number | undefined;
  price: string | undefined;
  confirmFatFinger: boolean;
  confirmNavDeviation: boolean;
}

/** Why an order left the book other than by trading or its owner. */
/** TRADING_MODE_CHANGED: staff moved the token to OTC, which has no book. */
export type EndReason =
  | 'CANCELLED_BY_OWNER'
  | 'EXPIRED'
  | 'TOKEN_CLOSED'
  | 'TRADING_MODE_CHANGED'
  /** a split or consolidation: quantities and prices change, so the book starts afresh */
  | 'CORPORATE_ACTION'
  /** the call's uncross would have traded the owner with themselves (uncross-stp.ts) */
  | 'SELF_TRADE_PREVENTED'
  | RestrictionReason;

/** Why the token's agent ended a holder's orders (docs/compliance.md "Agent actions"). */
export type RestrictionReason = 'ADDRESS_FROZEN' | 'TOKEN_UNITS_FROZEN' | 'KYC_REVOKED';

export interface BatchContext {
  batch: Batch;
  state: BookState;
  token: Token;
  nav: string | null;
  /** a debt token's terms: its buys lock, and its trades carry, accrued interest */
  debt: DebtTerms | null;
  traders: Map<string, TraderRow>;
}

/** What a buy locks per unit beyond its price for accrued interest, in cents (0: not debt). */
export function accruedLockCents(ctx: BatchContext): bigint {
  return ctx.debt ? centsOf(accruedLockPerUnit(ctx.debt)) : 0n;
}

const engineRefusals: Record<RejectCode, ErrorCode> = {
  INVALID_ORDER_ID: 'INTERNAL_ERROR',
  INVALID_OWNER_ID: 'INTERNAL_ERROR',
  DUPLICATE_ORDER_ID: 'INTERNAL_ERROR',
  ORDER_NOT_FOUND: 'ORDER_NOT_OPEN',
  INVALID_AMEND: 'INVALID_AMEND',
  INVALID_QUANTITY: 'PRICE_OUT_OF_RANGE',
  INVALID_PRICE: 'PRICE_OUT_OF_RANGE',
  INVALID_STOP_PRICE: 'PRICE_OUT_OF_RANGE',
  INVALID_TIME_IN_FORCE: 'TIME_IN_FORCE_NOT_ALLOWED',
  POST_ONLY_WOULD_CROSS: 'POST_ONLY_WOULD_CROSS',
  FOK_NOT_FILLABLE: 'FOK_NOT_FILLABLE',
  NO_LIQUIDITY: 'NO_LIQUIDITY',
};

function refuse(code: ErrorCode, detail?: string): never {
  throw new AppError(code, detail);
}

function ticksOrRefuse(price: string, tickSize: string): number {
  const ticks = toTicks(price, tickSize);
  if (typeof ticks !== 'number') refuse(ticks.code, ticks.detail);
  return ticks;
}

/** The token must have a live order book (SPEC Errors 5). */
export function checkTokenTrades(token: Token): void {
  if (token.trading_mode === 'primary_subscription') {
    refuse('TRADING_MODE_PRIMARY_ONLY', 'Subscribe in the offering; this token has no order book');
  }
  if (token.status !== 'secondary') {
    refuse('TOKEN_NOT_TRADING', `The token is ${token.status}`);
  }
  if (token.trading_mode === 'fixed_price_otc') {
    refuse('TRADING_MODE_OTC', 'This token trades over the counter at its fixed price');
  }
}

function checkNotHalted(ctx: BatchContext): void {
  const until = ctx.batch.haltedUntil ?? ctx.token.halted_until;
  if (until !== null && until > ctx.batch.now) {
    refuse('TRADING_HALTED', `The book is halted until ${until.toISOString()}`);
  }
}

/** Fat-finger and NAV deviation of a price the user gave (SPEC Errors 2 and 3). */
function checkPriceRisk(ctx: BatchContext, price: string, fatFinger: boolean, nav: boolean): void {
  const { token } = ctx;
  const reference = ctx.state.lastPrice ?? token.price_per_token;
  const fat = fatFingerRefusal(
    price,
    reference,
    { fatFingerMode: token.fat_finger_mode, fatFingerFactor: token.fat_finger_factor },
    fatFinger,
  );
  if (fat) {
    refuse(fat, `${price} is more than ${token.fat_finger_factor} times away from ${reference}`);
  }
  if (navDeviationRefused(price, ctx.nav, token.nav_deviation_pct, nav)) {
    refuse(
      'NAV_DEVIATION_CONFIRMATION_REQUIRED',
      `${price} is more than ${token.nav_deviation_pct}% away from the NAV ${ctx.nav}`,
    );
  }
}

/** SPEC Errors 6 in its order, with the verification matrix of DECISIONS "Access". */
export function checkTrader(ctx: Pick<BatchContext, 'traders'>, userId: string): TraderRow {
  const trader = ctx.traders.get(userId);
  if (!trader) refuse('NOT_FOUND', 'Unknown user');
  if (trader.wallet_address === null) {
    refuse('WALLET_ADDRESS_REQUIRED', 'Link a wallet or get a custodial one first');
  }
  const gate = gateRefusal(trader, 'place_orders');
  if (gate) refuse(gate);
  if (trader.fatca_status === 'blocked') refuse('FATCA_BLOCKED');
  if (!trader.is_activated) refuse('ACCOUNT_NOT_ACTIVATED');
  return trader;
}

/** `notional` in cents */
export function checkInvestmentLimit(trader: TraderRow, notional: bigint): void {
  if (overInvestmentLimit(notional, trader.accreditation_status)) {
    refuse(
      'INVESTMENT_LIMIT_EXCEEDED',
      `${trader.accreditation_status ?? 'retail'} investors may buy at most ${investmentLimitOf(trader.accreditation_status)} USD per order`,
    );
  }
}

/** A sell of `quantity` more units: held, not locked by other sells, not frozen by the agent. */
function checkSellable(batch: Batch, userId: string, quantity: number): void {
  if (batch.addressFrozen(userId)) refuse('ADDRESS_FROZEN');
  if (batch.tokensUnlocked(userId) < quantity) {
    refuse('INSUFFICIENT_TOKENS', `${batch.tokensUnlocked(userId)} tokens are free to sell`);
  }
  if (batch.tokensAvailable(userId) < quantity) {
    refuse(
      'TOKEN_UNITS_FROZEN',
      `${batch.tokensAvailable(userId)} tokens are free to sell; the token's agent froze the rest`,
    );
  }
}

/** What a market buy must lock, in cents: the asks it can reach up to its protection price. */
function walkCost(ctx: BatchContext, quantity: number, limitTicks: number): bigint {
  const tick = ctx.token.tick_size;
  let left = quantity;
  let cost = 0n;
  const depth = ctx.state.book.depth(Number.MAX_SAFE_INTEGER);
  for (const level of depth.asks) {
    if (left === 0 || level.price > limitTicks) break;
    const take = Math.min(left, level.quantity);
    cost += priceCents(level.price, tick) * BigInt(take);
    left -= take;
  }
  return cost;
}

/**
 * Places an order: checked, its lock taken, its row written. `held`: it rests in the book's call
 * or waits for a later phase (session-book.ts), outside the engine, without matching; a market
 * buy then locks its protection price, there being no book to walk.
 */
export function placeOrder(ctx: BatchContext, input: PlaceInput, held = false): string {
  const { batch, state, token } = ctx;
  checkTokenTrades(token);
  const tick = token.tick_size;
  const priceTicks = input.price === null ? null : ticksOrRefuse(input.price, tick);
  const stopTicks = input.stopPrice === null ? null : ticksOrRefuse(input.stopPrice, tick);
  checkNotHalted(ctx);
  if (input.price !== null) {
    checkPriceRisk(ctx, input.price, input.confirmFatFinger, input.confirmNavDeviation);
  }
  const trader = checkTrader(ctx, input.userId);
  // A frozen address can neither send nor receive: settlement would fail either side.
  if (batch.addressFrozen(input.userId)) refuse('ADDRESS_FROZEN');

  // Orders without a limit get the fat-finger bound as the worst price they may trade at.
  let protection = input.price;
  if (protection === null) {
    const reference =
      input.orderType === 'stop_loss'
        ? input.stopPrice!
        : (state.lastPrice ?? token.price_per_token);
    protection = marketBound(input.side, reference, token.fat_finger_factor, tick);
  }
  const protectionTicks = priceTicks ?? ticksOrRefuse(protection, tick);

  // money in cents: the protection price is on the tick, so whole cents
  let lock = 0n;
  if (input.side === 'buy') {
    lock =
      input.orderType === 'market' && !held
        ? walkCost(ctx, input.quantity, protectionTicks)
        : centsOf(protection) * BigInt(input.quantity);
    if (input.orderType === 'market' && !held && lock === 0n) {
      refuse('NO_LIQUIDITY', 'No ask within the price protection');
    }
    lock += accruedLockCents(ctx) * BigInt(input.quantity);
    checkInvestmentLimit(trader, lock);
    if (batch.fiatAvailable(input.userId) < lock) {
      refuse('INSUFFICIENT_FUNDS', `The order needs ${formatCents(lock)} locked`);
    }
  } else {
    checkSellable(batch, input.userId, input.quantity);
  }

  const id = newId();
  const key = state.nextKey;
  const command: PlaceOrder = {
    kind: 'place',
    key,
    orderId: id,
    ownerId: input.userId,
    ownerKey: trader.trading_key,
    side: input.side,
    type: input.orderType,
    quantity: input.quantity,
    price:
      input.orderType === 'limit' || input.orderType === 'stop_limit'
        ? priceTicks!
        : protectionTicks,
    stopPrice: stopTicks ?? undefined,
    timeInForce: engineTimeInForce(input.timeInForce, input.orderType),
  };
  const result = held ? undefined : state.book.plan(command);
  if (result && !result.ok) refuse(engineRefusals[result.code]);
  state.nextKey += 1;
  if (result) applyPlan(ctx, result.plan);

  const row: LiveRow = {
    id,
    user_id: input.userId,
    token_id: token.id,
    side: input.side,
    order_type: input.orderType,
    time_in_force: input.timeInForce,
    // a market order keeps the protection the user gave, if any (held, the one it locked: its
    // price in the uncross); stops keep theirs for rebuild
    price: input.orderType === 'market' && !held ? input.price : protection,
    stop_price: input.stopPrice,
    quantity: input.quantity,
    filled_quantity: 0,
    remaining_quantity: input.quantity,
    locked_fiat: formatCents(lock),
    filled_value: '0.00',
    status: 'open',
    cancel_reason: null,
    engine_key: key,
    priority: state.nextPriority++,
    expires_at: input.expiresAt,
    client_order_id: input.clientOrderId,
    request_hash: input.requestHash,
    created_at: batch.now,
    updated_at: batch.now,
    owner_key: trader.trading_key,
  };
  state.live.set(id, row);
  batch.inserted.set(id, row);
  if (input.side === 'buy') {
    batch.moveFiat({
      userId: input.userId,
      amount: formatCents(-lock),
      kind: 'order_lock',
      referenceType: 'order',
      referenceId: id,
    });
  } else {
    batch.moveTokens(input.userId, 0, input.quantity);
  }
  if (input.expiresAt !== null) state.expiries.add(input.expiresAt.getTime(), id);
  if (result) recordPlan(ctx, result.plan, {});
  else state.held.set(id, row);
  return id;
}

/**
 * Ends a live order: cancelled (by its owner, or because its token closed) or, at its GTD time,
 * expired through the engine's `expire` (status `expired`, reason EXPIRED on the row).
 */
export function endOrder(ctx: BatchContext, orderId: string, reason: EndReason): void {
  const row = ctx.state.live.get(orderId);
  if (!row) refuse('ORDER_NOT_OPEN', 'The order is no longer open');
  if (ctx.state.held.has(orderId)) {
    endHeld(ctx, row, reason);
    return;
  }
  const kind = reason === 'EXPIRED' ? 'expire' : 'cancel';
  const result = ctx.state.book.plan({ kind, key: row.engine_key });
  if (!result.ok) refuse(engineRefusals[result.code]);
  applyPlan(ctx, result.plan);
  recordPlan(ctx, result.plan, reason === 'CANCELLED_BY_OWNER' ? {} : { [orderId]: reason });
}

/** An order held outside the engine (session-book.ts) ends: its row, its lock given back. */
export function endHeld(ctx: BatchContext, row: LiveRow, reason: EndReason): void {
  const { batch, state } = ctx;
  row.status = reason === 'EXPIRED' ? 'expired' : 'cancelled';
  row.cancel_reason = reason;
  release(ctx, row);
  state.live.delete(row.id);
  state.held.delete(row.id);
  batch.touch(row);
  batch.recordHistory(row, reason, state.book.sequence);
}

/**
 * Cancels every live order of one owner in this book: the held ones, then those in the engine
 * through its `cancel_all`.
 */
export function cancelAllOf(ctx: BatchContext, userId: string): string[] {
  const held = [...ctx.state.held.values()].filter((row) => row.user_id === userId);
  for (const row of held) endHeld(ctx, row, 'CANCELLED_BY_OWNER');
  let ownerKey: number | undefined;
  for (const row of ctx.state.live.values()) {
    if (row.user_id === userId) {
      ownerKey = row.owner_key;
      break;
    }
  }
  if (ownerKey === undefined) return held.map((row) => row.id);
  const result = ctx.state.book.plan({ kind: 'cancel_all', ownerKey });
  if (!result.ok) refuse(engineRefusals[result.code]);
  applyPlan(ctx, result.plan);
  recordPlan(ctx, result.plan, {});
  const ids = held.map((row) => row.id);
  for (let i = 0; i < result.plan.updateCount; i += 1) ids.push(result.plan.updateAt(i).orderId);
  return ids;
}

/**
 * Ends what the token's agent no longer allows a holder: every order of a frozen address or of a
 * user whose verification was revoked; for frozen units, the newest sells until the sells lock
 * no more than the unfrozen units. Answers the orders ended.
 */
export function restrictHolder(
  ctx: BatchContext,
  userId: string,
  reason: RestrictionReason,
): string[] {
  const orders = [...ctx.state.live.values()]
    .filter(
      (row) => row.user_id === userId && (reason !== 'TOKEN_UNITS_FROZEN' || row.side === 'sell'),
    )
    .sort((a, b) => b.priority - a.priority);
  const wallet = ctx.batch.tokenBalances.get(userId);
  const ended: string[] = [];
  for (const row of orders) {
    const overLocked = wallet !== undefined && wallet.locked > wallet.balance - wallet.frozen;
    if (reason === 'TOKEN_UNITS_FROZEN' && !overLocked) break;
    endOrder(ctx, row.id, reason);
    ended.push(row.id);
  }
  return ended;
}

/**
 * Amend (DECISIONS "Trading"): a new total quantity and/or price, through the engine's amend. A
 * quantity decrease alone keeps the order's time priority; a price change or an increase is a
 * cancel-replace to the back of the (new) level, which may trade at once.
 */
export function amendOrder(ctx: BatchContext, input: AmendInput): void {
  const { batch, state, token } = ctx;
  const row = state.live.get(input.orderId);
  if (!row || row.user_id !== input.userId) refuse('ORDER_NOT_OPEN', 'The order is no longer open');
  const quantity = input.quantity ?? row.quantity;
  const price = input.price ?? row.price;
  const priceChanged =
    input.price !== undefined &&
    centsOf(input.price) !== (row.price === null ? 0n : centsOf(row.price));
  if (input.price !== undefined && row.order_type !== 'limit' && row.order_type !== 'stop_limit') {
    refuse('INVALID_AMEND', `A ${row.order_type} order has no limit price to change`);
  }
  if (quantity === row.quantity && !priceChanged) refuse('INVALID_AMEND', 'Nothing changes');
  if (quantity <= row.filled_quantity) {
    refuse('INVALID_AMEND', `The quantity must stay above the ${row.filled_quantity} filled`);
  }
  const tick = token.tick_size;
  const priceTicks = price === null ? null : ticksOrRefuse(price, tick);
  if (priceChanged || quantity > row.quantity) checkNotHalted(ctx);
  if (priceChanged) checkPriceRisk(ctx, price!, input.confirmFatFinger, input.confirmNavDeviation);
  const trader = checkTrader(ctx, input.userId);
  const remaining = quantity - row.filled_quantity;
  const held = state.held.has(row.id);
  if (held && row.order_type === 'market' && priceChanged) {
    refuse('INVALID_AMEND', 'A market order has no limit price to change');
  }
  if (row.time_in_force === 'POST_ONLY' && priceChanged && row.status !== 'pending_stop') {
    const depth = state.book.depth(1);
    const best = row.side === 'buy' ? depth.asks[0] : depth.bids[0];
    const crosses =
      best !== undefined &&
      (row.side === 'buy' ? priceTicks! >= best.price : priceTicks! <= best.price);
    if (crosses) refuse('POST_ONLY_WOULD_CROSS');
  }
  let lock = 0n;
  let lockDelta = 0n;
  if (row.side === 'buy') {
    lock = (centsOf(price!) + accruedLockCents(ctx)) * BigInt(remaining);
    lockDelta = lock - centsOf(row.locked_fiat);
    if (lockDelta > 0n) {
      checkInvestmentLimit(trader, lock);
      if (batch.fiatAvailable(row.user_id) < lockDelta) {
        refuse('INSUFFICIENT_FUNDS', `The amend needs ${formatCents(lockDelta)} more locked`);
      }
    }
  } else if (remaining > row.remaining_quantity) {
    checkSellable(batch, row.user_id, remaining - row.remaining_quantity);
  }

  // The engine keeps the place of a resting order's decrease and of any pending stop's amend;
  // everything else goes to the back of its level, and the row's priority follows, so a rebuilt
  // book (restored in priority order) queues the orders as the live one does.
  const keepsPlace = row.status === 'pending_stop' || (!priceChanged && quantity < row.quantity);
  // the engine counts an order from its placing in it: one that traded in an uncross before has
  // its fills outside the engine's quantity
  const outside = held ? 0 : row.quantity - engineQuantity(state, row);
  const amended = held
    ? undefined
    : state.book.plan({
        kind: 'amend',
        key: row.engine_key,
        quantity: quantity === row.quantity ? undefined : quantity - outside,
        price: priceChanged ? priceTicks! : undefined,
      });
  // Everything the engine could refuse was checked above; a refusal here is a bug.
  if (amended && !amended.ok) throw new Error(`amend refused: ${amended.code}`);
  if (amended) applyPlan(ctx, amended.plan);

  if (row.side === 'buy' && lockDelta !== 0n) {
    batch.moveFiat({
      userId: row.user_id,
      amount: formatCents(-lockDelta),
      kind: lockDelta > 0n ? 'order_lock' : 'order_release',
      referenceType: 'order',
      referenceId: row.id,
    });
  }
  if (row.side === 'sell') batch.moveTokens(row.user_id, 0, remaining - row.remaining_quantity);
  row.quantity = quantity;
  row.remaining_quantity = remaining;
  row.price = price;
  if (row.side === 'buy') row.locked_fiat = formatCents(lock);
  if (!keepsPlace) {
    row.priority = state.nextPriority++;
    // held orders keep arrival order: to the back of the call
    if (held) state.held.delete(row.id);
    if (held) state.held.set(row.id, row);
  }
  batch.touch(row);
  batch.recordHistory(row, 'AMENDED', state.book.sequence);
  if (amended) recordPlan(ctx, amended.plan, {});
}

/** The quantity the engine knows an order by (its remaining quantity when it entered it). */
function engineQuantity(state: BookState, row: LiveRow): number {
  return state.book.find(row.engine_key)?.quantity ?? row.quantity;
}

/** Gives back what an order that ended still holds. */
export function release(ctx: BatchContext, row: LiveRow): void {
  if (row.side === 'buy') {
    if (centsOf(row.locked_fiat) !== 0n) {
      ctx.batch.moveFiat({
        userId: row.user_id,
        amount: row.locked_fiat,
        kind: 'order_release',
        referenceType: 'order',
        referenceId: row.id,
      });
      row.locked_fiat = '0.00';
    }
  } else if (row.remaining_quantity > 0) {
    ctx.batch.moveTokens(row.user_id, 0, -row.remaining_quantity);
  }
}

export interface TradeParties {
  buyOrderId: string | null;
  sellOrderId: string | null;
  buyOtcOrderId: string | null;
  sellOtcOrderId: string | null;
  buyerId: string;
  sellerId: string;
  takerSide: 'buy' | 'sell';
  price: string;
  quantity: number;
}

/**
 * One trade into the batch, as book and OTC trades both make it: the trade row (settlement
 * pending), the tokens from the seller's locked balance to the buyer, the seller's proceeds less
 * the fee (the buyer paid from the lock when the order was placed) and the fee for the treasury.
 * A debt token's trade also carries the interest accrued on the quantity at the trade's day,
 * credited to the seller here; the caller takes it from the buyer.
 */
export function recordTrade(
  batch: Batch,
  token: Token,
  parties: TradeParties,
  debt: DebtTerms | null,
): Trade {
  const { price, quantity } = parties;
  const total = centsOf(price) * BigInt(quantity);
  const fee = divideHalfEven(total * BigInt(token.fee_bps), 10_000n);
  const accrued = debt ? centsOf(accruedInterest(debt, dayOf(batch.now), quantity)) : 0n;
  const trade: Trade = {
    id: newId(),
    token_id: token.id,
    buy_order_id: parties.buyOrderId,
    sell_order_id: parties.sellOrderId,
    buy_otc_order_id: parties.buyOtcOrderId,
    sell_otc_order_id: parties.sellOtcOrderId,
    buyer_id: parties.buyerId,
    seller_id: parties.sellerId,
    taker_side: parties.takerSide,
    price,
    quantity,
    total: formatCents(total),
    platform_fee: formatCents(fee),
    effective_fee_bps: token.fee_bps,
    accrued_interest: formatCents(accrued),
    settlement_status: 'pending',
    settlement_type: null,
    settlement_attempts: 0,
    settlement_waits: 0,
    settlement_error: null,
    settlement_batch_key: null,
    auction_id: null,
    claimed_at: null,
    claimed_by: null,
    lease_expires_at: null,
    settled_at: null,
    tx_hash: null,
    created_at: batch.now,
    updated_at: batch.now,
  };
  batch.trades.push(trade);
  batch.moveTokens(parties.buyerId, quantity, 0);
  batch.moveTokens(parties.sellerId, -quantity, -quantity);
  batch.moveFiat({
    userId: parties.sellerId,
    amount: formatCents(total - fee),
    kind: 'trade_sell',
    referenceType: 'trade',
    referenceId: trade.id,
  });
  if (accrued > 0n) {
    batch.moveFiat({
      userId: parties.sellerId,
      amount: formatCents(accrued),
      kind: 'accrued_interest',
      referenceType: 'trade',
      referenceId: trade.id,
    });
  }
  batch.fees += fee;
  batch.lastPrice = price;
  return trade;
}

/** Applies a plan to the book; its level deltas go out with the batch once it commits. */
export function applyPlan(ctx: BatchContext, plan: BookPlan): void {
  ctx.state.book.apply(plan);
  ctx.batch.deltas.push(...plan.deltas);
}

/**
 * Records what an applied plan did: its trades (money and tokens move, the trade rows), then its
 * order updates (statuses, history, releases of what ended orders still hold).
 */
export function recordPlan(
  ctx: BatchContext,
  plan: BookPlan,
  endings: Record<string, EndReason>,
): void {
  const { batch, state, token } = ctx;
  const refunds = new Map<string, bigint>();
  const accruedLock = accruedLockCents(ctx);
  for (let i = 0; i < plan.tradeCount; i += 1) {
    const trade = plan.tradeAt(i);
    const buy = state.live.get(trade.buyOrderId)!;
    const sell = state.live.get(trade.sellOrderId)!;
    const price = fromTicks(trade.price, token.tick_size);
    const recorded = recordTrade(
      batch,
      token,
      {
        buyOrderId: buy.id,
        sellOrderId: sell.id,
        buyOtcOrderId: null,
        sellOtcOrderId: null,
        buyerId: buy.user_id,
        sellerId: sell.user_id,
        takerSide: trade.takerSide,
        price,
        quantity: trade.quantity,
      },
      ctx.debt,
    );
    const total = centsOf(recorded.total);
    const accrued = centsOf(recorded.accrued_interest);
    // The buy spends its lock at its own price (a market buy at the trade price), with its
    // accrued-interest lock, and gets back at once what the trade price and the accrued interest
    // leave of it.
    const spent =
      (buy.order_type === 'market' ? total : centsOf(buy.price!) * BigInt(trade.quantity)) +
      accruedLock * BigInt(trade.quantity);
    buy.locked_fiat = formatCents(centsOf(buy.locked_fiat) - spent);
    refunds.set(buy.id, (refunds.get(buy.id) ?? 0n) + spent - total - accrued);
    for (const row of [buy, sell]) {
      row.filled_value = formatCents(centsOf(row.filled_value) + total);
      batch.touch(row);
    }
    state.lastPrice = price;
    state.window.record(batch.now.getTime(), price);
  }
  for (const [orderId, refund] of refunds) {
    if (refund === 0n) continue;
    batch.moveFiat({
      userId: state.live.get(orderId)!.user_id,
      amount: formatCents(refund),
      kind: 'order_release',
      referenceType: 'order',
      referenceId: orderId,
    });
  }
  for (let i = 0; i < plan.updateCount; i += 1) {
    const update = plan.updateAt(i);
    const row = state.live.get(update.orderId)!;
    const ending = endings[update.orderId];
    const status: OrderStatus = update.status;
    // the engine counts from the quantity the order entered it with (its remaining one, for an
    // order that traded in an uncross before): what it filled before is the difference
    const before = row.quantity - update.filledQuantity - update.remainingQuantity;
    row.remaining_quantity = update.remainingQuantity;
    row.filled_quantity = before + update.filledQuantity;
    row.status = status;
    const reason = ending ?? update.reason ?? null;
    if (status === 'cancelled' || status === 'expired' || status === 'filled') {
      row.cancel_reason = status === 'filled' ? null : reason;
      release(ctx, row);
      state.live.delete(row.id);
    }
    batch.touch(row);
    batch.recordHistory(row, reason, state.book.sequence);
  }
  if (plan.tradeCount > 0) checkBreaker(ctx);
}

/** SPEC Errors 1: a move of circuit_breaker_pct within the window halts the book. */
function checkBreaker(ctx: BatchContext): void {
  const { batch, state, token } = ctx;
  const reference = state.window.reference(
    batch.now.getTime(),
    token.circuit_breaker_window_seconds * 1000,
  );
  if (reference === null || state.lastPrice === null) return;
  if (breakerTrips(reference, state.lastPrice, token.circuit_breaker_pct)) {
    batch.haltedUntil = new Date(batch.now.getTime() + token.halt_seconds * 1000);
  }
}

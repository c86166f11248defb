/**
 * The call auction's uncross (docs/auctions.md, "The algorithm"): one price for every order of a
 * call, and who fills how much at it. Pure like the rest of the engine: integer ticks and whole
 * tokens, no clock; the caller hands over the call's resting orders in arrival order and the
 * reference price in ticks.
 *
 * The price, among the ticks from the lowest to the highest of the call's limit prices and the
 * reference:
 * 1. the most executable volume; 2. then the smallest surplus (unmatched quantity at the price);
 * 3. then market pressure: surplus on the buy side at every remaining price, the highest; on the
 *    sell side at every one, the lowest; 4. else the one closest to the reference among those at
 *    which every order priced better than the price fills in full (when the remaining prices show
 *    a surplus on both sides, only the two prices where it changes side qualify). A call of market
 *    orders only thus trades at the reference.
 *
 * At the price, market orders fill first, then limits priced better, in full, then limits at the
 * price in time priority; the side without surplus fills completely.
 */
import type { Side } from './types.js';

/** An order resting in a call, as the uncross reads it. */
export interface CallOrder {
  readonly key: number;
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: Side;
  /** The limit price in ticks; null for a market order (it takes any price). */
  readonly price: number | null;
  /** What is left of it to execute, in whole tokens. */
  readonly quantity: number;
}

/** The price a call would uncross at now, and what stays over. */
export interface AuctionPrice {
  /** Ticks; null when no buy meets a sell. */
  readonly price: number | null;
  /** The quantity that executes at the price (0 when nothing does). */
  readonly volume: number;
  /** The side whose orders at or better than the price exceed the other's; null when balanced. */
  readonly surplusSide: Side | null;
  /** How much it exceeds it by. */
  readonly surplus: number;
}

/** One order's execution in the uncross. */
export interface AuctionFill {
  readonly key: number;
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: Side;
  readonly quantity: number;
  /** Whether the order is used up (its whole remaining quantity executes). */
  readonly complete: boolean;
}

/** A buy fill paired with a sell fill, at the auction price. */
export interface AuctionTrade {
  readonly quantity: number;
  readonly buyOrderId: string;
  readonly sellOrderId: string;
  readonly buyerId: string;
  readonly sellerId: string;
}

export interface Uncross extends AuctionPrice {
  readonly price: number;
  /** The orders that execute, in arrival order. */
  readonly fills: readonly AuctionFill[];
  /** Buy fills paired with sell fills, each side in arrival order. */
  readonly trades: readonly AuctionTrade[];
}

/** The executable quantity of each side at the price, split by how the orders stand to it. */
interface PriceStanding extends AuctionPrice {
  readonly price: number;
  readonly marketBuy: number;
  readonly marketSell: number;
  /** Limit buys above the price, limit sells below it. */
  readonly betterBuy: number;
  readonly betterSell: number;
}

const NONE: AuctionPrice = { price: null, volume: 0, surplusSide: null, surplus: 0 };

/** The indicative state of a call: its price, volume and surplus if it uncrossed now. */
export function auctionPrice(orders: readonly CallOrder[], reference: number): AuctionPrice {
  const standing = priceStanding(orders, reference);
  if (standing === null) return NONE;
  const { price, volume, surplusSide, surplus } = standing;
  return { price, volume, surplusSide, surplus };
}

/** The uncross of a call; null when no buy meets a sell. */
export function uncross(orders: readonly CallOrder[], reference: number): Uncross | null {
  const standing = priceStanding(orders, reference);
  if (standing === null) return null;
  const { price, volume } = standing;
  // market orders first, limits better than the price in full, then the price's queue
  let marketBuys = Math.min(volume, standing.marketBuy);
  let marketSells = Math.min(volume, standing.marketSell);
  let queueBuys = Math.max(0, volume - standing.marketBuy - standing.betterBuy);
  let queueSells = Math.max(0, volume - standing.marketSell - standing.betterSell);
  const betterBuys = standing.marketBuy < volume;
  const betterSells = standing.marketSell < volume;
  const fills: AuctionFill[] = [];
  const buys: AuctionFill[] = [];
  const sells: AuctionFill[] = [];
  for (const order of orders) {
    const limit = order.price;
    let quantity = 0;
    if (order.side === 'buy') {
      if (limit === null) {
        quantity = Math.min(order.quantity, marketBuys);
        marketBuys -= quantity;
      } else if (limit > price) {
        if (betterBuys) quantity = order.quantity;
      } else if (limit === price) {
        quantity = Math.min(order.quantity, queueBuys);
        queueBuys -= quantity;
      }
    } else if (limit === null) {
      quantity = Math.min(order.quantity, marketSells);
      marketSells -= quantity;
    } else if (limit < price) {
      if (betterSells) quantity = order.quantity;
    } else if (limit === price) {
      quantity = Math.min(order.quantity, queueSells);
      queueSells -= quantity;
    }
    if (quantity === 0) continue;
    const fill: AuctionFill = {
      key: order.key,
      orderId: order.orderId,
      ownerId: order.ownerId,
      side: order.side,
      quantity,
      complete: quantity === order.quantity,
    };
    fills.push(fill);
    if (order.side === 'buy') buys.push(fill);
    else sells.push(fill);
  }
  return {
    price,
    volume,
    surplusSide: standing.surplusSide,
    surplus: standing.surplus,
    fills,
    trades: pair(buys, sells),
  };
}

/** Pairs the buy fills with the sell fills, each in arrival order; both sum to the volume. */
function pair(buys: readonly AuctionFill[], sells: readonly AuctionFill[]): AuctionTrade[] {
  const trades: AuctionTrade[] = [];
  let b = 0;
  let s = 0;
  let buyLeft = buys[0]?.quantity ?? 0;
  let sellLeft = sells[0]?.quantity ?? 0;
  while (b < buys.length && s < sells.length) {
    const buy = buys[b] as AuctionFill;
    const sell = sells[s] as AuctionFill;
    const quantity = Math.min(buyLeft, sellLeft);
    trades.push({
      quantity,
      buyOrderId: buy.orderId,
      sellOrderId: sell.orderId,
      buyerId: buy.ownerId,
      sellerId: sell.ownerId,
    });
    buyLeft -= quantity;
    sellLeft -= quantity;
    if (buyLeft === 0) buyLeft = buys[++b]?.quantity ?? 0;
    if (sellLeft === 0) sellLeft = sells[++s]?.quantity ?? 0;
  }
  return trades;
}

/**
 * Finds the price. Demand at a tick (buys at or above it, market buys included) only changes at
 * limit prices, and so does supply, so the ticks form runs over which both are constant: each
 * limit price (and the reference), and the gap up to the next one. The runs are read once, lowest
 * first.
 */
function priceStanding(orders: readonly CallOrder[], reference: number): PriceStanding | null {
  if (!Number.isSafeInteger(reference) || reference < 1) {
    throw new RangeError(`the reference price must be a positive tick, not ${reference}`);
  }
  const buyAt = new Map<number, number>();
  const sellAt = new Map<number, number>();
  let marketBuy = 0;
  let marketSell = 0;
  let limitBuy = 0;
  let limitSell = 0;
  for (const order of orders) {
    if (order.price === null) {
      if (order.side === 'buy') marketBuy += order.quantity;
      else marketSell += order.quantity;
    } else if (order.side === 'buy') {
      buyAt.set(order.price, (buyAt.get(order.price) ?? 0) + order.quantity);
      limitBuy += order.quantity;
    } else {
      sellAt.set(order.price, (sellAt.get(order.price) ?? 0) + order.quantity);
      limitSell += order.quantity;
    }
  }
  // every sum below stays exact while each side's total does (at least 9,007 maximum orders)
  if (Math.max(marketBuy + limitBuy, marketSell + limitSell) > Number.MAX_SAFE_INTEGER) {
    throw new RangeError('a side of the call holds more than the uncross counts exactly');
  }
  // the reference bounds the prices tried like a limit price with no quantity
  const prices = new Float64Array(buyAt.size + sellAt.size + 1);
  let n = 0;
  prices[n++] = reference;
  for (const price of buyAt.keys()) if (price !== reference) prices[n++] = price;
  for (const price of sellAt.keys()) {
    if (price !== reference && !buyAt.has(price)) prices[n++] = price;
  }
  const sorted = prices.subarray(0, n).sort();

  const best = new Selection();
  // demand at the lowest limit price: every buy; supply grows as the walk goes up
  let demand = marketBuy + limitBuy;
  let supply = marketSell;
  for (let i = 0; i < n; i += 1) {
    const price = sorted[i] as number;
    supply += sellAt.get(price) ?? 0;
    best.consider(price, price, demand, supply);
    demand -= buyAt.get(price) ?? 0;
    const next = sorted[i + 1];
    if (next !== undefined && next - price >= 2) best.consider(price + 1, next - 1, demand, supply);
  }
  if (best.volume <= 0) return null;
  const price = best.price(reference);
  // the walk again to the chosen price for the split of its executable quantity
  let betterBuy = 0;
  let betterSell = 0;
  let atBuy = 0;
  let atSell = 0;
  for (let i = 0; i < n; i += 1) {
    const p = sorted[i] as number;
    if (p > price) betterBuy += buyAt.get(p) ?? 0;
    else if (p < price) betterSell += sellAt.get(p) ?? 0;
    else {
      atBuy = buyAt.get(p) ?? 0;
      atSell = sellAt.get(p) ?? 0;
    }
  }
  const demandAt = marketBuy + betterBuy + atBuy;
  const supplyAt = marketSell + betterSell + atSell;
  return standing(
    price,
    Math.min(demandAt, supplyAt),
    demandAt - supplyAt,
    marketBuy,
    marketSell,
    betterBuy,
    betterSell,
  );
}

function standing(
  price: number,
  volume: number,
  balance: number,
  marketBuy: number,
  marketSell: number,
  betterBuy: number,
  betterSell: number,
): PriceStanding {
  return {
    price,
    volume,
    surplusSide: balance > 0 ? 'buy' : balance < 0 ? 'sell' : null,
    surplus: Math.abs(balance),
    marketBuy,
    marketSell,
    betterBuy,
    betterSell,
  };
}

/**
 * The best runs so far: the most volume, then the least surplus. Demand minus supply only falls
 * as the price rises and the volume rises then falls, so the tied ticks are one interval: those
 * with the surplus on the buy side, then (if any) those with it on the sell side.
 */
class Selection {
  volume = -1;
  surplus = 0;
  low = 0;
  high = 0;
  /** The highest tied tick with a buy surplus, -1 if none; the lowest with a sell surplus. */
  lastBuySurplus = -1;
  firstSellSurplus = -1;

  consider(low: number, high: number, demand: number, supply: number): void {
    const volume = Math.min(demand, supply);
    const surplus = Math.abs(demand - supply);
    if (volume > this.volume || (volume === this.volume && surplus < this.surplus)) {
      this.volume = volume;
      this.surplus = surplus;
      this.low = low;
      this.lastBuySurplus = -1;
      this.firstSellSurplus = -1;
    } else if (volume !== this.volume || surplus !== this.surplus) {
      return;
    }
    this.high = high;
    if (demand > supply) this.lastBuySurplus = high;
    else if (demand < supply && this.firstSellSurplus === -1) this.firstSellSurplus = low;
  }

  price(reference: number): number {
    const buys = this.lastBuySurplus !== -1;
    const sells = this.firstSellSurplus !== -1;
    if (buys && !sells) return this.high;
    if (sells && !buys) return this.low;
    if (!buys) return Math.min(this.high, Math.max(this.low, reference));
    // both sides: only the ticks either side of the change fill every better-priced order
    const below = this.lastBuySurplus;
    const above = this.firstSellSurplus;
    return Math.abs(above - reference) < Math.abs(below - reference) ? above : below;
  }
}

/**
 * The uncross by brute force, the oracle of uncross.ts: every tick from the lowest to the highest
 * of the limit prices and the reference is tried by a scan of all orders, the rules applied to the list as they are written
 * (docs/auctions.md), and each side's executable quantity handed out down its orders sorted by
 * priority (market orders, then price, then arrival).
 */
import type { AuctionFill, CallOrder } from '../uncross.js';
import type { Side } from '../types.js';

export interface ReferenceUncross {
  readonly price: number;
  readonly volume: number;
  readonly surplusSide: Side | null;
  readonly surplus: number;
  readonly fills: readonly AuctionFill[];
}

interface Tried {
  price: number;
  demand: number;
  supply: number;
  volume: number;
  surplus: number;
}

const takes = (order: CallOrder, price: number) =>
  order.price === null || (order.side === 'buy' ? order.price >= price : order.price <= price);
const better = (order: CallOrder, price: number) =>
  order.price === null || (order.side === 'buy' ? order.price > price : order.price < price);

function sum(orders: readonly CallOrder[], keep: (order: CallOrder) => boolean): number {
  return orders.filter(keep).reduce((total, order) => total + order.quantity, 0);
}

export function referenceUncross(
  orders: readonly CallOrder[],
  reference: number,
): ReferenceUncross | null {
  const bounds = [
    reference,
    ...orders.flatMap((order) => (order.price === null ? [] : [order.price])),
  ];
  const ticks: number[] = [];
  for (let p = Math.min(...bounds); p <= Math.max(...bounds); p += 1) ticks.push(p);

  let tried: Tried[] = ticks.map((price) => {
    const demand = sum(orders, (o) => o.side === 'buy' && takes(o, price));
    const supply = sum(orders, (o) => o.side === 'sell' && takes(o, price));
    return {
      price,
      demand,
      supply,
      volume: Math.min(demand, supply),
      surplus: Math.abs(demand - supply),
    };
  });
  const most = Math.max(...tried.map((t) => t.volume));
  if (most === 0) return null;
  tried = tried.filter((t) => t.volume === most);
  const least = Math.min(...tried.map((t) => t.surplus));
  tried = tried.filter((t) => t.surplus === least);

  let chosen: Tried;
  if (tried.every((t) => t.demand > t.supply)) {
    chosen = tried.reduce((a, b) => (b.price > a.price ? b : a));
  } else if (tried.every((t) => t.demand < t.supply)) {
    chosen = tried.reduce((a, b) => (b.price < a.price ? b : a));
  } else {
    const fillsBetter = tried.filter(
      (t) =>
        sum(orders, (o) => o.side === 'buy' && better(o, t.price)) <= most &&
        sum(orders, (o) => o.side === 'sell' && better(o, t.price)) <= most,
    );
    const distance = (t: Tried) => Math.abs(t.price - reference);
    chosen = fillsBetter.reduce((a, b) =>
      distance(b) < distance(a) || (distance(b) === distance(a) && b.price < a.price) ? b : a,
    );
  }

  const price = chosen.price;
  const filled = new Map<CallOrder, number>();
  for (const side of ['buy', 'sell'] as const) {
    const rank = (o: CallOrder) =>
      o.price === null ? -Infinity : side === 'buy' ? -o.price : o.price;
    const queue = orders
      .map((order, arrival) => ({ order, arrival }))
      .filter(({ order }) => order.side === side && takes(order, price))
      .sort((a, b) => rank(a.order) - rank(b.order) || a.arrival - b.arrival);
    let left = most;
    for (const { order } of queue) {
      const quantity = Math.min(left, order.quantity);
      if (quantity > 0) filled.set(order, quantity);
      left -= quantity;
    }
  }
  const fills = orders.flatMap((order) => {
    const quantity = filled.get(order);
    if (quantity === undefined) return [];
    const { key, orderId, ownerId, side } = order;
    return [{ key, orderId, ownerId, side, quantity, complete: quantity === order.quantity }];
  });
  const balance = chosen.demand - chosen.supply;
  return {
    price,
    volume: most,
    surplusSide: balance > 0 ? 'buy' : balance < 0 ? 'sell' : null,
    surplus: Math.abs(balance),
    fills,
  };
}

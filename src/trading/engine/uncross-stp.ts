/**
 * Self-trade prevention in the uncross (docs/auctions.md), the continuous book's rule carried to
 * the call: an owner never trades with themselves. In continuous trading the later order (the
 * taker) stops at the owner's own resting order and its remainder is cancelled, the earlier one
 * untouched. At one auction price an owner filled on both sides would trade with themselves
 * whoever the pairing names, so the owner's latest-arriving order among those the uncross fills
 * is left out (the caller cancels it with SELF_TRADE_PREVENTED) and the call is priced again
 * without it, until no owner fills on both sides. The indicative state is priced the same way,
 * so what is shown is what the uncross will do.
 */
import { uncross, type AuctionPrice, type CallOrder, type Uncross } from './uncross.js';

export interface SelfTradeFreeUncross {
  /** the uncross of the orders kept; null when nothing executes */
  readonly result: Uncross | null;
  /** the orders left out, in the order they were found */
  readonly prevented: readonly CallOrder[];
}

/** The uncross of a call (orders in arrival order) in which no owner fills on both sides. */
export function uncrossWithoutSelfTrades(
  orders: readonly CallOrder[],
  reference: number,
): SelfTradeFreeUncross {
  let kept = orders;
  const prevented: CallOrder[] = [];
  for (;;) {
    const result = uncross(kept, reference);
    if (result === null) return { result, prevented };
    const buyers = new Set<string>();
    const sellers = new Set<string>();
    for (const fill of result.fills) (fill.side === 'buy' ? buyers : sellers).add(fill.ownerId);
    // fills are in arrival order: the last one of an owner on both sides is the taker
    let taker: number | undefined;
    for (const fill of result.fills) {
      if (buyers.has(fill.ownerId) && sellers.has(fill.ownerId)) taker = fill.key;
    }
    if (taker === undefined) return { result, prevented };
    prevented.push(kept.find((order) => order.key === taker)!);
    kept = kept.filter((order) => order.key !== taker);
  }
}

const NONE: AuctionPrice = { price: null, volume: 0, surplusSide: null, surplus: 0 };

/** The indicative state of a call under self-trade prevention. */
export function indicativeWithoutSelfTrades(
  orders: readonly CallOrder[],
  reference: number,
): AuctionPrice {
  const { result } = uncrossWithoutSelfTrades(orders, reference);
  if (result === null) return NONE;
  const { price, volume, surplusSide, surplus } = result;
  return { price, volume, surplusSide, surplus };
}

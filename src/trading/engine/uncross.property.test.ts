import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_TICKS, callArbitrary } from './testing/call-generator.js';
import { auctionPrice, uncross, type CallOrder, type Uncross } from './uncross.js';

/** Demand and supply at a tick, by a scan of the call. */
function at(orders: readonly CallOrder[], price: number) {
  let demand = 0;
  let supply = 0;
  for (const o of orders) {
    if (o.side === 'buy' && (o.price === null || o.price >= price)) demand += o.quantity;
    if (o.side === 'sell' && (o.price === null || o.price <= price)) supply += o.quantity;
  }
  return { volume: Math.min(demand, supply), surplus: Math.abs(demand - supply) };
}

const ticks = Array.from({ length: CALL_TICKS + 2 }, (_, i) => i + 1);
const filledOf = (result: Uncross, key: number) =>
  result.fills.find((f) => f.key === key)?.quantity ?? 0;

describe('uncross properties', () => {
  it('no other price executes more volume; with equal volume none in range has a smaller surplus', () => {
    fc.assert(
      fc.property(callArbitrary, ({ orders, reference }) => {
        const result = uncross(orders, reference);
        const best = Math.max(...ticks.map((t) => at(orders, t).volume));
        if (result === null) {
          expect(best).toBe(0);
          return;
        }
        expect(result.volume).toBe(at(orders, result.price).volume);
        const bounds = [reference, ...orders.flatMap((o) => (o.price === null ? [] : [o.price]))];
        const inRange = (t: number) => t >= Math.min(...bounds) && t <= Math.max(...bounds);
        for (const t of ticks) {
          const other = at(orders, t);
          expect(other.volume).toBeLessThanOrEqual(result.volume);
          if (other.volume === result.volume && inRange(t)) {
            expect(other.surplus).toBeGreaterThanOrEqual(result.surplus);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('fills every order priced better than the price, none priced worse', () => {
    fc.assert(
      fc.property(callArbitrary, ({ orders, reference }) => {
        const result = uncross(orders, reference);
        if (result === null) return;
        const { price, volume } = result;
        for (const side of ['buy', 'sell'] as const) {
          const markets = orders.filter((o) => o.side === side && o.price === null);
          const marketTotal = markets.reduce((sum, o) => sum + o.quantity, 0);
          for (const o of orders.filter((o) => o.side === side)) {
            const filled = filledOf(result, o.key);
            if (o.price === null) {
              if (marketTotal <= volume) expect(filled).toBe(o.quantity);
            } else if (side === 'buy' ? o.price > price : o.price < price) {
              // market orders beyond the volume leave nothing to limits, however priced
              if (marketTotal < volume) expect(filled).toBe(o.quantity);
            } else if (o.price !== price) {
              expect(filled).toBe(0);
            }
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('conserves quantities: each side fills the volume, trades pair the fills exactly', () => {
    fc.assert(
      fc.property(callArbitrary, ({ orders, reference }) => {
        const result = uncross(orders, reference);
        if (result === null) return;
        const total = (side: 'buy' | 'sell') =>
          result.fills.filter((f) => f.side === side).reduce((sum, f) => sum + f.quantity, 0);
        expect(total('buy')).toBe(result.volume);
        expect(total('sell')).toBe(result.volume);
        expect(result.trades.reduce((sum, t) => sum + t.quantity, 0)).toBe(result.volume);
        for (const fill of result.fills) {
          const order = orders[fill.key] as CallOrder;
          expect(fill.quantity).toBeGreaterThan(0);
          expect(fill.quantity).toBeLessThanOrEqual(order.quantity);
          expect(fill.complete).toBe(fill.quantity === order.quantity);
          const traded = result.trades
            .filter((t) => (fill.side === 'buy' ? t.buyOrderId : t.sellOrderId) === fill.orderId)
            .reduce((sum, t) => sum + t.quantity, 0);
          expect(traded).toBe(fill.quantity);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same price and fills whatever the arrival order, but for time priority at the price', () => {
    fc.assert(
      fc.property(
        callArbitrary.chain((call) =>
          fc
            .shuffledSubarray(call.orders, {
              minLength: call.orders.length,
              maxLength: call.orders.length,
            })
            .map((shuffled) => ({ ...call, shuffled })),
        ),
        ({ orders, shuffled, reference }) => {
          const a = uncross(orders, reference);
          const b = uncross(shuffled, reference);
          if (a === null || b === null) {
            expect(a).toBe(b);
            return;
          }
          expect([b.price, b.volume, b.surplusSide, b.surplus]).toEqual([
            a.price,
            a.volume,
            a.surplusSide,
            a.surplus,
          ]);
          // time priority decides among the orders at the price, or among the market orders of
          // a side when they alone exceed the volume
          const rationed = (o: CallOrder) => {
            const markets = orders.filter((m) => m.side === o.side && m.price === null);
            const exceed = markets.reduce((sum, m) => sum + m.quantity, 0) > a.volume;
            return exceed ? o.price === null : o.price === a.price;
          };
          for (const o of orders) {
            if (!rationed(o)) expect(filledOf(b, o.key)).toBe(filledOf(a, o.key));
          }
          expect(auctionPrice(shuffled, reference)).toEqual(auctionPrice(orders, reference));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('publishes as indicative exactly what the uncross would do', () => {
    fc.assert(
      fc.property(callArbitrary, ({ orders, reference }) => {
        const result = uncross(orders, reference);
        const indicative = auctionPrice(orders, reference);
        if (result === null) {
          expect(indicative).toEqual({ price: null, volume: 0, surplusSide: null, surplus: 0 });
        } else {
          const { price, volume, surplusSide, surplus } = result;
          expect(indicative).toEqual({ price, volume, surplusSide, surplus });
        }
      }),
      { numRuns: 1000 },
    );
  });
});

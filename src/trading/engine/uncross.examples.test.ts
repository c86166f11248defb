/** The worked examples of docs/auctions.md, "The algorithm", as they are written there. */
import { describe, expect, it } from 'vitest';
import { auctionPrice, uncross, type CallOrder } from './uncross.js';

/** `A buy 300 @ 102`, `B sell 100 @ market`, in arrival order. */
function call(...lines: string[]): CallOrder[] {
  return lines.map((line, key) => {
    const [name, side, quantity, , price] = line.split(' ') as [
      string,
      'buy' | 'sell',
      string,
      string,
      string,
    ];
    return {
      key,
      orderId: name,
      ownerId: `owner ${name}`,
      side,
      price: price === 'market' ? null : Number(price),
      quantity: Number(quantity),
    };
  });
}
const filled = (orders: CallOrder[], reference: number) =>
  Object.fromEntries(uncross(orders, reference)?.fills.map((f) => [f.orderId, f.quantity]) ?? []);

describe('docs/auctions.md worked examples', () => {
  it('1. the most volume, then the smallest surplus', () => {
    const orders = call(
      'A buy 300 @ 102',
      'B buy 200 @ 101',
      'C buy 100 @ 100',
      'D sell 200 @ 99',
      'E sell 200 @ 100',
      'F sell 300 @ 102',
    );
    expect(auctionPrice(orders, 100)).toEqual({
      price: 101,
      volume: 400,
      surplusSide: 'buy',
      surplus: 100,
    });
    expect(filled(orders, 100)).toEqual({ A: 300, B: 100, D: 200, E: 200 });
  });

  it('2. market pressure: a buy surplus at every tied price takes the highest', () => {
    const orders = call('A buy 300 @ 103', 'C sell 100 @ 100', 'D sell 100 @ 101');
    expect(auctionPrice(orders, 95)).toEqual({
      price: 103,
      volume: 200,
      surplusSide: 'buy',
      surplus: 100,
    });
    expect(filled(orders, 95)).toEqual({ A: 200, C: 100, D: 100 });
  });

  it('3. no surplus anywhere: the reference, or the tied price nearest it', () => {
    const orders = call('A buy 100 @ 103', 'B sell 100 @ 100');
    expect(auctionPrice(orders, 101).price).toBe(101);
    expect(auctionPrice(orders, 110).price).toBe(103);
    expect(auctionPrice(orders, 90).price).toBe(100);
  });

  it('4. surplus on both sides: only the two prices where it changes side qualify', () => {
    const orders = call('A buy 5 @ 11', 'B buy 5 @ 12', 'C sell 5 @ 10', 'D sell 5 @ 12');
    expect(auctionPrice(orders, 10)).toEqual({
      price: 11,
      volume: 5,
      surplusSide: 'buy',
      surplus: 5,
    });
    expect(filled(orders, 10)).toEqual({ B: 5, C: 5 });
    expect(auctionPrice(orders, 13).price).toBe(12);
    expect(filled(orders, 13)).toEqual({ B: 5, C: 5 });
  });

  it('5. market orders only trade at the reference; time priority at the price', () => {
    const orders = call('A buy 30 @ market', 'B buy 20 @ market', 'C sell 40 @ market');
    expect(auctionPrice(orders, 100)).toEqual({
      price: 100,
      volume: 40,
      surplusSide: 'buy',
      surplus: 10,
    });
    expect(filled(orders, 100)).toEqual({ A: 30, B: 10, C: 40 });
    expect(uncross(orders, 100)?.trades).toEqual([
      { quantity: 30, buyOrderId: 'A', sellOrderId: 'C', buyerId: 'owner A', sellerId: 'owner C' },
      { quantity: 10, buyOrderId: 'B', sellOrderId: 'C', buyerId: 'owner B', sellerId: 'owner C' },
    ]);
  });

  it('6. no buy meets a sell: no price, nothing executes', () => {
    const orders = call('A buy 10 @ 99', 'B sell 10 @ 100');
    expect(uncross(orders, 100)).toBeNull();
    expect(auctionPrice(orders, 100)).toEqual({
      price: null,
      volume: 0,
      surplusSide: null,
      surplus: 0,
    });
  });
});

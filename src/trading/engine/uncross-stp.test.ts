import { describe, expect, it } from 'vitest';
import { auctionPrice, uncross, type CallOrder } from './uncross.js';
import { indicativeWithoutSelfTrades, uncrossWithoutSelfTrades } from './uncross-stp.js';

let key = 0;
const order = (ownerId: string, side: 'buy' | 'sell', quantity: number, price: number) => {
  key += 1;
  return { key, orderId: `o${key}`, ownerId, side, price, quantity } satisfies CallOrder;
};

describe('self-trade prevention in the uncross', () => {
  it("leaves out the owner's later order when the uncross would fill them on both sides", () => {
    const xBuy = order('x', 'buy', 10, 100);
    const ySell = order('y', 'sell', 10, 100);
    const xSell = order('x', 'sell', 5, 99);
    const calls = [xBuy, ySell, xSell];
    // without the rule x buys 10 and sells 5 at 100: 5 of it with themselves
    const plain = uncross(calls, 100)!;
    expect(plain.fills.map((f) => [f.orderId, f.quantity])).toEqual([
      [xBuy.orderId, 10],
      [ySell.orderId, 5],
      [xSell.orderId, 5],
    ]);
    const { result, prevented } = uncrossWithoutSelfTrades(calls, 100);
    expect(prevented).toEqual([xSell]);
    expect(result!.price).toBe(100);
    expect(result!.trades).toEqual([
      {
        quantity: 10,
        buyOrderId: xBuy.orderId,
        sellOrderId: ySell.orderId,
        buyerId: 'x',
        sellerId: 'y',
      },
    ]);
    // what is shown during the call is what the uncross will do
    expect(indicativeWithoutSelfTrades(calls, 100)).toEqual({
      price: 100,
      volume: 10,
      surplusSide: null,
      surplus: 0,
    });
  });

  it('changes nothing when no owner is on both sides', () => {
    const calls = [
      order('a', 'buy', 7, 102),
      order('b', 'sell', 5, 100),
      order('c', 'sell', 4, 101),
    ];
    expect(uncrossWithoutSelfTrades(calls, 100)).toEqual({
      result: uncross(calls, 100),
      prevented: [],
    });
    expect(indicativeWithoutSelfTrades(calls, 100)).toEqual(auctionPrice(calls, 100));
  });

  it('executes nothing when only an owner meets themselves', () => {
    const buy = order('x', 'buy', 5, 100);
    const sell = order('x', 'sell', 5, 100);
    expect(uncrossWithoutSelfTrades([buy, sell], 100)).toEqual({ result: null, prevented: [sell] });
    expect(indicativeWithoutSelfTrades([buy, sell], 100)).toEqual({
      price: null,
      volume: 0,
      surplusSide: null,
      surplus: 0,
    });
  });

  it('keeps an owner on one side: buying from two sellers is no self-trade', () => {
    const calls = [
      order('x', 'buy', 10, 100),
      order('x', 'buy', 5, 101),
      order('y', 'sell', 15, 99),
    ];
    const { result, prevented } = uncrossWithoutSelfTrades(calls, 100);
    expect(prevented).toEqual([]);
    expect(result!.volume).toBe(15);
  });
});

import { describe, expect, it } from 'vitest';
import type { BookPlan } from './book-plan.js';
import { OrderBook, StalePlanError } from './order-book.js';
import { checkInvariants } from './testing/invariants.js';
import type { Command, PlaceOrder, PlanResult } from './types.js';

type Placement = Partial<PlaceOrder> & Pick<PlaceOrder, 'orderId' | 'side'>;

/** Integer handles of test ids, assigned on first use (the trading service's role). */
const handles = { order: new Map<string, number>(), owner: new Map<string, number>() };
function handleOf(kind: keyof typeof handles, id: string): number {
  const assigned = handles[kind];
  let handle = assigned.get(id);
  if (handle === undefined) assigned.set(id, (handle = assigned.size));
  return handle;
}
const keyOf = (orderId: string) => handleOf('order', orderId);

/** A limit order of 10 at 100 unless `fields` say otherwise; each owner id has one owner key. */
function order(fields: Placement): PlaceOrder {
  const ownerId = fields.ownerId ?? `owner-${fields.orderId}`;
  return {
    kind: 'place',
    key: keyOf(fields.orderId),
    type: 'limit',
    quantity: 10,
    price: 100,
    ...fields,
    ownerId,
    ownerKey: fields.ownerKey ?? handleOf('owner', ownerId),
  };
}

/** Plans and applies; returns the plan, or the rejection code. */
function run(book: OrderBook, fields: Placement): BookPlan {
  const result = book.plan(order(fields));
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  book.apply(result.plan);
  checkInvariants(book);
  return result.plan;
}

function code(result: PlanResult<BookPlan>): string {
  return result.ok ? 'accepted' : result.code;
}

describe('OrderBook: limit orders', () => {
  it('rests a non-crossing order and publishes one sequenced delta', () => {
    const book = new OrderBook();
    const plan = run(book, { orderId: 'b1', side: 'buy', price: 99 });
    expect(plan.trades).toEqual([]);
    expect(plan.orders.map((u) => u.status)).toEqual(['open']);
    expect(plan.deltas).toEqual([
      { sequence: 1, side: 'buy', price: 99, quantity: 10, orderCount: 1 },
    ]);
    expect(book.depth(5)).toEqual({
      sequence: 1,
      bids: [{ price: 99, quantity: 10, orderCount: 1 }],
      asks: [],
    });
  });

  it('fills at the resting price, oldest first within a level, then best level next', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 101, quantity: 5 });
    run(book, { orderId: 's2', side: 'sell', price: 100, quantity: 5 });
    run(book, { orderId: 's3', side: 'sell', price: 100, quantity: 5 });
    const plan = run(book, { orderId: 'b1', side: 'buy', price: 105, quantity: 12 });
    expect(plan.trades.map((t) => [t.sellOrderId, t.price, t.quantity])).toEqual([
      ['s2', 100, 5],
      ['s3', 100, 5],
      ['s1', 101, 2],
    ]);
    expect(plan.orders.at(-1)).toMatchObject({
      orderId: 'b1',
      status: 'filled',
      filledQuantity: 12,
    });
    expect(plan.lastPrice).toBe(101);
    expect(book.restingOrders()).toEqual([
      {
        status: 'partially_filled',
        key: keyOf('s1'),
        orderId: 's1',
        ownerId: 'owner-s1',
        ownerKey: handleOf('owner', 'owner-s1'),
        side: 'sell',
        price: 101,
        quantity: 5,
        remainingQuantity: 3,
      },
    ]);
  });

  it('rests the remainder of a partly filled GTC order at its own price', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 4 });
    const plan = run(book, { orderId: 'b1', side: 'buy', price: 102, quantity: 10 });
    expect(plan.orders.map((u) => `${u.orderId}:${u.status}`)).toEqual([
      'b1:open',
      's1:filled',
      'b1:partially_filled',
    ]);
    expect(plan.deltas.map((d) => [d.side, d.price, d.quantity])).toEqual([
      ['buy', 102, 6],
      ['sell', 100, 0],
    ]);
    expect(book.depth(1).bids).toEqual([{ price: 102, quantity: 6, orderCount: 1 }]);
  });

  it('cancels IOC remainders, refuses unfillable FOK and crossing post-only orders', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 4 });
    expect(
      code(book.plan(order({ orderId: 'f', side: 'buy', quantity: 5, timeInForce: 'FOK' }))),
    ).toBe('FOK_NOT_FILLABLE');
    expect(code(book.plan(order({ orderId: 'p', side: 'buy', timeInForce: 'POST_ONLY' })))).toBe(
      'POST_ONLY_WOULD_CROSS',
    );
    run(book, { orderId: 'p2', side: 'buy', price: 99, timeInForce: 'POST_ONLY' });
    const ioc = run(book, { orderId: 'i', side: 'buy', quantity: 6, timeInForce: 'IOC' });
    expect(ioc.orders.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'UNFILLED_REMAINDER',
      filledQuantity: 4,
      remainingQuantity: 2,
    });
    expect(book.depth(5).asks).toEqual([]);
  });

  it('fills a FOK order completely when the book holds enough', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 4 });
    run(book, { orderId: 's2', side: 'sell', price: 101, quantity: 4 });
    const plan = run(book, {
      orderId: 'f',
      side: 'buy',
      price: 101,
      quantity: 8,
      timeInForce: 'FOK',
    });
    expect(plan.orders.at(-1)).toMatchObject({ status: 'filled', filledQuantity: 8 });
  });
});

describe('OrderBook: market orders', () => {
  it('never rest, and are refused when nothing is there to meet', () => {
    const book = new OrderBook();
    expect(
      code(book.plan(order({ orderId: 'm', side: 'buy', type: 'market', price: undefined }))),
    ).toBe('NO_LIQUIDITY');
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 3 });
    const plan = run(book, {
      orderId: 'm',
      side: 'buy',
      type: 'market',
      price: undefined,
      quantity: 5,
    });
    expect(plan.orders.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'UNFILLED_REMAINDER',
      filledQuantity: 3,
    });
    expect(book.depth(5)).toMatchObject({ bids: [], asks: [] });
  });

  it('respects an optional protection price', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 3 });
    run(book, { orderId: 's2', side: 'sell', price: 110, quantity: 3 });
    const plan = run(book, { orderId: 'm', side: 'buy', type: 'market', price: 105, quantity: 5 });
    expect(plan.trades.map((t) => t.price)).toEqual([100]);
    expect(code(book.plan(order({ orderId: 'm2', side: 'buy', type: 'market', price: 105 })))).toBe(
      'NO_LIQUIDITY',
    );
  });

  it('refuses GTC and post-only as time in force', () => {
    const book = new OrderBook();
    const market = order({
      orderId: 'm',
      side: 'buy',
      type: 'market',
      price: undefined,
      timeInForce: 'GTC',
    });
    expect(code(book.plan(market))).toBe('INVALID_TIME_IN_FORCE');
  });
});

describe('OrderBook: self-trade prevention', () => {
  it('fills other owners first, then cancels the taker at its own resting order', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', ownerId: 'alice', price: 100, quantity: 2 });
    run(book, { orderId: 's2', side: 'sell', ownerId: 'bob', price: 101, quantity: 2 });
    run(book, { orderId: 's3', side: 'sell', ownerId: 'carol', price: 101, quantity: 2 });
    const plan = run(book, { orderId: 'b1', side: 'buy', ownerId: 'bob', price: 101, quantity: 6 });
    expect(plan.trades.map((t) => t.sellOrderId)).toEqual(['s1']);
    expect(plan.orders.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'SELF_TRADE_PREVENTED',
      filledQuantity: 2,
      remainingQuantity: 4,
    });
    expect(book.depth(5).asks).toEqual([{ price: 101, quantity: 4, orderCount: 2 }]);
  });

  it('tells owners apart by their key, not by the id string they carry', () => {
    const book = new OrderBook();
    // One owner whose id arrives as two different strings (read from two rows, say).
    run(book, { orderId: 's1', side: 'sell', ownerId: 'alice', ownerKey: 7, quantity: 2 });
    const own = run(book, { orderId: 'b1', side: 'buy', ownerId: 'ALICE', ownerKey: 7 });
    expect(own.trades).toEqual([]);
    expect(own.orders.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'SELF_TRADE_PREVENTED',
    });
    // Two owners with the same id string are still two owners.
    const other = run(book, { orderId: 'b2', side: 'buy', ownerId: 'alice', ownerKey: 8 });
    expect(other.trades.map((t) => [t.sellerId, t.buyerId, t.quantity])).toEqual([
      ['alice', 'alice', 2],
    ]);
  });
});

describe('OrderBook: stops', () => {
  it('holds stops without matching and triggers them in a cascade after trades', () => {
    const book = new OrderBook({ lastPrice: 100 });
    run(book, { orderId: 'b1', side: 'buy', price: 99, quantity: 2 });
    run(book, { orderId: 'b2', side: 'buy', price: 98, quantity: 2 });
    run(book, { orderId: 'b3', side: 'buy', price: 95, quantity: 5 });
    const pending = run(book, {
      orderId: 'st1',
      side: 'sell',
      type: 'stop_loss',
      price: undefined,
      stopPrice: 99,
      quantity: 2,
    });
    expect(pending.orders).toMatchObject([{ status: 'pending_stop' }]);
    expect(pending.deltas).toEqual([]);
    run(book, {
      orderId: 'st2',
      side: 'sell',
      type: 'stop_limit',
      price: 96,
      stopPrice: 98,
      quantity: 4,
    });
    const plan = run(book, { orderId: 's1', side: 'sell', price: 99, quantity: 2 });
    expect(plan.triggeredStops).toEqual(['st1', 'st2']);
    expect(plan.trades.map((t) => [t.sellOrderId, t.buyOrderId, t.price])).toEqual([
      ['s1', 'b1', 99],
      ['st1', 'b2', 98],
    ]);
    expect(plan.lastPrice).toBe(98);
    expect(book.depth(5)).toMatchObject({
      bids: [{ price: 95, quantity: 5 }],
      asks: [{ price: 96, quantity: 4 }],
    });
    expect(book.pendingStops()).toEqual([]);
  });

  it('cancels a pending stop without a book delta', () => {
    const book = new OrderBook();
    run(book, { orderId: 'st', side: 'buy', type: 'stop_limit', price: 105, stopPrice: 104 });
    const result = book.plan({ kind: 'cancel', key: keyOf('st') });
    if (!result.ok) throw new Error(result.code);
    expect(result.plan.orders).toMatchObject([
      { status: 'cancelled', reason: 'CANCELLED_BY_OWNER' },
    ]);
    expect(result.plan.deltas).toEqual([]);
    book.apply(result.plan);
    expect(book.pendingStops()).toEqual([]);
  });
});

describe('OrderBook: plan and apply', () => {
  it('forgets filled and triggered orders, even when their keys are reused at once', () => {
    const book = new OrderBook({ lastPrice: 101 });
    // Eight makers and a stop leave with one taker: apply deletes the first keys itself and
    // queues the rest (from the fifth maker's to the stop's) for later commands to delete.
    for (let i = 1; i <= 8; i += 1) {
      run(book, { orderId: `m${i}`, key: 9000 + i, side: 'sell', price: 100, quantity: 2 });
    }
    run(book, { orderId: 'b', key: 9010, side: 'buy', price: 99, quantity: 5 });
    const stop = { side: 'sell', type: 'stop_loss', price: undefined, stopPrice: 100 } as const;
    run(book, { orderId: 'st', key: 9011, ...stop, quantity: 3 });
    const taken = run(book, { orderId: 't', key: 9012, side: 'buy', price: 100, quantity: 16 });
    expect(taken.trades).toHaveLength(9);
    expect(taken.triggeredStops).toEqual(['st']);
    expect([book.find(9008), book.find(9011), book.orderCount]).toEqual([undefined, undefined, 1]);
    for (const key of [9001, 9008, 9011]) {
      expect(code(book.plan({ kind: 'cancel', key }))).toBe('ORDER_NOT_FOUND');
    }
    // Reused at once, while still queued: the last maker's key by a new order (resting on that
    // maker's node, reused), the stop's by a new stop; then commands enough to empty the queue.
    run(book, { orderId: 'm9', key: 9008, side: 'buy', price: 90, quantity: 7 });
    run(book, { orderId: 'st2', key: 9011, side: 'buy', type: 'stop_loss', stopPrice: 120 });
    for (let i = 0; i < 4; i += 1) run(book, { orderId: `x${i}`, side: 'sell', price: 130 + i });
    expect(book.find(9008)).toMatchObject({ orderId: 'm9', status: 'open', remainingQuantity: 7 });
    expect(book.find(9011)).toMatchObject({ orderId: 'st2', status: 'pending_stop' });
    expect(book.orderCount).toBe(7);
    const cancel = book.plan({ kind: 'cancel', key: 9008 });
    if (!cancel.ok) throw new Error(cancel.code);
    expect(cancel.plan.orders).toMatchObject([{ orderId: 'm9', status: 'cancelled' }]);
  });

  it('leaves the book exactly as it was when a plan is dropped', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 4 });
    const before = JSON.stringify([book.restingOrders(), book.depth(10), book.lastPrice]);
    const result = book.plan(order({ orderId: 'b1', side: 'buy', price: 100, quantity: 9 }));
    expect(result.ok).toBe(true);
    expect(JSON.stringify([book.restingOrders(), book.depth(10), book.lastPrice])).toBe(before);
  });

  it('keeps one plan per book, applied at most once and only to its own book', () => {
    const book = new OrderBook();
    const first = book.plan(order({ orderId: 'a', side: 'buy' }));
    const second = book.plan(order({ orderId: 'b', side: 'buy' }));
    if (!first.ok || !second.ok) throw new Error('expected plans');
    expect(first.plan).toBe(second.plan);
    expect(second.plan.orders.map((u) => u.orderId)).toEqual(['b']);
    expect(() => new OrderBook().apply(second.plan)).toThrow(StalePlanError);
    book.apply(second.plan);
    expect(book.restingOrders().map((o) => o.orderId)).toEqual(['b']);
    expect(() => book.apply(second.plan)).toThrow(StalePlanError);
    const third = book.plan(order({ orderId: 'c', side: 'buy' }));
    expect(code(book.plan(order({ orderId: 'c', side: 'buy', quantity: 0 })))).toBe(
      'INVALID_QUANTITY',
    );
    if (!third.ok) throw new Error('expected a plan');
    expect(() => book.apply(third.plan)).toThrow(StalePlanError);
  });

  it('gives records valid until the next plan, and copies that outlive it', () => {
    const book = new OrderBook();
    run(book, { orderId: 's1', side: 'sell', price: 100, quantity: 4 });
    const first = book.plan(order({ orderId: 'b1', side: 'buy', price: 100, quantity: 3 }));
    if (!first.ok) throw new Error('expected a plan');
    const copies = first.plan.trades;
    expect(first.plan.tradeCount).toBe(1);
    expect(first.plan.tradeAt(0)).toMatchObject({ buyOrderId: 'b1', quantity: 3 });
    book.apply(first.plan);
    const second = book.plan(order({ orderId: 'b2', side: 'buy', price: 100, quantity: 1 }));
    if (!second.ok) throw new Error('expected a plan');
    expect(second.plan.tradeAt(0)).toMatchObject({ buyOrderId: 'b2', quantity: 1 });
    expect(copies).toEqual([
      {
        price: 100,
        quantity: 3,
        takerSide: 'buy',
        buyOrderId: 'b1',
        sellOrderId: 's1',
        buyerId: 'owner-b1',
        sellerId: 'owner-s1',
      },
    ]);
  });

  it('refuses invalid values, duplicate ids and unknown cancels with result codes', () => {
    const book = new OrderBook();
    run(book, { orderId: 'a', side: 'buy' });
    expect(code(book.plan(order({ orderId: 'a', side: 'sell', price: 200 })))).toBe(
      'DUPLICATE_ORDER_ID',
    );
    expect(code(book.plan(order({ orderId: 'q', side: 'buy', quantity: 0 })))).toBe(
      'INVALID_QUANTITY',
    );
    expect(code(book.plan(order({ orderId: 'q', side: 'buy', quantity: 2 ** 53 })))).toBe(
      'INVALID_QUANTITY',
    );
    expect(code(book.plan(order({ orderId: 'p', side: 'buy', price: 1.5 })))).toBe('INVALID_PRICE');
    expect(code(book.plan(order({ orderId: 'p', side: 'buy', price: undefined })))).toBe(
      'INVALID_PRICE',
    );
    expect(
      code(book.plan(order({ orderId: 's', side: 'buy', type: 'stop_loss', price: undefined }))),
    ).toBe('INVALID_STOP_PRICE');
    expect(code(book.plan(order({ orderId: 's', side: 'buy', stopPrice: 100 })))).toBe(
      'INVALID_STOP_PRICE',
    );
    expect(code(book.plan(order({ orderId: 'k', key: -1, side: 'buy' })))).toBe('INVALID_ORDER_ID');
    expect(code(book.plan(order({ orderId: 'k', key: 0.5, side: 'buy' })))).toBe(
      'INVALID_ORDER_ID',
    );
    for (const ownerKey of [-1, 0.5, NaN, 2 ** 53]) {
      expect(code(book.plan(order({ orderId: 'o', ownerKey, side: 'buy' })))).toBe(
        'INVALID_OWNER_ID',
      );
    }
    expect(code(book.plan({ kind: 'cancel', key: keyOf('nope') }))).toBe('ORDER_NOT_FOUND');
  });
});

describe('OrderBook: rebuild', () => {
  it('restores resting orders and stops in their original time order', () => {
    const book = new OrderBook({ lastPrice: 100, sequence: 41 });
    book.restore({
      status: 'open',
      key: keyOf('a'),
      orderId: 'a',
      ownerId: 'u1',
      ownerKey: 1001, // apart from the keys `order` assigns
      side: 'buy',
      price: 99,
      quantity: 5,
      remainingQuantity: 5,
    });
    book.restore({
      status: 'partially_filled',
      key: keyOf('b'),
      orderId: 'b',
      ownerId: 'u2',
      ownerKey: 1002,
      side: 'buy',
      price: 99,
      quantity: 5,
      remainingQuantity: 2,
    });
    book.restore({
      status: 'pending_stop',
      key: keyOf('c'),
      orderId: 'c',
      ownerId: 'u3',
      ownerKey: 1003,
      side: 'sell',
      type: 'stop_loss',
      quantity: 1,
      price: null,
      stopPrice: 90,
      timeInForce: 'IOC',
    });
    checkInvariants(book);
    expect(book.depth(1)).toEqual({
      sequence: 41,
      bids: [{ price: 99, quantity: 7, orderCount: 2 }],
      asks: [],
    });
    const plan = run(book, { orderId: 's', side: 'sell', price: 99, quantity: 6 });
    expect(plan.trades.map((t) => [t.buyOrderId, t.quantity])).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
    expect(plan.deltas[0]?.sequence).toBe(42);
  });

  it('throws on orders that could not be live', () => {
    const book = new OrderBook();
    book.restore({
      status: 'open',
      key: keyOf('a'),
      orderId: 'a',
      ownerId: 'u1',
      ownerKey: 1001,
      side: 'buy',
      price: 99,
      quantity: 5,
      remainingQuantity: 5,
    });
    const crossing = {
      status: 'open',
      key: keyOf('b'),
      orderId: 'b',
      ownerId: 'u2',
      ownerKey: 1002,
      side: 'sell',
      price: 99,
      quantity: 5,
      remainingQuantity: 5,
    } as const;
    expect(() => book.restore(crossing)).toThrow(/cross/);
    expect(() => book.restore({ ...crossing, key: keyOf('a'), orderId: 'a', price: 120 })).toThrow(
      /duplicate/,
    );
  });
});

/** Plans and applies any command; returns the plan. */
function runCommand(book: OrderBook, command: Command): BookPlan {
  const result = book.plan(command);
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  book.apply(result.plan);
  checkInvariants(book);
  return result.plan;
}

describe('OrderBook: amend', () => {
  it('keeps time priority for a quantity decrease alone', () => {
    const book = new OrderBook();
    run(book, { orderId: 'am-a', side: 'sell' });
    run(book, { orderId: 'am-b', side: 'sell' });
    const plan = runCommand(book, { kind: 'amend', key: keyOf('am-a'), quantity: 4 });
    expect(plan.orders).toEqual([
      {
        orderId: 'am-a',
        ownerId: 'owner-am-a',
        side: 'sell',
        status: 'open',
        filledQuantity: 0,
        remainingQuantity: 4,
      },
    ]);
    expect(plan.deltas).toEqual([
      { sequence: 3, side: 'sell', price: 100, quantity: 14, orderCount: 2 },
    ]);
    const fill = run(book, { orderId: 'am-c', side: 'buy', quantity: 5 });
    expect(fill.trades.map((t) => [t.sellOrderId, t.quantity])).toEqual([
      ['am-a', 4],
      ['am-b', 1],
    ]);
  });

  it('moves an order behind its level for a quantity increase', () => {
    const book = new OrderBook();
    run(book, { orderId: 'ai-a', side: 'sell' });
    run(book, { orderId: 'ai-b', side: 'sell' });
    const plan = runCommand(book, { kind: 'amend', key: keyOf('ai-a'), quantity: 12 });
    expect(plan.orders.map((u) => [u.status, u.filledQuantity, u.remainingQuantity])).toEqual([
      ['open', 0, 12],
    ]);
    expect(plan.deltas).toEqual([
      { sequence: 3, side: 'sell', price: 100, quantity: 22, orderCount: 2 },
    ]);
    expect(book.restingOrders().map((o) => [o.orderId, o.quantity])).toEqual([
      ['ai-b', 10],
      ['ai-a', 12],
    ]);
  });

  it('re-enters at a new price as a taker, keeping its fills, and rests the remainder', () => {
    const book = new OrderBook();
    run(book, { orderId: 'ap-s1', side: 'sell', price: 101, quantity: 4 });
    run(book, { orderId: 'ap-s2', side: 'sell', price: 103, quantity: 4 });
    run(book, { orderId: 'ap-b', side: 'buy', price: 99 });
    const first = runCommand(book, { kind: 'amend', key: keyOf('ap-b'), price: 101 });
    expect(first.trades.map((t) => [t.buyOrderId, t.sellOrderId, t.price, t.quantity])).toEqual([
      ['ap-b', 'ap-s1', 101, 4],
    ]);
    expect(first.orders.map((u) => [u.orderId, u.status, u.filledQuantity])).toEqual([
      ['ap-b', 'open', 0],
      ['ap-s1', 'filled', 4],
      ['ap-b', 'partially_filled', 4],
    ]);
    expect(first.deltas.map((d) => [d.side, d.price, d.quantity, d.orderCount])).toEqual([
      ['buy', 101, 6, 1],
      ['buy', 99, 0, 0],
      ['sell', 101, 0, 0],
    ]);
    // The total must stay above the 4 filled; a decrease to 5 leaves 1.
    expect(code(book.plan({ kind: 'amend', key: keyOf('ap-b'), quantity: 4 }))).toBe(
      'INVALID_QUANTITY',
    );
    const second = runCommand(book, { kind: 'amend', key: keyOf('ap-b'), quantity: 5 });
    expect(second.orders.map((u) => [u.status, u.filledQuantity, u.remainingQuantity])).toEqual([
      ['partially_filled', 4, 1],
    ]);
    // Moved again without a new fill: one update, still partially filled.
    const third = runCommand(book, { kind: 'amend', key: keyOf('ap-b'), price: 102, quantity: 8 });
    expect(third.orders.map((u) => [u.status, u.filledQuantity, u.remainingQuantity])).toEqual([
      ['partially_filled', 4, 4],
    ]);
    expect(book.find(keyOf('ap-b'))).toMatchObject({
      price: 102,
      quantity: 8,
      remainingQuantity: 4,
    });
  });

  it('stops a re-entering order at its owner’s own resting order', () => {
    const book = new OrderBook();
    run(book, { orderId: 'st-s', ownerId: 'same', side: 'sell', price: 101 });
    run(book, { orderId: 'st-b', ownerId: 'same', side: 'buy', price: 99 });
    const plan = runCommand(book, { kind: 'amend', key: keyOf('st-b'), price: 101 });
    expect(plan.trades).toEqual([]);
    expect(plan.orders.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'SELF_TRADE_PREVENTED',
    });
    expect(book.find(keyOf('st-b'))).toBeUndefined();
  });

  it('changes a pending stop in place without triggering it', () => {
    const book = new OrderBook({ lastPrice: 100 });
    const stop = { side: 'buy', type: 'stop_limit', stopPrice: 105, price: 106 } as const;
    run(book, { orderId: 'sl-a', ...stop });
    run(book, { orderId: 'sl-b', ...stop });
    const plan = runCommand(book, { kind: 'amend', key: keyOf('sl-a'), quantity: 20, price: 107 });
    expect(plan.orders.map((u) => [u.status, u.remainingQuantity])).toEqual([['pending_stop', 20]]);
    expect(plan.deltas).toEqual([]);
    expect(book.pendingStops().map((s) => [s.orderId, s.quantity, s.price])).toEqual([
      ['sl-a', 20, 107],
      ['sl-b', 10, 106],
    ]);
    run(book, {
      orderId: 'sloss',
      side: 'sell',
      type: 'stop_loss',
      stopPrice: 90,
      price: undefined,
    });
    expect(code(book.plan({ kind: 'amend', key: keyOf('sloss'), price: 89 }))).toBe(
      'INVALID_PRICE',
    );
  });

  it('refuses unknown keys, bad values and amends that change nothing', () => {
    const book = new OrderBook();
    run(book, { orderId: 'rf-a', side: 'buy' });
    const key = keyOf('rf-a');
    expect(code(book.plan({ kind: 'amend', key: keyOf('rf-none'), quantity: 3 }))).toBe(
      'ORDER_NOT_FOUND',
    );
    expect(code(book.plan({ kind: 'amend', key }))).toBe('INVALID_AMEND');
    expect(code(book.plan({ kind: 'amend', key, quantity: 10, price: 100 }))).toBe('INVALID_AMEND');
    for (const quantity of [0, -1, 1.5, 2 ** 53]) {
      expect(code(book.plan({ kind: 'amend', key, quantity }))).toBe('INVALID_QUANTITY');
    }
    for (const price of [0, 1.5, 1e13]) {
      expect(code(book.plan({ kind: 'amend', key, price }))).toBe('INVALID_PRICE');
    }
    expect(book.find(key)).toMatchObject({ price: 100, quantity: 10 });
  });
});

describe('OrderBook: expire and cancel-all', () => {
  it('expires like a cancel, with status expired', () => {
    const book = new OrderBook();
    run(book, { orderId: 'ex-a', side: 'buy', quantity: 3 });
    const plan = runCommand(book, { kind: 'expire', key: keyOf('ex-a') });
    expect(plan.orders).toEqual([
      {
        orderId: 'ex-a',
        ownerId: 'owner-ex-a',
        side: 'buy',
        status: 'expired',
        filledQuantity: 0,
        remainingQuantity: 3,
      },
    ]);
    expect(plan.deltas).toEqual([
      { sequence: 2, side: 'buy', price: 100, quantity: 0, orderCount: 0 },
    ]);
    expect(code(book.plan({ kind: 'expire', key: keyOf('ex-a') }))).toBe('ORDER_NOT_FOUND');
  });

  it('cancels every live order of one owner in a fixed order', () => {
    const book = new OrderBook({ lastPrice: 100 });
    const mine = { ownerId: 'ca-me' } as const;
    run(book, { orderId: 'ca-1', ...mine, side: 'sell', price: 102 });
    run(book, { orderId: 'ca-2', ...mine, side: 'buy', price: 98 });
    run(book, { orderId: 'ca-3', side: 'buy', price: 99 });
    run(book, { orderId: 'ca-4', ...mine, side: 'buy', price: 99, quantity: 2 });
    run(book, { orderId: 'ca-5', ...mine, side: 'sell', type: 'stop_loss', stopPrice: 95 });
    run(book, { orderId: 'ca-6', ...mine, side: 'buy', type: 'stop_limit', stopPrice: 105 });
    const ownerKey = handleOf('owner', 'ca-me');
    const plan = runCommand(book, { kind: 'cancel_all', ownerKey });
    expect(plan.orders.map((u) => [u.orderId, u.status])).toEqual([
      ['ca-4', 'cancelled'],
      ['ca-2', 'cancelled'],
      ['ca-1', 'cancelled'],
      ['ca-6', 'cancelled'],
      ['ca-5', 'cancelled'],
    ]);
    expect(plan.deltas.map((d) => [d.side, d.price, d.quantity, d.orderCount])).toEqual([
      ['buy', 99, 10, 1],
      ['buy', 98, 0, 0],
      ['sell', 102, 0, 0],
    ]);
    expect(book.restingOrders().map((o) => o.orderId)).toEqual(['ca-3']);
    expect(book.pendingStops()).toEqual([]);
    const none = runCommand(book, { kind: 'cancel_all', ownerKey });
    expect([none.orders, none.deltas]).toEqual([[], []]);
    expect(code(book.plan({ kind: 'cancel_all', ownerKey: -1 }))).toBe('INVALID_OWNER_ID');
  });
});

import { describe, expect, it } from 'vitest';
import { mergeOrders, shownPrice } from './orders-list.js';
import type { OrderView } from './trading-types.js';

const order = (id: string, created: number, updated: number, status: OrderView['status']) =>
  ({
    id,
    status,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
  }) as OrderView;

describe('mergeOrders', () => {
  it('keeps the later copy of an order, whichever arrives last', () => {
    const filled = order('a', 1, 5, 'filled');
    const stale = order('a', 1, 2, 'open');
    expect(mergeOrders([filled], [stale])).toEqual([filled]);
    expect(mergeOrders([stale], [filled])).toEqual([filled]);
  });

  it('adds new orders and lists newest first', () => {
    const older = order('a', 1, 1, 'open');
    const newer = order('b', 3, 3, 'open');
    expect(mergeOrders([older], [newer]).map((o) => o.id)).toEqual(['b', 'a']);
  });
});

describe('shownPrice', () => {
  it("explains a stop-loss's price as its protection bound", () => {
    expect(shownPrice({ order_type: 'stop_loss', side: 'sell', price: '9.00' })).toBe(
      'market, at least 9.00 (protection)',
    );
    expect(shownPrice({ order_type: 'stop_loss', side: 'buy', price: '11.00' })).toBe(
      'market, at most 11.00 (protection)',
    );
    expect(shownPrice({ order_type: 'limit', side: 'buy', price: '10.00' })).toBe('10.00');
    expect(shownPrice({ order_type: 'market', side: 'buy', price: null })).toBe('market');
  });
});

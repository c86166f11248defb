import { describe, expect, it } from 'vitest';
import { mergeOrders } from './orders-list.js';
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

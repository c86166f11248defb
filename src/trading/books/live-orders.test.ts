import { describe, expect, it } from 'vitest';
import type { LiveRow } from './book-state.js';
import { LiveOrders } from './live-orders.js';

const row = (id: string, userId: string) => ({ id, user_id: userId }) as LiveRow;

describe('LiveOrders', () => {
  it('knows the users with a live order as orders come, change and go', () => {
    const live = new LiveOrders();
    live.set('o1', row('o1', 'ann')).set('o2', row('o2', 'ann')).set('o3', row('o3', 'bob'));
    expect([...live.holders()].sort()).toEqual(['ann', 'bob']);

    // the same order written again (its row changed) is still one order
    live.set('o1', row('o1', 'ann'));
    expect(live.delete('o1')).toBe(true);
    expect(live.holds('ann')).toBe(true);
    expect(live.delete('o2')).toBe(true);
    expect(live.holds('ann')).toBe(false);
    expect(live.delete('o2')).toBe(false);
    expect([...live.holders()]).toEqual(['bob']);
    expect(live.size).toBe(1);

    live.clear();
    expect(live.holds('bob')).toBe(false);
    expect([...live.holders()]).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import { projectionOf, type JournalEntry } from './journal.js';

const order = (id: string, status: Order['status'], filled: number) =>
  ({ id, status, filled_quantity: filled, quantity: 10, remaining_quantity: 10 - filled }) as Order;

const trade = (id: string, tokenId: string, price: string, quantity: number) =>
  ({ id, token_id: tokenId, price, quantity }) as Trade;

function entry(
  tokenId: string,
  at: string,
  rows: Partial<Pick<JournalEntry['rows'], 'inserted' | 'updated' | 'trades'>>,
): JournalEntry {
  return {
    tokenId,
    batchId: `${tokenId}@${at}`,
    bookSequence: 1,
    rows: {
      at,
      inserted: [],
      updated: [],
      history: [],
      refusals: [],
      trades: [],
      ...rows,
    },
  };
}

describe('journal projection', () => {
  it('inserts an order inserted then changed as its last state, at its insert time', () => {
    const projection = projectionOf([
      entry('t', '2026-01-05T10:00:00.000Z', { inserted: [order('a', 'open', 0)] }),
      entry('t', '2026-01-05T10:00:01.000Z', { updated: [order('a', 'partially_filled', 4)] }),
      entry('t', '2026-01-05T10:00:02.000Z', { updated: [order('a', 'filled', 10)] }),
    ]);
    expect(projection.inserted).toEqual([
      expect.objectContaining({
        id: 'a',
        status: 'filled',
        filled_quantity: 10,
        inserted_at: '2026-01-05T10:00:00.000Z',
        at: '2026-01-05T10:00:02.000Z',
      }),
    ]);
    expect(projection.updated).toEqual([]);
    expect(projection.keys).toHaveLength(3);
  });

  it('updates an order changed by several batches once, to its last state', () => {
    const projection = projectionOf([
      entry('t', '2026-01-05T10:00:00.000Z', { updated: [order('b', 'partially_filled', 2)] }),
      entry('t', '2026-01-05T10:00:01.000Z', { updated: [order('b', 'cancelled', 2)] }),
    ]);
    expect(projection.inserted).toEqual([]);
    expect(projection.updated).toEqual([
      expect.objectContaining({ id: 'b', status: 'cancelled', at: '2026-01-05T10:00:01.000Z' }),
    ]);
  });

  it('makes one candle per token and bucket from the trades of all the batches', () => {
    const projection = projectionOf([
      entry('t', '2026-01-05T10:00:00.000Z', { trades: [trade('x', 't', '10.00', 2)] }),
      entry('u', '2026-01-05T10:00:00.000Z', { trades: [trade('y', 'u', '5.00', 1)] }),
      entry('t', '2026-01-05T10:00:30.000Z', { trades: [trade('z', 't', '11.00', 3)] }),
    ]);
    const minute = projection.candles.filter((c) => c.interval === '1m');
    expect(minute).toEqual([
      expect.objectContaining({ token_id: 't', open: '10.00', high: '11.00', close: '11.00' }),
      expect.objectContaining({ token_id: 'u', open: '5.00', volume: 1, trades: 1 }),
    ]);
    expect(minute[0]).toMatchObject({ volume: 5, trades: 2, low: '10.00' });
    expect(projection.trades.map((t) => [t.id, t.at])).toEqual([
      ['x', '2026-01-05T10:00:00.000Z'],
      ['y', '2026-01-05T10:00:00.000Z'],
      ['z', '2026-01-05T10:00:30.000Z'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  alertPeople,
  alertsQuery,
  duration,
  evidenceTimeline,
  idsIn,
  selfTrade,
  withNames,
} from './surveillance.js';
import type { Alert } from './trading-types.js';

/** An alert as the trading process answers it (GET /admin/surveillance/alerts/:id). */
const spoof: Alert = {
  id: 'a1',
  token_id: 't1',
  rule: 'spoofing',
  status: 'open',
  user_id: 'u1',
  summary: 'Large bid pulled 800 ms after placement while selling',
  detected_at: '2026-11-24T10:00:05.000Z',
  evidence: {
    orders: [
      {
        id: 'o2',
        user_id: 'u1',
        side: 'sell',
        price: '10.10',
        quantity: 5,
        filled_quantity: 5,
        placed_at: '2026-11-24T10:00:01.000Z',
        cancelled_at: null,
      },
      {
        id: 'o1',
        user_id: 'u1',
        side: 'buy',
        price: '10.00',
        quantity: 5000,
        filled_quantity: 0,
        placed_at: '2026-11-24T10:00:00.500Z',
        cancelled_at: '2026-11-24T10:00:01.300Z',
      },
    ],
    trades: [
      {
        id: 'tr1',
        price: '10.10',
        quantity: 5,
        buyer_id: 'u2',
        seller_id: 'u1',
        executed_at: '2026-11-24T10:00:01.300Z',
      },
    ],
  },
  closed_at: null,
  closed_by: null,
  note: null,
};

describe('surveillance alerts', () => {
  it('builds the list query from the filters, leaving out empty ones', () => {
    expect(alertsQuery({})).toEqual({ limit: 50 });
    expect(alertsQuery({ status: 'open', token_id: ' t1 ', rule: '' }, 'c9', 20)).toEqual({
      limit: 20,
      status: 'open',
      token_id: 't1',
      cursor: 'c9',
    });
    expect(alertsQuery({ rule: 'wash_trade' })).toEqual({ limit: 50, rule: 'wash_trade' });
  });

  it('names everyone the alert involves once: its user, the closer, owners and parties', () => {
    expect(alertPeople(spoof)).toEqual(['u1', 'u2']);
    expect(alertPeople({ ...spoof, status: 'closed', closed_by: 's1' })).toEqual([
      'u1',
      's1',
      'u2',
    ]);
  });

  it('names the accounts a summary is about, leaving ids of no one known as they are', () => {
    const a = '01a21511-76d1-7467-8c8f-38608076fe46';
    const b = '01a21511-7952-76a1-a6f4-2fd003ce2b25';
    const summary = `1 round trip between accounts ${a} and ${b} within 120 s`;
    expect(idsIn(summary)).toEqual([a, b]);
    expect(withNames(summary, (id) => (id === a ? 'ann@example.com' : undefined))).toBe(
      `1 round trip between accounts ann@example.com and ${b} within 120 s`,
    );
  });

  it('reads the evidence in time order with each pulled order time on the book', () => {
    const events = evidenceTimeline(spoof.evidence);
    expect(events.map((e) => `${e.kind}:${e.ref}`)).toEqual([
      'placed:o1',
      'placed:o2',
      // same instant: the trade first, then the cancellation it was waiting for
      'trade:tr1',
      'cancelled:o1',
    ]);
    expect(events[3]).toMatchObject({
      restedMs: 800,
      side: 'buy',
      quantity: '5000',
      filled: '0',
      user_id: 'u1',
    });
    expect(events[2]).toMatchObject({ price: '10.10', buyer_id: 'u2', seller_id: 'u1' });
    expect(events.some(selfTrade)).toBe(false);
  });

  it('marks a trade between one user and itself', () => {
    const wash = evidenceTimeline({
      orders: [],
      trades: [
        {
          id: 'w',
          price: '1',
          quantity: 3,
          buyer_id: 'u1',
          seller_id: 'u1',
          executed_at: '2026-11-24T10:00:00Z',
        },
      ],
    });
    expect(wash.filter(selfTrade).map((e) => e.ref)).toEqual(['w']);
  });

  it('writes durations as people read them', () => {
    expect(duration(800)).toBe('800 ms');
    expect(duration(2400)).toBe('2.4 s');
    expect(duration(185_000)).toBe('3 min 5 s');
  });
});

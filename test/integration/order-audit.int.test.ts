/**
 * The order audit trail (docs/reports.md): a seeded session's every order event, refused ones
 * included, in the order they happened, the same through pages, the JSON and the CSV; staff only;
 * the refusals' record append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatformApp } from '../../src/platform/app.js';
import { orderAuditService } from '../../src/platform/order-audit/order-audit.service.js';
import type { OrderEvent } from '../../src/platform/order-audit/order-audit.schemas.js';
import type { HttpApp } from '../../src/lib/http/app.js';
import { createLogger } from '../../src/lib/logger.js';
import { testConfig } from '../support/config.js';
import { parseCsv } from '../support/pdf-text.js';
import { startTestTrading, type TestTrading, type Trader } from '../support/trading.js';

let sys: TestTrading;
let platform: HttpApp;
let tokenId: string;
let alice: Trader;
let bob: Trader;
let staff: Trader;
const from = new Date();
let events: OrderEvent[];

const limit = (side: 'buy' | 'sell', quantity: number, price = '10.00') => ({
  token_id: tokenId,
  side,
  order_type: 'limit',
  quantity,
  price,
});

beforeAll(async () => {
  sys = await startTestTrading();
  platform = await buildPlatformApp({
    config: testConfig({ DATABASE_URL: sys.databaseUrl }),
    db: sys.db,
    logger: createLogger('test', 'silent'),
  });
  tokenId = (await sys.token()).id;
  alice = await sys.funded(tokenId, '1000.00', 100);
  bob = await sys.funded(tokenId, '1000.00', 0);
  staff = await sys.user('staff');
  const call = sys.call.bind(sys);
  const sell = (await call('POST', '/api/v1/orders', limit('sell', 10), alice.token)).json();
  await call('POST', '/api/v1/orders', limit('buy', 4), bob.token);
  // refused by the book (its batch records it): more than bob's money
  await call('POST', '/api/v1/orders', limit('buy', 500), bob.token);
  // refused before the book (the service records it): a good-till-date already past
  await call(
    'POST',
    '/api/v1/orders',
    { ...limit('buy', 1), time_in_force: 'GTD', expires_at: '2020-01-01T00:00:00Z' },
    bob.token,
  );
  await call('PATCH', `/api/v1/orders/${sell.order.id}`, { quantity: 8 }, alice.token);
  // refused: bob cancels alice's order
  await call('DELETE', `/api/v1/orders/${sell.order.id}`, undefined, bob.token);
  await call('DELETE', `/api/v1/orders/${sell.order.id}`, undefined, alice.token);
  events = (await orderAuditService({ db: sys.db }).all({ from: from.toISOString() })).events;
});

afterAll(async () => {
  await platform.close();
  await sys.close();
});

const adminGet = (url: string, token = staff.token) =>
  platform.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('the order audit trail', () => {
  it('holds every order event of the session in order, refused ones included', () => {
    const lines = events.map((e) => [e.user_id === alice.id ? 'alice' : 'bob', e.event, e.outcome]);
    // a new order is recorded open, then as its trades leave it; an amend, then as the book does
    expect(lines).toEqual([
      ['alice', 'open', null],
      ['bob', 'open', null],
      ['alice', 'partially_filled', null],
      ['bob', 'filled', null],
      ['bob', 'refused', 'INSUFFICIENT_FUNDS'],
      ['bob', 'refused', 'EXPIRES_AT_PAST'],
      ['alice', 'partially_filled', 'AMENDED'],
      ['alice', 'partially_filled', null],
      ['bob', 'refused', 'NOT_FOUND'],
      ['alice', 'cancelled', 'CANCELLED_BY_OWNER'],
    ]);
    for (const event of events) {
      expect(event.event_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    }
    expect(events.map((e) => e.event_time)).toEqual(events.map((e) => e.event_time).sort());
  });

  it('records each event with its order, price, quantity and the book sequence', () => {
    const [opened, , , , noMoney, , amended] = events;
    expect(opened).toMatchObject({ side: 'sell', order_type: 'limit', price: '10.00' });
    expect(opened!.quantity).toBe('10');
    expect(amended).toMatchObject({ quantity: '8', filled_quantity: '4', remaining_quantity: '4' });
    // an amend says what it changed: the quantity before it, the price kept
    expect(amended).toMatchObject({ previous_quantity: '10', previous_price: '10.00' });
    expect(opened).toMatchObject({ previous_quantity: null, previous_price: null });
    expect(noMoney).toMatchObject({ side: 'buy', quantity: '500', token_id: tokenId });
    const sequences = events
      .filter((e) => e.event !== 'refused')
      .map((e) => Number(e.book_sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(sequences[0]).toBeGreaterThan(0);
  });

  it('gives the same events page by page and as CSV, to staff only', async () => {
    const paged: OrderEvent[] = [];
    let cursor: string | null = null;
    do {
      const query = `from=${from.toISOString()}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await adminGet(`/api/v1/admin/order-events?${query}`);
      expect(page.statusCode).toBe(200);
      const body = page.json<{ data: OrderEvent[]; next_cursor: string | null }>();
      paged.push(...body.data);
      cursor = body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(events);

    const csv = await adminGet(`/api/v1/admin/order-events.csv?from=${from.toISOString()}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(csv.body);
    expect(
      rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] || null]))),
    ).toEqual(events);

    const investor = await adminGet('/api/v1/admin/order-events', alice.token);
    expect(investor.statusCode).toBe(403);
  });

  it('refuses a range that ends before it starts or is longer than 31 days', async () => {
    const backwards = await adminGet(
      '/api/v1/admin/order-events?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    );
    expect(backwards.json()).toMatchObject({ code: 'INVALID_TIME_RANGE' });
    const long = await adminGet(
      '/api/v1/admin/order-events.csv?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z',
    );
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'TIME_RANGE_TOO_LONG' });
    const badCursor = await adminGet('/api/v1/admin/order-events?cursor=x');
    expect(badCursor.statusCode).toBe(400);
  });

  it('keeps the refusals append-only', async () => {
    await expect(sys.db.deleteFrom('order_refusals').execute()).rejects.toThrow(/append-only/);
    await expect(sys.db.updateTable('order_refusals').set({ code: 'X' }).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});

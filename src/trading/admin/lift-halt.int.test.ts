/**
 * Staff lift a halt (docs/auctions.md, "Halts reopen by auction"), on the real trading app and
 * database with a hand-set clock and a seeded random end: by default a book with calls reopens
 * through a call (crossing orders rest and uncross together at its random end, as one auction),
 * and staff may choose continuous trading at once instead; a book without calls resumes
 * continuously. Each lift is audited with the choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;
let staff: Trader;

beforeAll(async () => {
  // each call ends half way through its random-end window
  sys = await startTestTrading({ random: () => 0.5 });
  staff = await sys.user('staff');
});
afterAll(async () => {
  await sys.close();
});

/** Monday 5 January 2026, UTC. */
const at = (time: string) => new Date(`2026-01-05T${time}Z`);

async function withAuctions(tokenId: string) {
  await sys.db
    .insertInto('token_trading_sessions')
    .values({
      token_id: tokenId,
      market_model: 'continuous_with_auctions',
      time_zone: 'UTC',
      calendar_code: null,
      opening_call_seconds: 300,
      closing_call_seconds: 300,
      random_end_seconds: 30,
      updated_by: null,
    })
    .execute();
  await sys.db
    .insertInto('token_session_hours')
    .values(
      [1, 2, 3, 4, 5].map((weekday) => ({ token_id: tokenId, weekday, opens: 540, closes: 1050 })),
    )
    .execute();
}

async function market(kind: 'auctions' | 'continuous') {
  const token = await sys.token();
  if (kind === 'auctions') await withAuctions(token.id);
  const buyer = await sys.funded(token.id);
  const seller = await sys.funded(token.id);
  const limit = async (trader: Trader, side: 'buy' | 'sell', price: string) => {
    const body = { token_id: token.id, side, order_type: 'limit', quantity: 5, price };
    const response = await sys.call('POST', '/api/v1/orders', body, trader.token);
    expect(response.statusCode).toBe(200);
  };
  const phase = async () =>
    (await sys.call('GET', `/api/v1/markets/${token.id}/phase`)).json<{
      phase: string;
      scheduled_end: string | null;
    }>();
  const trades = () =>
    sys.db
      .selectFrom('trades')
      .select(['price', 'quantity', 'auction_id'])
      .where('token_id', '=', token.id)
      .execute();
  const halt = async () => {
    const path = `/api/v1/admin/tokens/${token.id}/halt`;
    const body = { minutes: 30, reason: 'Issuer announcement pending' };
    expect((await sys.call('POST', path, body, staff.token)).statusCode).toBe(200);
    expect((await phase()).phase).toBe('halted');
  };
  const lift = (body?: Record<string, unknown>) =>
    sys.call('POST', `/api/v1/admin/tokens/${token.id}/lift-halt`, body, staff.token);
  const audits = () =>
    sys.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'details'])
      .where('action', '=', 'token.halt_lifted')
      .where('target_id', '=', token.id)
      .orderBy('created_at')
      .execute();
  return { token, buyer, seller, limit, phase, trades, halt, lift, audits };
}

describe('lifting a halt', () => {
  it('reopens a book with calls through a reopening call by default', async () => {
    sys.clock.current = at('10:00:00');
    const m = await market('auctions');
    await m.halt();
    sys.clock.current = at('10:02:00');
    const lifted = await m.lift();
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().halted_until).toBe(at('10:02:00').toISOString());
    expect(await m.phase()).toMatchObject({
      phase: 'auction',
      scheduled_end: at('10:07:00').toISOString(),
    });
    // crossing orders rest in the call without matching
    await m.limit(m.seller, 'sell', '10.00');
    await m.limit(m.buyer, 'buy', '10.20');
    expect(await m.trades()).toEqual([]);
    // the call's random end: 15 s after its scheduled end, one auction
    sys.clock.current = at('10:07:15');
    await sys.trading.books.tick();
    const uncrossed = await m.trades();
    expect(uncrossed.map((t) => [t.price, Number(t.quantity)])).toEqual([['10.00', 5]]);
    expect(uncrossed[0]!.auction_id).not.toBeNull();
    expect((await m.phase()).phase).toBe('continuous');
    expect(await m.audits()).toEqual([
      { actor_id: staff.id, details: { reopen: 'auction', reason: null } },
    ]);
    // nothing left to lift
    expect((await m.lift()).json().code).toBe('TRADING_NOT_HALTED');
  });

  it('reopens straight to continuous trading when staff choose it', async () => {
    sys.clock.current = at('11:00:00');
    const m = await market('auctions');
    await m.halt();
    const lifted = await m.lift({ reopen: 'continuous', reason: 'Announcement published' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().halted_until).toBeNull();
    expect((await m.phase()).phase).toBe('continuous');
    await m.limit(m.seller, 'sell', '10.00');
    await m.limit(m.buyer, 'buy', '10.20');
    const matched = await m.trades();
    expect(matched.map((t) => [t.price, Number(t.quantity), t.auction_id])).toEqual([
      ['10.00', 5, null],
    ]);
    expect(await m.audits()).toEqual([
      {
        actor_id: staff.id,
        details: { reopen: 'continuous', reason: 'Announcement published' },
      },
    ]);
  });

  it('resumes a book without calls continuously, and refuses a bad choice', async () => {
    sys.clock.current = at('12:00:00');
    const m = await market('continuous');
    await m.halt();
    expect((await m.lift({ reopen: 'never' })).statusCode).toBe(400);
    expect((await m.lift()).statusCode).toBe(200);
    expect((await m.phase()).phase).toBe('continuous');
    await m.limit(m.seller, 'sell', '10.00');
    await m.limit(m.buyer, 'buy', '10.20');
    expect((await m.trades()).map((t) => [t.price, t.auction_id])).toEqual([['10.00', null]]);
  });
});

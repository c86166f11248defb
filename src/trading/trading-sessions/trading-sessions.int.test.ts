import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;
let staff: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  staff = await sys.user('staff');
});
afterAll(async () => {
  await sys.close();
});

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:30' }));
const frankfurt = {
  market_model: 'continuous_with_auctions',
  time_zone: 'Europe/Berlin',
  hours: weekdays,
  calendar: 'xetra',
  opening_call_seconds: 600,
  closing_call_seconds: 300,
  call_seconds: 300,
  random_end_seconds: 30,
  reason: 'thinly traded: opening and closing auctions',
};
const putSession = (tokenId: string, body: object, who = staff) =>
  sys.call('PUT', `/api/v1/admin/tokens/${tokenId}/trading-session`, body, who.token);
const putCalendar = (code: string, body: object, who = staff) =>
  sys.call('PUT', `/api/v1/admin/trading-calendars/${code}`, body, who.token);
const phaseOf = (tokenId: string) => sys.call('GET', `/api/v1/markets/${tokenId}/phase`);
const audits = (targetId: string) =>
  sys.db
    .selectFrom('audit_logs')
    .select(['action', 'details', 'actor_id'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();

describe('trading sessions', () => {
  it('a token without a session trades continuously around the clock', async () => {
    const { id: tokenId } = await sys.token();
    const session = await sys.call(
      'GET',
      `/api/v1/admin/tokens/${tokenId}/trading-session`,
      undefined,
      staff.token,
    );
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      market_model: 'continuous',
      time_zone: 'UTC',
      hours: [],
    });
    const phase = await phaseOf(tokenId);
    expect(phase.statusCode).toBe(200);
    expect(phase.json()).toEqual({
      token_id: tokenId,
      market_model: 'continuous',
      time_zone: 'UTC',
      phase: 'continuous',
      scheduled_end: null,
      random_end_window_seconds: null,
      indicative: null,
      at: sys.clock.now().toISOString(),
    });
  });

  it('staff set a calendar and a session with a reason; the phase follows the clock', async () => {
    const calendar = await putCalendar('xetra', {
      name: 'Xetra holidays',
      holidays: [
        { date: '2026-04-03', name: 'Good Friday' },
        { date: '2026-04-06', name: 'Easter Monday' },
      ],
      reason: 'exchange holidays 2026',
    });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.json()).toMatchObject({
      code: 'xetra',
      holidays: [
        { date: '2026-04-03', name: 'Good Friday' },
        { date: '2026-04-06', name: 'Easter Monday' },
      ],
    });
    const { id: tokenId } = await sys.token();
    const res = await putSession(tokenId, frankfurt);
    expect(res.statusCode).toBe(200);
    const stored: Record<string, unknown> = { ...frankfurt };
    delete stored.reason;
    expect(res.json()).toEqual({ token_id: tokenId, ...stored });

    // Monday 5 January 2026, 10:00 UTC is 11:00 in Berlin: continuous until the closing call
    sys.clock.current = new Date('2026-01-05T10:00:00Z');
    expect((await phaseOf(tokenId)).json()).toMatchObject({
      phase: 'continuous',
      scheduled_end: '2026-01-05T16:25:00.000Z',
      random_end_window_seconds: null,
    });
    sys.clock.current = new Date('2026-01-05T08:03:00Z');
    expect((await phaseOf(tokenId)).json()).toMatchObject({
      phase: 'pre_open',
      scheduled_end: '2026-01-05T08:10:00.000Z',
      random_end_window_seconds: 30,
    });
    // Good Friday: closed until Tuesday's opening (summer time, 07:00 UTC)
    sys.clock.current = new Date('2026-04-03T10:00:00Z');
    expect((await phaseOf(tokenId)).json()).toMatchObject({
      phase: 'closed',
      scheduled_end: '2026-04-07T07:00:00.000Z',
    });
    // the circuit breaker's halt
    sys.clock.current = new Date('2026-01-05T12:00:00Z');
    await sys.db
      .updateTable('tokens')
      .set({ halted_until: new Date('2026-01-05T12:05:00Z') })
      .where('id', '=', tokenId)
      .execute();
    expect((await phaseOf(tokenId)).json()).toMatchObject({
      phase: 'halted',
      scheduled_end: '2026-01-05T12:05:00.000Z',
    });

    const [audit] = await audits(tokenId);
    expect(audit).toMatchObject({
      action: 'token.trading_session_changed',
      actor_id: staff.id,
      details: {
        from: { market_model: 'continuous', time_zone: 'UTC', hours: [], calendar: null },
        to: {
          market_model: 'continuous_with_auctions',
          time_zone: 'Europe/Berlin',
          hours: weekdays,
        },
        reason: 'thinly traded: opening and closing auctions',
      },
    });
    await sys.db
      .updateTable('tokens')
      .set({ halted_until: null })
      .where('id', '=', tokenId)
      .execute();
    const periodic = await putSession(tokenId, {
      ...frankfurt,
      market_model: 'periodic_auction',
      calendar: null,
      hours: [{ weekday: 1, opens: '10:00', closes: '16:00' }],
      reason: 'too few trades for continuous matching',
    });
    expect(periodic.json()).toMatchObject({ market_model: 'periodic_auction', calendar: null });
    sys.clock.current = new Date('2026-01-05T09:07:00Z');
    expect((await phaseOf(tokenId)).json()).toMatchObject({
      phase: 'auction',
      scheduled_end: '2026-01-05T09:10:00.000Z',
      random_end_window_seconds: 30,
    });
    expect((await audits(tokenId))[1]?.details).toMatchObject({
      from: { market_model: 'continuous_with_auctions', calendar: 'xetra' },
      to: { market_model: 'periodic_auction', calendar: null, hours: [{ weekday: 1 }] },
    });

    const changed = await putCalendar('xetra', {
      name: 'Xetra holidays',
      holidays: [
        { date: '2026-04-03', name: 'Good Friday' },
        { date: '2026-12-24', name: 'Christmas Eve' },
      ],
      reason: 'Easter Monday open this year',
    });
    expect(changed.statusCode).toBe(200);
    expect((await audits('xetra')).map((a) => a.details)).toEqual([
      {
        name: 'Xetra holidays',
        added: ['2026-04-03', '2026-04-06'],
        removed: [],
        reason: 'exchange holidays 2026',
      },
      {
        name: 'Xetra holidays',
        added: ['2026-12-24'],
        removed: ['2026-04-06'],
        reason: 'Easter Monday open this year',
      },
    ]);
  });

  it('refuses a session that does not hold together, and changes nothing', async () => {
    const { id: tokenId } = await sys.token();
    const cases: [object, number, string][] = [
      [{ ...frankfurt, hours: [] }, 422, 'INVALID_TRADING_SESSION'],
      [{ ...frankfurt, time_zone: 'Europe/Atlantis' }, 422, 'INVALID_TRADING_SESSION'],
      [{ ...frankfurt, calendar: 'nowhere' }, 422, 'INVALID_TRADING_SESSION'],
      [{ ...frankfurt, random_end_seconds: 600 }, 422, 'INVALID_TRADING_SESSION'],
      [
        { ...frankfurt, hours: [{ weekday: 1, opens: '09:00', closes: '09:10' }] },
        422,
        'INVALID_TRADING_SESSION',
      ],
      [
        { ...frankfurt, hours: [{ weekday: 1, opens: '17:00', closes: '09:00' }] },
        422,
        'INVALID_TRADING_SESSION',
      ],
      [{ ...frankfurt, market_model: 'call_market' }, 400, 'VALIDATION_FAILED'],
      [{ ...frankfurt, reason: '' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await putSession(tokenId, body);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const investor = await sys.user('investor');
    expect((await putSession(tokenId, frankfurt, investor)).statusCode).toBe(403);
    const unknown = await putSession('01890000-0000-7000-8000-000000000000', frankfurt);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await phaseOf('01890000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect(
      await sys.db
        .selectFrom('token_trading_sessions')
        .select('token_id')
        .where('token_id', '=', tokenId)
        .execute(),
    ).toEqual([]);
    expect(await audits(tokenId)).toEqual([]);
    const twice = await putCalendar('dup', {
      name: 'Twice',
      holidays: [
        { date: '2026-05-01', name: 'a' },
        { date: '2026-05-01', name: 'b' },
      ],
      reason: 'typo',
    });
    expect([twice.statusCode, twice.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await sys.call(
      'GET',
      '/api/v1/admin/trading-calendars/dup',
      undefined,
      staff.token,
    );
    expect(missing.statusCode).toBe(404);
  });
});

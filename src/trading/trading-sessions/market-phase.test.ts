import { describe, expect, it } from 'vitest';
import { marketPhase, type PhaseState, type TradingSession } from './market-phase.js';
import { zonedInstant } from './zoned-time.js';

const weekdays = (opens: string, closes: string) => {
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return h * 60 + m;
  };
  return [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    opens: minutes(opens),
    closes: minutes(closes),
  }));
};

/** Frankfurt hours with an opening call of 10 minutes and a closing call of 5. */
const frankfurt: TradingSession = {
  model: 'continuous_with_auctions',
  timeZone: 'Europe/Berlin',
  hours: weekdays('09:00', '17:30'),
  holidays: new Set(['2026-04-03', '2026-04-06']),
  openingCallSeconds: 600,
  closingCallSeconds: 300,
  callSeconds: 0,
  randomEndSeconds: 30,
};
const idle: PhaseState = { haltedUntil: null, callEndedAt: null };
const at = (iso: string) => new Date(iso);
const phase = (session: TradingSession, iso: string, state: PhaseState = idle) => {
  const p = marketPhase(session, at(iso), state);
  return {
    phase: p.phase,
    scheduledEnd: p.scheduledEnd?.toISOString() ?? null,
    randomEndBy: p.randomEndBy?.toISOString() ?? null,
  };
};

describe('market phase, continuous with auctions (Europe/Berlin, winter time UTC+1)', () => {
  it('runs a day: closed, opening call, continuous, closing call, closed', () => {
    // Monday 23 March 2026
    expect(phase(frankfurt, '2026-03-23T07:59:59Z')).toEqual({
      phase: 'closed',
      scheduledEnd: '2026-03-23T08:00:00.000Z',
      randomEndBy: null,
    });
    expect(phase(frankfurt, '2026-03-23T08:05:00Z')).toEqual({
      phase: 'pre_open',
      scheduledEnd: '2026-03-23T08:10:00.000Z',
      randomEndBy: '2026-03-23T08:10:30.000Z',
    });
    expect(phase(frankfurt, '2026-03-23T12:00:00Z')).toEqual({
      phase: 'continuous',
      scheduledEnd: '2026-03-23T16:25:00.000Z',
      randomEndBy: null,
    });
    expect(phase(frankfurt, '2026-03-23T16:25:00Z')).toEqual({
      phase: 'closing_call',
      scheduledEnd: '2026-03-23T16:30:00.000Z',
      randomEndBy: '2026-03-23T16:30:30.000Z',
    });
    expect(phase(frankfurt, '2026-03-23T16:31:00Z')).toEqual({
      phase: 'closed',
      scheduledEnd: '2026-03-24T08:00:00.000Z',
      randomEndBy: null,
    });
  });

  it('keeps a call past its scheduled end until its uncross or the end of the random window', () => {
    expect(phase(frankfurt, '2026-03-23T08:10:10Z').phase).toBe('pre_open');
    const uncrossed = { haltedUntil: null, callEndedAt: at('2026-03-23T08:10:07Z') };
    expect(phase(frankfurt, '2026-03-23T08:10:10Z', uncrossed)).toEqual({
      phase: 'continuous',
      scheduledEnd: '2026-03-23T16:25:00.000Z',
      randomEndBy: null,
    });
    // an uncross of an earlier call does not end this one
    const yesterday = { haltedUntil: null, callEndedAt: at('2026-03-22T16:30:12Z') };
    expect(phase(frankfurt, '2026-03-23T08:10:10Z', yesterday).phase).toBe('pre_open');
    expect(phase(frankfurt, '2026-03-23T08:10:30Z').phase).toBe('continuous');
    expect(phase(frankfurt, '2026-03-23T16:30:29Z')).toEqual({
      phase: 'closing_call',
      scheduledEnd: '2026-03-23T16:30:00.000Z',
      randomEndBy: '2026-03-23T16:30:30.000Z',
    });
    expect(phase(frankfurt, '2026-03-23T16:30:30Z').phase).toBe('closed');
  });

  it('follows the spring change: the Monday after opens at 07:00 UTC', () => {
    // Friday 27 March closes 17:30 CET; clocks go forward on Sunday 29 March
    expect(phase(frankfurt, '2026-03-27T16:26:00Z').scheduledEnd).toBe('2026-03-27T16:30:00.000Z');
    expect(phase(frankfurt, '2026-03-28T12:00:00Z')).toEqual({
      phase: 'closed',
      scheduledEnd: '2026-03-30T07:00:00.000Z',
      randomEndBy: null,
    });
    expect(phase(frankfurt, '2026-03-30T07:05:00Z').phase).toBe('pre_open');
    expect(phase(frankfurt, '2026-03-30T15:26:00Z').scheduledEnd).toBe('2026-03-30T15:30:00.000Z');
  });

  it('follows the autumn change: the Monday after opens at 08:00 UTC again', () => {
    expect(phase(frankfurt, '2026-10-23T15:26:00Z').phase).toBe('closing_call');
    expect(phase(frankfurt, '2026-10-24T12:00:00Z').scheduledEnd).toBe('2026-10-26T08:00:00.000Z');
    expect(phase(frankfurt, '2026-10-26T07:30:00Z').phase).toBe('closed');
  });

  it('stays closed on the holidays of its calendar (Good Friday to Easter Monday)', () => {
    expect(phase(frankfurt, '2026-04-02T15:00:00Z').phase).toBe('continuous');
    expect(phase(frankfurt, '2026-04-03T10:00:00Z')).toEqual({
      phase: 'closed',
      scheduledEnd: '2026-04-07T07:00:00.000Z',
      randomEndBy: null,
    });
    expect(phase(frankfurt, '2026-04-06T10:00:00Z').phase).toBe('closed');
    expect(phase(frankfurt, '2026-04-07T07:00:00Z').phase).toBe('pre_open');
  });

  it('is halted while the circuit breaker holds, then reopens by a call', () => {
    const halt = { haltedUntil: at('2026-03-23T12:05:00Z'), callEndedAt: null };
    expect(phase(frankfurt, '2026-03-23T12:00:00Z', halt)).toEqual({
      phase: 'halted',
      scheduledEnd: '2026-03-23T12:05:00.000Z',
      randomEndBy: null,
    });
    expect(phase(frankfurt, '2026-03-23T12:05:00Z', halt)).toEqual({
      phase: 'auction',
      scheduledEnd: '2026-03-23T12:15:00.000Z',
      randomEndBy: '2026-03-23T12:15:30.000Z',
    });
    expect(phase(frankfurt, '2026-03-23T12:15:20Z', halt).phase).toBe('auction');
    const reopened = { ...halt, callEndedAt: at('2026-03-23T12:15:04Z') };
    expect(phase(frankfurt, '2026-03-23T12:15:20Z', reopened).phase).toBe('continuous');
    // a halt running past the close: the market is closed
    const late = { haltedUntil: at('2026-03-23T17:00:00Z'), callEndedAt: null };
    expect(phase(frankfurt, '2026-03-23T16:50:00Z', late).phase).toBe('closed');
    // a reopening call that would run into the closing call gives way to it
    const beforeClose = { haltedUntil: at('2026-03-23T16:20:00Z'), callEndedAt: null };
    expect(phase(frankfurt, '2026-03-23T16:22:00Z', beforeClose).phase).toBe('continuous');
    expect(phase(frankfurt, '2026-03-23T16:26:00Z', beforeClose).phase).toBe('closing_call');
  });
});

describe('market phase, other models', () => {
  it('continuous without hours trades around the clock, holidays or not (today)', () => {
    const always: TradingSession = { ...frankfurt, model: 'continuous', hours: [] };
    expect(phase(always, '2026-04-03T03:00:00Z')).toEqual({
      phase: 'continuous',
      scheduledEnd: null,
      randomEndBy: null,
    });
    const halt = { haltedUntil: at('2026-04-03T03:10:00Z'), callEndedAt: null };
    expect(phase(always, '2026-04-03T03:00:00Z', halt).phase).toBe('halted');
    expect(phase(always, '2026-04-03T03:10:00Z', halt).phase).toBe('continuous');
  });

  it('continuous with hours is closed outside them', () => {
    const hours: TradingSession = { ...frankfurt, model: 'continuous' };
    expect(phase(hours, '2026-03-23T08:00:00Z')).toEqual({
      phase: 'continuous',
      scheduledEnd: '2026-03-23T16:30:00.000Z',
      randomEndBy: null,
    });
    expect(phase(hours, '2026-03-23T16:30:00Z').phase).toBe('closed');
  });

  it('periodic auctions run calls of a set length from the open, the last cut at the close', () => {
    const periodic: TradingSession = {
      ...frankfurt,
      model: 'periodic_auction',
      hours: weekdays('09:00', '17:28'),
      callSeconds: 300,
    };
    expect(phase(periodic, '2026-03-23T08:07:00Z')).toEqual({
      phase: 'auction',
      scheduledEnd: '2026-03-23T08:10:00.000Z',
      randomEndBy: '2026-03-23T08:10:30.000Z',
    });
    // within the window the ended call holds until its uncross
    expect(phase(periodic, '2026-03-23T08:10:10Z').scheduledEnd).toBe('2026-03-23T08:10:00.000Z');
    const uncrossed = { haltedUntil: null, callEndedAt: at('2026-03-23T08:10:02Z') };
    expect(phase(periodic, '2026-03-23T08:10:10Z', uncrossed).scheduledEnd).toBe(
      '2026-03-23T08:15:00.000Z',
    );
    expect(phase(periodic, '2026-03-23T16:26:00Z').scheduledEnd).toBe('2026-03-23T16:28:00.000Z');
    expect(phase(periodic, '2026-03-23T16:29:00Z').phase).toBe('closed');
  });

  it('periodic auctions without hours run on a grid from the epoch', () => {
    const grid: TradingSession = {
      ...frankfurt,
      model: 'periodic_auction',
      hours: [],
      callSeconds: 120,
    };
    expect(phase(grid, '2026-03-28T23:59:30Z')).toEqual({
      phase: 'auction',
      scheduledEnd: '2026-03-29T00:00:00.000Z',
      randomEndBy: '2026-03-29T00:00:30.000Z',
    });
  });
});

describe('zoned instants across daylight-saving changes', () => {
  const date = (year: number, month: number, day: number) => ({ year, month, day, weekday: 0 });
  it('takes a skipped time as the time the gap later (New York, 8 March 2026)', () => {
    expect(zonedInstant(date(2026, 3, 8), 150, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedInstant(date(2026, 3, 8), 60, 'America/New_York').toISOString()).toBe(
      '2026-03-08T06:00:00.000Z',
    );
  });
  it('takes a repeated time at its first occurrence (New York, 1 November 2026)', () => {
    expect(zonedInstant(date(2026, 11, 1), 90, 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(zonedInstant(date(2026, 11, 1), 180, 'America/New_York').toISOString()).toBe(
      '2026-11-01T08:00:00.000Z',
    );
  });
});

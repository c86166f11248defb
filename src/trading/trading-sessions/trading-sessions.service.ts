/**
 * Tokens' trading sessions and market models, the holiday calendars they follow (staff, with a
 * reason, audited), and the market phase they give (docs/auctions.md). Each change is one
 * transaction: the rows and the audit row with the reason, before and after.
 */
import { recordAudit } from '../../lib/db/audit.queries.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { marketPhase, type TradingSession } from './market-phase.js';
import { loadTradingSession } from './session-load.js';
import { indicativeWithoutSelfTrades } from '../engine/index.js';
import { callOrderOf, inCall, isCall, referenceTicks } from '../books/session-book.js';
import { fromTicks } from '../books/ticks.js';
import { clockOf, minutesOf, sessionProblem } from './session-rules.js';
import type {
  CalendarBody,
  CalendarView,
  PhaseView,
  SessionBody,
  SessionView,
} from './trading-sessions.schemas.js';
import {
  findCalendar,
  findSession,
  findTokenHalt,
  holidays,
  listCalendars,
  lockToken,
  restingOrders,
  saveCalendar,
  saveSession,
  sessionHours,
} from './trading-sessions.queries.js';

/** A token without a session row: continuous around the clock, as before sessions existed. */
const DEFAULTS = {
  market_model: 'continuous',
  time_zone: 'UTC',
  calendar_code: null,
  opening_call_seconds: 300,
  closing_call_seconds: 300,
  call_seconds: 300,
  random_end_seconds: 30,
} as const;

const continuousSession: TradingSession = {
  model: DEFAULTS.market_model,
  timeZone: DEFAULTS.time_zone,
  hours: [],
  holidays: new Set(),
  openingCallSeconds: DEFAULTS.opening_call_seconds,
  closingCallSeconds: DEFAULTS.closing_call_seconds,
  callSeconds: DEFAULTS.call_seconds,
  randomEndSeconds: DEFAULTS.random_end_seconds,
};

interface Actor {
  userId: string;
  ip: string;
}

async function readSession(db: Db | Trx, tokenId: string): Promise<SessionView> {
  const row = (await findSession(db, tokenId)) ?? DEFAULTS;
  const hours = await sessionHours(db, tokenId);
  return {
    token_id: tokenId,
    market_model: row.market_model,
    time_zone: row.time_zone,
    hours: hours.map((h) => ({
      weekday: h.weekday,
      opens: clockOf(h.opens),
      closes: clockOf(h.closes),
    })),
    calendar: row.calendar_code,
    opening_call_seconds: row.opening_call_seconds,
    closing_call_seconds: row.closing_call_seconds,
    call_seconds: row.call_seconds,
    random_end_seconds: row.random_end_seconds,
  };
}

async function readCalendar(db: Db | Trx, code: string): Promise<CalendarView | undefined> {
  const row = await findCalendar(db, code);
  if (!row) return undefined;
  const days = await holidays(db, code);
  return {
    code,
    name: row.name,
    holidays: days.map((d) => ({ date: d.day, name: d.name })),
    updated_at: row.updated_at.toISOString(),
  };
}

export function tradingSessionService(db: Db, clock: Clock) {
  async function knownToken(tokenId: string) {
    const token = await findTokenHalt(db, tokenId);
    if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
    return token;
  }

  return {
    async session(tokenId: string): Promise<SessionView> {
      await knownToken(tokenId);
      return readSession(db, tokenId);
    },

    async changeSession(tokenId: string, body: SessionBody, actor: Actor): Promise<SessionView> {
      const hours = body.hours.map((h) => ({
        weekday: h.weekday,
        opens: minutesOf(h.opens),
        closes: minutesOf(h.closes),
      }));
      const problem = sessionProblem({
        model: body.market_model,
        timeZone: body.time_zone,
        hours,
        openingCallSeconds: body.opening_call_seconds,
        closingCallSeconds: body.closing_call_seconds,
        callSeconds: body.call_seconds,
        randomEndSeconds: body.random_end_seconds,
      });
      if (problem !== null) throw new AppError('INVALID_TRADING_SESSION', problem);
      return transaction(db, async (trx) => {
        if (!(await lockToken(trx, tokenId))) throw new AppError('NOT_FOUND', 'Unknown token');
        if (body.calendar !== null && !(await findCalendar(trx, body.calendar))) {
          throw new AppError('INVALID_TRADING_SESSION', `Unknown calendar ${body.calendar}`);
        }
        const before = await readSession(trx, tokenId);
        await saveSession(
          trx,
          {
            token_id: tokenId,
            market_model: body.market_model,
            time_zone: body.time_zone,
            calendar_code: body.calendar,
            opening_call_seconds: body.opening_call_seconds,
            closing_call_seconds: body.closing_call_seconds,
            call_seconds: body.call_seconds,
            random_end_seconds: body.random_end_seconds,
            updated_by: actor.userId,
            updated_at: clock.now(),
          },
          hours.map((h) => ({ token_id: tokenId, ...h })),
        );
        const after = await readSession(trx, tokenId);
        const settings = (view: SessionView) => {
          const copy: Partial<SessionView> = { ...view };
          delete copy.token_id;
          return copy;
        };
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'token.trading_session_changed',
          targetType: 'token',
          targetId: tokenId,
          ip: actor.ip,
          details: { from: settings(before), to: settings(after), reason: body.reason },
        });
        return after;
      });
    },

    async calendars(): Promise<CalendarView[]> {
      const rows = await listCalendars(db);
      const views = await Promise.all(rows.map((row) => readCalendar(db, row.code)));
      return views.filter((view): view is CalendarView => view !== undefined);
    },

    async calendar(code: string): Promise<CalendarView> {
      const view = await readCalendar(db, code);
      if (!view) throw new AppError('NOT_FOUND', 'Unknown calendar');
      return view;
    },

    /** Creates the calendar or replaces its name and days; the audit row lists what changed. */
    async putCalendar(code: string, body: CalendarBody, actor: Actor): Promise<CalendarView> {
      const dates = body.holidays.map((h) => h.date);
      if (new Set(dates).size !== dates.length) {
        throw new AppError('VALIDATION_FAILED', 'A date is given twice');
      }
      return transaction(db, async (trx) => {
        const before = (await holidays(trx, code)).map((d) => d.day);
        await saveCalendar(
          trx,
          { code, name: body.name, updatedBy: actor.userId, now: clock.now() },
          body.holidays,
        );
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'trading_calendar.changed',
          targetType: 'trading_calendar',
          targetId: code,
          ip: actor.ip,
          details: {
            name: body.name,
            added: dates.filter((d) => !before.includes(d)).sort(),
            removed: before.filter((d) => !dates.includes(d)),
            reason: body.reason,
          },
        });
        return (await readCalendar(trx, code)) as CalendarView;
      });
    },

    /**
     * The token's phase now, as the clock and its session, halt and last uncross give it; in a
     * call, its indicative state from the orders it holds (docs/auctions.md, "What is published").
     */
    async phase(tokenId: string): Promise<PhaseView> {
      const token = await knownToken(tokenId);
      const session = (await loadTradingSession(db, tokenId)) ?? continuousSession;
      const at = clock.now();
      const phase = marketPhase(session, at, {
        haltedUntil: token.halted_until,
        callEndedAt: token.last_uncross_at,
      });
      let indicative: PhaseView['indicative'] = null;
      if (isCall(phase.phase)) {
        const rows = inCall(session, phase.phase, await restingOrders(db, tokenId));
        const reference = referenceTicks(
          [token.last_price, token.nav, token.price_per_token],
          token.tick_size,
        );
        const state = indicativeWithoutSelfTrades(
          rows.map((row) => callOrderOf(row, token.tick_size)),
          reference,
        );
        indicative = {
          price: state.price === null ? null : fromTicks(state.price, token.tick_size),
          volume: state.volume,
          surplus_side: state.surplusSide,
          surplus: state.surplus,
        };
      }
      return {
        token_id: tokenId,
        market_model: session.model,
        time_zone: session.timeZone,
        phase: phase.phase,
        scheduled_end: phase.scheduledEnd?.toISOString() ?? null,
        random_end_window_seconds: phase.randomEndBy === null ? null : session.randomEndSeconds,
        indicative,
        at: at.toISOString(),
      };
    },
  };
}

export type TradingSessionService = ReturnType<typeof tradingSessionService>;

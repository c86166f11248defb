/**
 * A token's market phase at an instant (docs/auctions.md, "Phases"): a pure function of the clock,
 * the token's session (time zone, weekly hours, holidays, market model) and its halt. Calls end at
 * a random moment within a window after their scheduled end; until the uncross is recorded
 * (`callEndedAt`) or the window has passed, the call is still the phase.
 */
import type { MarketModel } from '../../lib/db/schema-sessions.js';
import { addDays, isoDate, localDate, zonedInstant, type LocalDate } from './zoned-time.js';

export const phases = [
  'closed',
  'pre_open',
  'continuous',
  'closing_call',
  'halted',
  'auction',
] as const;
export type Phase = (typeof phases)[number];

/** One weekday's hours, in minutes after local midnight; `closes` after `opens`, same day. */
export interface SessionHours {
  /** ISO: 1 Monday ... 7 Sunday. */
  readonly weekday: number;
  readonly opens: number;
  readonly closes: number;
}

export interface TradingSession {
  readonly model: MarketModel;
  /** IANA name, e.g. Europe/Berlin. */
  readonly timeZone: string;
  /** The weekdays it opens on; none: it trades around the clock and ignores holidays. */
  readonly hours: readonly SessionHours[];
  /** Local dates (YYYY-MM-DD) of its calendar on which it stays closed. */
  readonly holidays: ReadonlySet<string>;
  /** continuous_with_auctions: the opening call (and a reopening call after a halt). */
  readonly openingCallSeconds: number;
  /** continuous_with_auctions: the closing call, the session's last seconds. */
  readonly closingCallSeconds: number;
  /** periodic_auction: each call's length. */
  readonly callSeconds: number;
  /** The random end's window after a call's scheduled end; shorter than any call. */
  readonly randomEndSeconds: number;
}

export interface PhaseState {
  /** The circuit breaker's halt (tokens.halted_until), past or running. */
  readonly haltedUntil: Date | null;
  /** When the latest uncross ran: a call whose scheduled end it follows is over. */
  readonly callEndedAt: Date | null;
}

export interface MarketPhase {
  readonly phase: Phase;
  /** When the phase is scheduled to end (for a call, the end before the random window); null if never. */
  readonly scheduledEnd: Date | null;
  /** A call: the latest moment of its random end. Null for other phases. */
  readonly randomEndBy: Date | null;
}

interface Segment {
  readonly phase: Phase;
  readonly start: number;
  readonly end: number | null;
}

const CALLS: ReadonlySet<Phase> = new Set(['pre_open', 'closing_call', 'auction']);
/** How far ahead the next opening is looked for (a year of holidays at most). */
const LOOKAHEAD_DAYS = 366;

export function marketPhase(session: TradingSession, at: Date, state: PhaseState): MarketPhase {
  const window = session.randomEndSeconds * 1000;
  const now = at.getTime();
  const scheduled = withReopening(session, now, state.haltedUntil, segmentAt(session, now));
  // a call whose scheduled end has passed holds until its uncross, at the latest the window's end
  const earlier = withReopening(
    session,
    now - window,
    state.haltedUntil,
    segmentAt(session, now - window),
  );
  const ended = state.callEndedAt?.getTime() ?? -Infinity;
  const segment =
    CALLS.has(earlier.phase) &&
    earlier.end !== null &&
    earlier.end <= now &&
    now < earlier.end + window &&
    ended < earlier.end
      ? earlier
      : scheduled;
  const end = segment.end === null ? null : new Date(segment.end);
  return {
    phase: segment.phase,
    scheduledEnd: end,
    randomEndBy: CALLS.has(segment.phase) && end ? new Date(end.getTime() + window) : null,
  };
}

/**
 * The halt over the scheduled phase: halted while it runs (but a closed market stays closed);
 * after it, continuous_with_auctions reopens by a call of the opening call's length.
 */
function withReopening(
  session: TradingSession,
  now: number,
  haltedUntil: Date | null,
  segment: Segment,
): Segment {
  if (haltedUntil === null || segment.phase === 'closed') return segment;
  const until = haltedUntil.getTime();
  if (now < until) return { phase: 'halted', start: now, end: until };
  const reopened = until + session.openingCallSeconds * 1000;
  if (
    session.model === 'continuous_with_auctions' &&
    segment.phase === 'continuous' &&
    now < reopened &&
    (segment.end === null || reopened <= segment.end)
  ) {
    return { phase: 'auction', start: until, end: reopened };
  }
  return segment;
}

/** The scheduled phase at an instant, without halts or random ends. */
function segmentAt(session: TradingSession, now: number): Segment {
  const callMs = session.callSeconds * 1000;
  if (session.hours.length === 0) {
    if (session.model !== 'periodic_auction')
      return { phase: 'continuous', start: -Infinity, end: null };
    const start = Math.floor(now / callMs) * callMs;
    return { phase: 'auction', start, end: start + callMs };
  }
  const today = localDate(new Date(now), session.timeZone);
  const open = sessionOn(session, today);
  if (open === null || now < open.opens || now >= open.closes) {
    const from = open !== null && now < open.opens ? today : addDays(today, 1);
    return { phase: 'closed', start: now, end: nextOpening(session, from) };
  }
  const { opens, closes } = open;
  switch (session.model) {
    case 'continuous':
      return { phase: 'continuous', start: opens, end: closes };
    case 'continuous_with_auctions': {
      const opened = opens + session.openingCallSeconds * 1000;
      const closing = closes - session.closingCallSeconds * 1000;
      if (now < opened) return { phase: 'pre_open', start: opens, end: opened };
      if (now >= closing) return { phase: 'closing_call', start: closing, end: closes };
      return { phase: 'continuous', start: opened, end: closing };
    }
    case 'periodic_auction': {
      const start = opens + Math.floor((now - opens) / callMs) * callMs;
      return { phase: 'auction', start, end: Math.min(start + callMs, closes) };
    }
  }
}

/** The session's instants on a local date; null on a holiday or a day without hours. */
function sessionOn(
  session: TradingSession,
  date: LocalDate,
): { opens: number; closes: number } | null {
  const hours = session.hours.find((h) => h.weekday === date.weekday);
  if (hours === undefined || session.holidays.has(isoDate(date))) return null;
  return {
    opens: zonedInstant(date, hours.opens, session.timeZone).getTime(),
    closes: zonedInstant(date, hours.closes, session.timeZone).getTime(),
  };
}

function nextOpening(session: TradingSession, from: LocalDate): number | null {
  for (let i = 0; i < LOOKAHEAD_DAYS; i += 1) {
    const open = sessionOn(session, addDays(from, i));
    if (open !== null) return open.opens;
  }
  return null;
}

/** Whether a trading session staff set holds together (pure; the service refuses it otherwise). */
import type { MarketModel } from '../../lib/db/schema-sessions.js';
import type { SessionHours } from './market-phase.js';
import { isTimeZone } from './zoned-time.js';

export interface SessionSettings {
  readonly model: MarketModel;
  readonly timeZone: string;
  readonly hours: readonly SessionHours[];
  readonly openingCallSeconds: number;
  readonly closingCallSeconds: number;
  readonly callSeconds: number;
  readonly randomEndSeconds: number;
}

/** 'HH:MM' as minutes after midnight, and back. */
export const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The first thing wrong with the settings, or null when they hold together. */
export function sessionProblem(s: SessionSettings): string | null {
  if (!isTimeZone(s.timeZone)) return `Unknown time zone ${s.timeZone}`;
  const seen = new Set<number>();
  for (const day of s.hours) {
    if (seen.has(day.weekday)) return `Weekday ${day.weekday} is given twice`;
    seen.add(day.weekday);
    if (day.closes <= day.opens)
      return `On weekday ${day.weekday} the session closes before it opens`;
  }
  // kept even when the model does not use them, ready for a change of model
  const calls = [s.openingCallSeconds, s.closingCallSeconds, s.callSeconds];
  if (calls.some((seconds) => seconds <= s.randomEndSeconds)) {
    return 'Every call must last longer than the random-end window';
  }
  if (s.model === 'continuous_with_auctions') {
    if (s.hours.length === 0) return 'continuous_with_auctions needs trading hours';
    const calls = s.openingCallSeconds + s.randomEndSeconds + s.closingCallSeconds;
    const short = s.hours.find((day) => (day.closes - day.opens) * 60 <= calls);
    if (short) return `On weekday ${short.weekday} the opening and closing calls fill the session`;
  }
  return null;
}

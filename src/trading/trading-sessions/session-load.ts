/** A token's trading session as the phase function reads it, from its rows. */
import type { Db, Trx } from '../../lib/db/database.js';
import type { TradingSession } from './market-phase.js';
import { findSession, holidays, sessionHours } from './trading-sessions.queries.js';

/** The token's session; null without a session row (continuous around the clock). */
export async function loadTradingSession(
  db: Db | Trx,
  tokenId: string,
): Promise<TradingSession | null> {
  const row = await findSession(db, tokenId);
  if (!row) return null;
  const [hours, days] = await Promise.all([
    sessionHours(db, tokenId),
    row.calendar_code === null ? [] : holidays(db, row.calendar_code),
  ]);
  return {
    model: row.market_model,
    timeZone: row.time_zone,
    hours: hours.map((h) => ({ weekday: h.weekday, opens: h.opens, closes: h.closes })),
    holidays: new Set(days.map((d) => d.day)),
    openingCallSeconds: row.opening_call_seconds,
    closingCallSeconds: row.closing_call_seconds,
    callSeconds: row.call_seconds,
    randomEndSeconds: row.random_end_seconds,
  };
}

/**
 * Wall-clock times in an IANA time zone, by the runtime's Intl (no time-zone library): the local
 * date of an instant, and the instant of a local date and time across daylight-saving changes.
 */

/** A local calendar date. `weekday` is ISO: 1 Monday ... 7 Sunday. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the zone (an IANA name such as Europe/Berlin). */
export function isTimeZone(timeZone: string): boolean {
  try {
    format(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local wall time of an instant, as milliseconds of a UTC clock showing the same digits. */
function wallMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of format(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((instant % 1000) + 1000) % 1000);
}

export function localDate(instant: Date, timeZone: string): LocalDate {
  const wall = new Date(wallMs(instant.getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay() === 0 ? 7 : wall.getUTCDay(),
  };
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
  };
}

/** `YYYY-MM-DD`, the form holidays are stored in. */
export function isoDate(date: LocalDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the zone's clocks show `minutes` after midnight of `date`. A time the
 * clocks skip (spring forward) is taken as many minutes later as the gap is long (02:30 becomes
 * 03:30), a time they show twice (fall back) as its first occurrence: Temporal's `compatible`.
 */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  const offsetAt = (instant: number) => wallMs(instant, timeZone) - instant;
  // the offsets a day either side cover any one transition near the wall time
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  const candidates = [wall - before, wall - after].filter(
    (instant) => wallMs(instant, timeZone) === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/**
 * The order audit trail for staff (docs/reports.md): every order event in a time range, refused
 * ones included, as pages or as one CSV file.
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { orderEvents, type EventKey, type OrderEventRow } from './order-audit.queries.js';
import type { OrderEvent, OrderEventsCsvQuery, OrderEventsQuery } from './order-audit.schemas.js';

const DAY_MS = 86_400_000;
/** the longest range one request reads: a month of events stays a file a person can open */
const maxRangeDays = 31;
/** events read per round trip while a CSV is built */
const csvChunk = 10_000;

function eventOf({ source, event_no, ...row }: OrderEventRow): OrderEvent {
  return { event_id: `${source}${event_no}`, ...row };
}

function keyOf(row: OrderEventRow): string {
  return `${row.event_time}~${row.source}~${row.event_no}`;
}

function parseKey(cursor: string | undefined): EventKey | null {
  if (cursor === undefined) return null;
  const [time, source, no] = cursor.split('~') as [string, 'h' | 'r', string];
  return { time, source, no };
}

export function orderAuditService({ db, clock = systemClock }: { db: Db; clock?: Clock }) {
  function rangeOf(query: OrderEventsCsvQuery): { from: Date; to: Date } {
    const to = query.to ? new Date(query.to) : clock.now();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - DAY_MS);
    if (from >= to) throw new AppError('INVALID_TIME_RANGE', '`to` must be after `from`');
    if (to.getTime() - from.getTime() > maxRangeDays * DAY_MS) {
      throw new AppError('TIME_RANGE_TOO_LONG', `A range is at most ${maxRangeDays} days`);
    }
    return { from, to };
  }

  return {
    async page(query: OrderEventsQuery) {
      const limit = query.limit ?? 100;
      const rows = await orderEvents(db, rangeOf(query), limit + 1, parseKey(query.cursor));
      const page = rows.slice(0, limit);
      return {
        data: page.map(eventOf),
        next_cursor: rows.length > limit ? keyOf(page.at(-1)!) : null,
      };
    },

    /** Every event of the range, in order, read in chunks. */
    async all(query: OrderEventsCsvQuery): Promise<{ from: Date; to: Date; events: OrderEvent[] }> {
      const range = rangeOf(query);
      const events: OrderEvent[] = [];
      let after: EventKey | null = null;
      for (;;) {
        const rows = await orderEvents(db, range, csvChunk, after);
        events.push(...rows.map(eventOf));
        if (rows.length < csvChunk) return { ...range, events };
        const last = rows.at(-1)!;
        after = { time: last.event_time, source: last.source, no: last.event_no };
      }
    },
  };
}

export type OrderAuditService = ReturnType<typeof orderAuditService>;

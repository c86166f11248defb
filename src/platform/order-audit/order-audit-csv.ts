/** The order audit trail as CSV: one row per event, the columns docs/reports.md maps. */
import { toCsv } from '../../lib/csv.js';
import type { OrderEvent } from './order-audit.schemas.js';

export const orderEventColumns = [
  'event_id',
  'event_time',
  'event',
  'outcome',
  'order_id',
  'client_order_id',
  'user_id',
  'token_id',
  'side',
  'order_type',
  'time_in_force',
  'price',
  'stop_price',
  'quantity',
  'filled_quantity',
  'remaining_quantity',
  'book_sequence',
  'previous_price',
  'previous_quantity',
] as const satisfies readonly (keyof OrderEvent)[];

export function orderEventsCsv(events: readonly OrderEvent[]): string {
  return toCsv(
    orderEventColumns,
    events.map((event) => orderEventColumns.map((column) => event[column])),
  );
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replaceAll(':', '')
    .replace(/\.\d+Z$/, 'Z');

export function orderEventsFileName(range: { from: Date; to: Date }): string {
  return `order-events-${stamp(range.from)}-${stamp(range.to)}.csv`;
}

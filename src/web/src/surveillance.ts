/**
 * Reading surveillance alerts (trading process, /api/v1/admin/surveillance): the list's query
 * from the screen's filters, and an alert's evidence as one timeline, so staff read a spoof or a
 * wash trade in the order it happened (an order placed, the trade it waited for, the order
 * pulled) with each order's time on the book.
 */
import type { Alert, AlertsQuery, ThresholdValues } from './trading-types.js';

export const alertRules = ['spoofing', 'layering', 'wash_trade', 'auction_cancel'] as const;

export interface AlertFilter {
  status?: string;
  token_id?: string;
  rule?: string;
}

/** The list's query: empty filters left out (undefined), so "any" is the API's default. */
export function alertsQuery(filter: AlertFilter, cursor?: string, limit = 50): AlertsQuery {
  const given = (value: string | undefined) => value?.trim() || undefined;
  return {
    limit,
    // a status or rule as chosen: one the API does not know is its refusal to show
    status: given(filter.status) as AlertsQuery['status'],
    token_id: given(filter.token_id),
    rule: given(filter.rule) as AlertsQuery['rule'],
    cursor: cursor || undefined,
  };
}

export interface TimelineEvent {
  at: string;
  kind: 'placed' | 'cancelled' | 'trade';
  /** the order's or the trade's id */
  ref: string;
  side?: string;
  /** null for a market order */
  price: string | null;
  quantity: string;
  /** an order's owner (a wash trade's evidence holds both accounts' orders) */
  user_id?: string;
  /** how much of an order had filled (a pulled spoof fills little or nothing) */
  filled?: string;
  /** an order's time on the book, for its cancellation */
  restedMs?: number;
  buyer_id?: string;
  seller_id?: string;
}

/** The evidence's orders and trades as events in time order (ties: placed, trade, cancelled). */
export function evidenceTimeline(evidence: Alert['evidence']): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const o of evidence.orders) {
    const common = {
      ref: o.id,
      side: o.side,
      price: o.price,
      quantity: String(o.quantity),
      user_id: o.user_id,
      filled: String(o.filled_quantity),
    };
    events.push({ at: o.placed_at, kind: 'placed', ...common });
    if (o.cancelled_at)
      events.push({
        at: o.cancelled_at,
        kind: 'cancelled',
        ...common,
        restedMs: Date.parse(o.cancelled_at) - Date.parse(o.placed_at),
      });
  }
  for (const t of evidence.trades)
    events.push({
      at: t.executed_at,
      kind: 'trade',
      ref: t.id,
      price: t.price,
      quantity: String(t.quantity),
      buyer_id: t.buyer_id,
      seller_id: t.seller_id,
    });
  const order = { placed: 0, trade: 1, cancelled: 2 };
  return events.sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || order[a.kind] - order[b.kind],
  );
}

/** Everyone an alert names (its user, who closed it, the evidence's owners and parties), once. */
export function alertPeople(alert: Alert): string[] {
  const ids = [
    alert.user_id,
    alert.closed_by,
    ...idsIn(alert.summary),
    ...alert.evidence.orders.map((o) => o.user_id),
    ...alert.evidence.trades.flatMap((t) => [t.buyer_id, t.seller_id]),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids a text names (an alert's summary names the accounts it is about). */
export const idsIn = (text: string): string[] => text.match(uuid) ?? [];

/** The text with each id `name` knows replaced by that name (unknown ids stay). */
export const withNames = (text: string, name: (id: string) => string | undefined): string =>
  text.replace(uuid, (id) => name(id) ?? id);

/** A duration as people read it: 850 ms, 2.4 s, 3 min 5 s. */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A trade between one user's own orders: the wash trade's mark. */
export const selfTrade = (e: TimelineEvent) =>
  e.kind === 'trade' && e.buyer_id !== undefined && e.buyer_id === e.seller_id;

/** The seven per-token thresholds as staff read them, in the order of docs/market-data.md. */
export const thresholdFields: [keyof ThresholdValues, string][] = [
  ['spoofing_size_multiple', 'Spoofing: times the mean order size'],
  ['spoofing_max_lifetime_seconds', 'Spoofing: pulled within (seconds)'],
  ['layering_min_levels', 'Layering: price levels'],
  ['layering_window_seconds', 'Layering: within (seconds)'],
  ['wash_window_seconds', 'Wash trades: within (seconds)'],
  ['wash_min_round_trips', 'Wash trades: round trips'],
  ['wash_price_tolerance_bps', 'Wash trades: price tolerance (basis points)'],
];

/** Table types of market data: persisted candles and surveillance (migration 0014). */
import type { ColumnType, Selectable } from 'kysely';

/** auction_cancel: migration 0058 (books/session-book.ts raises it at the uncross) */
export const surveillanceRules = ['spoofing', 'layering', 'wash_trade', 'auction_cancel'] as const;
export type SurveillanceRule = (typeof surveillanceRules)[number];
export const alertStatuses = ['open', 'closed'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export interface CandlesTable {
  token_id: string;
  interval: '1m' | '5m' | '1h' | '1d';
  start: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  trades: number;
}

/** A token's surveillance thresholds (docs/market-data.md "Surveillance"). */
export interface SurveillanceThresholdsTable {
  token_id: string;
  /** an order is large at this many times the mean size of the token's recent orders */
  spoofing_size_multiple: number;
  /** a large order cancelled within this many seconds of its placement can be a spoof */
  spoofing_max_lifetime_seconds: number;
  /** one side's distinct price levels placed and cancelled together that make a layer */
  layering_min_levels: number;
  /** the time within which the layer is placed and cancelled */
  layering_window_seconds: number;
  /** the time within which two accounts' trades back and forth count as round trips */
  wash_window_seconds: number;
  /** round trips of one pair of accounts within the window that raise an alert */
  wash_min_round_trips: number;
  /** how far apart, in basis points of the price, a round trip's two prices may be */
  wash_price_tolerance_bps: number;
  updated_by: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What an alert shows staff: the orders and trades the rule saw, as they were. */
export interface AlertEvidence {
  orders: {
    id: string;
    user_id: string;
    side: 'buy' | 'sell';
    price: string | null;
    quantity: number;
    filled_quantity: number;
    placed_at: string;
    cancelled_at: string | null;
  }[];
  trades: {
    id: string;
    price: string;
    quantity: number;
    buyer_id: string;
    seller_id: string;
    executed_at: string;
  }[];
}

export interface SurveillanceAlertsTable {
  id: string;
  token_id: string;
  rule: SurveillanceRule;
  status: ColumnType<AlertStatus, AlertStatus | undefined, AlertStatus>;
  user_id: string;
  summary: string;
  evidence: ColumnType<AlertEvidence, string, string>;
  detected_at: Date;
  closed_at: Date | null;
  closed_by: string | null;
  note: string | null;
}

export interface MarketDataTables {
  candles: CandlesTable;
  surveillance_thresholds: SurveillanceThresholdsTable;
  surveillance_alerts: SurveillanceAlertsTable;
}

export type SurveillanceAlert = Selectable<SurveillanceAlertsTable>;

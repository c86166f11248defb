/** Table types of trading calendars and tokens' trading sessions (migrations 0051, 0052). */
import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const marketModels = ['continuous', 'continuous_with_auctions', 'periodic_auction'] as const;
export type MarketModel = (typeof marketModels)[number];

export interface TradingCalendarsTable {
  code: string;
  name: string;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TradingHolidaysTable {
  calendar_code: string;
  /** `date`, read as YYYY-MM-DD (database.ts parses dates so) */
  day: ColumnType<string, string, string>;
  name: string;
}

export interface TokenTradingSessionsTable {
  token_id: string;
  market_model: MarketModel;
  time_zone: string;
  calendar_code: string | null;
  opening_call_seconds: Defaulted<number>;
  closing_call_seconds: Defaulted<number>;
  call_seconds: Defaulted<number>;
  random_end_seconds: Defaulted<number>;
  updated_by: string | null;
  updated_at: UpdatedAt;
}

export interface TokenSessionHoursTable {
  token_id: string;
  weekday: number;
  opens: number;
  closes: number;
}

export interface SessionTables {
  trading_calendars: TradingCalendarsTable;
  trading_holidays: TradingHolidaysTable;
  token_trading_sessions: TokenTradingSessionsTable;
  token_session_hours: TokenSessionHoursTable;
}

export type TokenTradingSession = Selectable<TokenTradingSessionsTable>;

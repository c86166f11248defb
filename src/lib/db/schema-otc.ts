/** Table types of OTC requests (fixed_price_otc tokens; migration 0013). */
import type { ColumnType, Selectable } from 'kysely';
import type { OrderSide } from './schema-trading.js';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const otcStatuses = [
  'pending',
  'approved',
  'partially_filled',
  'filled',
  'rejected',
  'cancelled',
] as const;
export type OtcStatus = (typeof otcStatuses)[number];
/** Requests that still hold a lock and can be cancelled by their owner. */
export const liveOtcStatuses = ['pending', 'approved', 'partially_filled'] as const;

export interface OtcOrdersTable {
  id: string;
  user_id: string;
  token_id: string;
  side: OrderSide;
  price: string;
  quantity: number;
  filled_quantity: Defaulted<number>;
  remaining_quantity: number;
  locked_fiat: Defaulted<string>;
  status: OtcStatus;
  /** the staff's reason of a rejection */
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  /** crossing order: set from otc_approval_seq when staff approve */
  approval_seq: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OtcTables {
  otc_orders: OtcOrdersTable;
}

export type OtcOrder = Selectable<OtcOrdersTable>;

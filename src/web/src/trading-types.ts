/**
 * The trading process's bodies as the client reads and sends them: over REST, the SDK's types
 * generated from that process's OpenAPI document (src/sdk/generated/trading.ts); over the socket,
 * the messages of hub.ts and checksum.ts (type-only imports: nothing of the server is bundled).
 * A change there fails the client's typecheck instead of the screen.
 */
import type { ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import type { paths as TradingPaths } from '../../sdk/generated/trading.js';
import type { ServerMessage } from '../../trading/market-data/hub.js';
import type { WireLevel } from '../../trading/market-data/checksum.js';
import type { WsErrorCode } from '../../trading/market-data/protocol.js';
import type { PhaseState } from '../../trading/market-data/phase-feed.js';
import type { trading } from './api.js';

type Trading = typeof trading;
type Got<P extends ClientPathsWithMethod<Trading, 'get'>> = MethodResponse<Trading, 'get', P>;
type Row<P extends ClientPathsWithMethod<Trading, 'get'>> =
  Got<P> extends { data: (infer R)[] } ? R : never;
type Json<Body> = Body extends { content: { 'application/json': infer B } } ? B : never;

export type OrderView = Got<'/api/v1/orders/{id}'>;
export type OrderBookView = Got<'/api/v1/orderbook/{tokenId}'>;
export type PlaceOrderBody = Json<TradingPaths['/api/v1/orders']['post']['requestBody']>;
/** A book order's answer (an OTC token's request answers 201 with `otc_order` instead). */
export type PlaceOrderAnswer = Extract<
  MethodResponse<Trading, 'post', '/api/v1/orders'>,
  { order: unknown }
>;
export type AmendOrderBody = Json<TradingPaths['/api/v1/orders/{id}']['patch']['requestBody']>;
/** The user's own fills (GET /trades). */
export type OwnTradeView = Row<'/api/v1/trades'>;
/** A trade as staff list them (GET /admin/trades). */
export type TradeView = Row<'/api/v1/admin/trades'>;

export type Candle = Row<'/api/v1/markets/{tokenId}/candles'>;
export type CandleInterval = NonNullable<
  TradingPaths['/api/v1/markets/{tokenId}/candles']['get']['parameters']['query']
>['interval'];
export type PublicTrade = Row<'/api/v1/markets/{tokenId}/trades'>;
export type Ticker = Row<'/api/v1/tickers'>;

/** A token's market phase and a call's indicative uncross: REST (PhaseView) and the socket. */
export type PhaseView = Got<'/api/v1/markets/{tokenId}/phase'>;
export type SessionView = Got<'/api/v1/admin/tokens/{id}/trading-session'>;
export type CalendarView = Row<'/api/v1/admin/trading-calendars'>;

export type Alert = Got<'/api/v1/admin/surveillance/alerts/{id}'>;
export type AlertsQuery = NonNullable<
  TradingPaths['/api/v1/admin/surveillance/alerts']['get']['parameters']['query']
>;
/** A token's surveillance thresholds: the seven the PUT replaces, and whether they are the defaults. */
export type Thresholds = Got<'/api/v1/admin/surveillance/thresholds/{tokenId}'>;
export type ThresholdValues = Json<
  TradingPaths['/api/v1/admin/surveillance/thresholds/{tokenId}']['put']['requestBody']
>;
/** The trading nodes and the books' leases, as staff's cluster view reads them. */
export type ClusterStatus = Got<'/api/v1/admin/cluster'>;

/** Settlement dashboard (docs/settlement.md). */
export type FailedTrade = Row<'/api/v1/admin/settlement/failed'>;
export type Reconciliation = Got<'/api/v1/admin/reconciliation'>;
/** A token's trading settings and circuit-breaker halt. */
export type TradingSettings = Got<'/api/v1/admin/tokens/{id}/trading-settings'>;
export type TradingSettingsBody = Json<
  TradingPaths['/api/v1/admin/tokens/{id}/trading-settings']['patch']['requestBody']
>;
export type LiftHaltBody = Json<
  TradingPaths['/api/v1/admin/tokens/{id}/lift-halt']['post']['requestBody']
>;

export type { PhaseState, ServerMessage, WireLevel };

/** A book's levels as the socket sends them: best first in a snapshot, any order in an update. */
export interface BookLevels {
  bids: WireLevel[];
  asks: WireLevel[];
}

/** What each socket channel's `snapshot` and `update` messages carry in `data` (hub.ts). */
export interface ChannelData {
  book: BookLevels;
  trades: PublicTrade[];
  /** undefined while the token has no trade in the last 24 h */
  ticker: Ticker | undefined;
  /** the candles from the bucket of the batch's first trade on, oldest first */
  candles: Candle[];
  orders: OrderView;
  phase: PhaseState;
}

/** The `error` message's data (ws.routes.ts). */
export interface SocketError {
  code: WsErrorCode;
  message: string;
}

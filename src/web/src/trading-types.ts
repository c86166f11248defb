/**
 * The trading process's shapes as the client reads and sends them, taken from that process's own
 * schemas (type-only imports: nothing of the server is bundled), so a change there fails the
 * client's typecheck instead of the screen: the order routes (orders.schemas.ts), the public
 * market data over REST (markets.schemas.ts), the socket's messages (hub.ts, checksum.ts),
 * staff's surveillance alerts and thresholds (surveillance.schemas.ts), staff's cluster view
 * (cluster-status.schemas.ts) and the trading sessions and market phase
 * (trading-sessions.schemas.ts).
 */
import type { Static } from '@sinclair/typebox';
import type { ServerMessage } from '../../trading/market-data/hub.js';
import type { WireLevel } from '../../trading/market-data/checksum.js';
import type {
  Candle as CandleSchema,
  CandleInterval,
  PublicTrade as PublicTradeSchema,
  Ticker,
} from '../../trading/market-data/markets.schemas.js';
import type { WsErrorCode } from '../../trading/market-data/protocol.js';
import type { ClusterStatusView } from '../../trading/cluster/cluster-status.schemas.js';
import type { OrderView } from '../../trading/orders/orders.schemas.js';
import type { PhaseState } from '../../trading/market-data/phase-feed.js';
import type {
  CalendarView,
  PhaseView,
  SessionView,
} from '../../trading/trading-sessions/trading-sessions.schemas.js';
import type {
  Alert as AlertSchema,
  ThresholdsBody,
  ThresholdsView,
} from '../../trading/surveillance/surveillance.schemas.js';

export type {
  AmendOrderBody,
  OrderBookView,
  OwnTradeView,
  PlaceOrderAnswer,
  PlaceOrderBody,
  TradeView,
} from '../../trading/orders/orders.schemas.js';
export type { CandleInterval, OrderView, ServerMessage, Ticker, WireLevel };
/** A token's market phase and a call's indicative uncross: REST (PhaseView) and the socket. */
export type { CalendarView, PhaseState, PhaseView, SessionView };
export type Candle = Static<typeof CandleSchema>;
export type PublicTrade = Static<typeof PublicTradeSchema>;
export type Alert = Static<typeof AlertSchema>;
/** A token's surveillance thresholds: the seven the PUT replaces, and whether they are the defaults. */
export type Thresholds = Static<typeof ThresholdsView>;
export type ThresholdValues = Static<typeof ThresholdsBody>;
/** The trading nodes and the books' leases, as staff's cluster view reads them. */
export type ClusterStatus = Static<typeof ClusterStatusView>;

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

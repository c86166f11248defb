/**
 * One token's live market data from the trading process's `/ws` (DECISIONS "Market data and
 * WebSocket", src/trading/market-data): the book (snapshot, then sequenced updates; resubscribe
 * on a gap, a checksum mismatch or a `resync`), trades, the 24 h ticker, candles of one interval,
 * the market phase with a call's indicative uncross (each message the whole state), and the
 * signed-in user's private `orders` channel (authenticated again whenever the session's
 * access token is refreshed). Pings so the server does not close the socket as idle; reconnects
 * after a drop. The book listener runs at most once per animation frame, however fast updates
 * come.
 */
import { loadClientConfig } from './api.js';
import { LocalBook } from './book.js';
import { session } from './session.js';
import type {
  CandleInterval,
  ChannelData,
  ServerMessage,
  SocketError,
  Ticker,
} from './trading-types.js';

export interface FeedListener {
  book(book: LocalBook): void;
  trades(trades: ChannelData['trades']): void;
  ticker(ticker: Ticker): void;
  candles(interval: CandleInterval, candles: ChannelData['candles']): void;
  order(order: ChannelData['orders']): void;
  phase(state: ChannelData['phase']): void;
  status(text: string): void;
}

export const bookDepth = 20;
/** the server closes a socket that sends nothing valid for 60 s (hub.ts defaultLimits) */
const pingMs = 20_000;

export function toWebSocketUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/ws`;
}

export class MarketFeed {
  readonly book = new LocalBook(bookDepth);
  private socket: WebSocket | undefined;
  private closed = false;
  private nextId = 1;
  private retryMs = 500;
  private ping: ReturnType<typeof setInterval> | undefined;
  private bookDue = false;
  private interval: CandleInterval | undefined;
  /** the id of the last candles unsubscribe until its ack: the messages before it are stale */
  private leaving: string | undefined;
  private readonly stopListening: () => void;

  constructor(
    private readonly tokenId: string,
    private readonly listener: FeedListener,
  ) {
    this.stopListening = session.onChange(() => this.authenticate());
  }

  async open(): Promise<void> {
    const { trading_url } = await loadClientConfig();
    if (this.closed) return;
    const socket = new WebSocket(toWebSocketUrl(trading_url));
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 500;
      this.listener.status('live');
      this.authenticate();
      this.send({
        op: 'subscribe',
        channels: [
          this.bookChannel(),
          { name: 'trades', token_id: this.tokenId },
          { name: 'ticker', token_id: this.tokenId },
          { name: 'phase', token_id: this.tokenId },
          ...(this.interval ? [this.candleChannel(this.interval)] : []),
        ],
      });
      this.ping = setInterval(() => this.send({ op: 'ping' }), pingMs);
    };
    socket.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ServerMessage);
    socket.onclose = () => {
      clearInterval(this.ping);
      this.book.seq = undefined;
      this.leaving = undefined;
      if (this.closed) return;
      this.listener.status('reconnecting…');
      setTimeout(() => void this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
  }

  close(): void {
    this.closed = true;
    this.stopListening();
    clearInterval(this.ping);
    this.socket?.close();
  }

  /** Follows the candles of `interval` instead of the interval followed so far. */
  followCandles(interval: CandleInterval): void {
    if (this.interval === interval) return;
    if (this.interval) {
      this.leaving = this.send({
        op: 'unsubscribe',
        channels: [this.candleChannel(this.interval)],
      });
    }
    this.interval = interval;
    this.send({ op: 'subscribe', channels: [this.candleChannel(interval)] });
  }

  private bookChannel() {
    return { name: 'book', token_id: this.tokenId, depth: bookDepth };
  }

  private candleChannel(interval: CandleInterval) {
    return { name: 'candles', token_id: this.tokenId, interval };
  }

  /** Signs the socket in with the session's current access token and follows the user's orders. */
  private authenticate(): void {
    const token = session.accessToken();
    if (!token) return;
    this.send({ op: 'auth', token });
    this.send({ op: 'subscribe', channels: [{ name: 'orders' }] });
  }

  /** Sends a request; its id (for the ack), or undefined while the socket is not open. */
  private send(message: Record<string, unknown>): string | undefined {
    if (this.socket?.readyState !== WebSocket.OPEN) return undefined;
    const id = String(this.nextId++);
    this.socket.send(JSON.stringify({ id, ...message }));
    return id;
  }

  /** A fresh snapshot: unsubscribe and subscribe the book again. */
  private resubscribe(): void {
    this.book.seq = undefined;
    this.send({ op: 'unsubscribe', channels: [this.bookChannel()] });
    this.send({ op: 'subscribe', channels: [this.bookChannel()] });
  }

  private bookChanged(): void {
    if (this.bookDue) return;
    this.bookDue = true;
    requestAnimationFrame(() => {
      this.bookDue = false;
      this.listener.book(this.book);
    });
  }

  private receive(message: ServerMessage): void {
    if (message.token_id !== undefined && message.token_id !== this.tokenId) return;
    switch (message.channel) {
      case 'book':
        if (message.type === 'snapshot' && message.seq !== undefined) {
          this.book.reset(message.seq, message.data as ChannelData['book']);
          this.bookChanged();
        } else if (message.type === 'update' && message.seq !== undefined) {
          const result = this.book.apply(
            message.seq,
            message.data as ChannelData['book'],
            message.checksum,
          );
          if (result === 'gap' || result === 'checksum_mismatch') this.resubscribe();
          else if (result === 'applied') this.bookChanged();
        } else if (message.type === 'resync') {
          this.resubscribe();
        }
        return;
      case 'trades':
        if (message.type === 'update') this.listener.trades(message.data as ChannelData['trades']);
        return;
      case 'ticker': {
        const ticker = message.data as ChannelData['ticker'];
        if (message.type === 'update' && ticker) this.listener.ticker(ticker);
        return;
      }
      case 'candles':
        // Messages carry no interval: until the unsubscribe's ack, they may be the old one's.
        if (message.type === 'update' && this.interval && this.leaving === undefined) {
          this.listener.candles(this.interval, message.data as ChannelData['candles']);
        }
        return;
      case 'orders':
        if (message.type === 'update') this.listener.order(message.data as ChannelData['orders']);
        return;
      case 'phase':
        // each message is the whole state: the latest wins, a skipped seq loses nothing
        if (message.type === 'snapshot' || message.type === 'update') {
          this.listener.phase(message.data as ChannelData['phase']);
        }
        return;
      case 'control':
        if (message.type === 'ack' && message.id === this.leaving) this.leaving = undefined;
        if (message.type === 'error') {
          this.listener.status(`market data refused: ${(message.data as SocketError).message}`);
        }
        return;
      default:
    }
  }
}

/**
 * One token's live market data from the trading process's `/ws`: the book channel (snapshot,
 * then sequenced updates; resubscribe on a gap, a checksum mismatch or a `resync`), the trades
 * channel, and the signed-in user's private `orders` channel. Reconnects after a drop.
 */
import { loadClientConfig } from './api.js';
import { LocalBook, type BookChanges } from './book.js';
import { session } from './session.js';
import type { Trade } from './types.js';

interface ServerMessage {
  channel?: string;
  type: 'snapshot' | 'update' | 'ack' | 'error' | 'heartbeat' | 'resync';
  token_id?: string;
  seq?: number;
  data?: unknown;
  checksum?: number;
}

export interface FeedListener {
  book(book: LocalBook): void;
  trades(trades: Trade[]): void;
  order(): void;
  status(text: string): void;
}

export const bookDepth = 20;

export function toWebSocketUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/ws`;
}

export class MarketFeed {
  readonly book = new LocalBook();
  private socket: WebSocket | undefined;
  private closed = false;
  private nextId = 1;
  private retryMs = 500;

  constructor(
    private readonly tokenId: string,
    private readonly listener: FeedListener,
  ) {}

  async open(): Promise<void> {
    const { trading_url } = await loadClientConfig();
    if (this.closed) return;
    const socket = new WebSocket(toWebSocketUrl(trading_url));
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 500;
      this.listener.status('live');
      const token = session.accessToken();
      if (token) this.send({ op: 'auth', token });
      this.send({
        op: 'subscribe',
        channels: [
          { name: 'book', token_id: this.tokenId, depth: bookDepth },
          { name: 'trades', token_id: this.tokenId },
          ...(token ? [{ name: 'orders' }] : []),
        ],
      });
    };
    socket.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ServerMessage);
    socket.onclose = () => {
      if (this.closed) return;
      this.listener.status('reconnecting…');
      setTimeout(() => void this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ id: String(this.nextId++), ...message }));
    }
  }

  /** A fresh snapshot: unsubscribe and subscribe the book again. */
  private resubscribe(): void {
    const channel = { name: 'book', token_id: this.tokenId, depth: bookDepth };
    this.book.seq = undefined;
    this.send({ op: 'unsubscribe', channels: [channel] });
    this.send({ op: 'subscribe', channels: [channel] });
  }

  private receive(message: ServerMessage): void {
    if (message.token_id !== undefined && message.token_id !== this.tokenId) return;
    switch (message.channel) {
      case 'book':
        if (message.type === 'snapshot' && message.seq !== undefined) {
          this.book.reset(message.seq, message.data as BookChanges);
          this.listener.book(this.book);
        } else if (message.type === 'update' && message.seq !== undefined) {
          const result = this.book.apply(
            message.seq,
            message.data as BookChanges,
            message.checksum,
          );
          if (result === 'gap' || result === 'checksum_mismatch') this.resubscribe();
          else if (result === 'applied') this.listener.book(this.book);
        } else if (message.type === 'resync') {
          this.resubscribe();
        }
        return;
      case 'trades':
        if (message.type === 'snapshot' || message.type === 'update') {
          const data = message.data;
          this.listener.trades((Array.isArray(data) ? data : [data]) as Trade[]);
        }
        return;
      case 'orders':
        if (message.type === 'update') this.listener.order();
        return;
      case undefined:
      default:
        if (message.type === 'error') this.listener.status('market data refused a request');
    }
  }
}

/**
 * A WebSocket client for the market data tests: it queues what the server sends and keeps a copy
 * of each subscribed book the way a client should (snapshot, then each update applied in `seq`
 * order, truncated to its depth, its checksum compared after every update).
 */
import { WebSocket } from 'ws';
import { bookChecksum, type WireLevel } from '../../src/trading/market-data/checksum.js';

export interface Message {
  channel: string;
  type: string;
  token_id?: string;
  /** a `candles` message's interval */
  interval?: string;
  seq?: number;
  id?: string | number | null;
  data?: any;
  checksum?: number;
}

export class LocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  seq = 0;
  /** updates whose checksum or sequence did not match */
  failures: string[] = [];

  constructor(readonly depth: number) {}

  private side(levels: Map<string, string>, best: 'high' | 'low'): WireLevel[] {
    return [...levels.entries()]
      .sort(([a], [b]) => (best === 'high' ? Number(b) - Number(a) : Number(a) - Number(b)))
      .map(([price, quantity]) => [price, quantity] as const);
  }

  get bidLevels(): WireLevel[] {
    return this.side(this.bids, 'high');
  }

  get askLevels(): WireLevel[] {
    return this.side(this.asks, 'low');
  }

  get checksum(): number {
    return bookChecksum(this.askLevels, this.bidLevels);
  }

  snapshot(message: Message): void {
    this.bids.clear();
    this.asks.clear();
    for (const [price, quantity] of message.data.bids as WireLevel[])
      this.bids.set(price, quantity);
    for (const [price, quantity] of message.data.asks as WireLevel[])
      this.asks.set(price, quantity);
    this.seq = message.seq!;
    if (this.checksum !== message.checksum) this.failures.push(`snapshot ${message.seq} checksum`);
  }

  update(message: Message): void {
    if (message.seq !== this.seq + 1) this.failures.push(`seq ${message.seq} after ${this.seq}`);
    this.seq = message.seq!;
    for (const [levels, incoming] of [
      [this.bids, message.data.bids],
      [this.asks, message.data.asks],
    ] as const) {
      for (const [price, quantity] of incoming as WireLevel[]) {
        if (quantity === '0') levels.delete(price);
        else levels.set(price, quantity);
      }
    }
    this.truncate(this.bids, this.bidLevels);
    this.truncate(this.asks, this.askLevels);
    if (this.checksum !== message.checksum) this.failures.push(`update ${message.seq} checksum`);
  }

  private truncate(levels: Map<string, string>, sorted: WireLevel[]): void {
    for (const [price] of sorted.slice(this.depth)) levels.delete(price);
  }
}

export class TestSocket {
  readonly received: Message[] = [];
  readonly books = new Map<string, LocalBook>();
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private closed: Promise<{ code: number }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Message;
      if (message.channel === 'heartbeat') return;
      this.received.push(message);
      if (message.channel === 'book' && message.token_id) {
        const book = this.books.get(message.token_id);
        if (book && message.type === 'snapshot') book.snapshot(message);
        if (book && message.type === 'update') book.update(message);
      }
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }

  static async open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    // listening before the socket opens: the server may answer (and close) at once
    const socket = new TestSocket(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or still to come) that passes `test`. */
  next(test: (m: Message) => boolean, from = 0): Promise<Message> {
    const seen = this.received.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** Sends a request and waits for its answer (ack or error with the same id). */
  async request(message: { id: string } & Record<string, unknown>): Promise<Message> {
    const from = this.received.length;
    this.send(message);
    return this.next((m) => m.id === message.id, from);
  }

  trackBook(tokenId: string, depth: number): LocalBook {
    const book = new LocalBook(depth);
    this.books.set(tokenId, book);
    return book;
  }

  get whenClosed(): Promise<{ code: number }> {
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }
}

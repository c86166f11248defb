/**
 * The in-process market data hub: the trading process's Broadcaster. Writers hand it each
 * committed batch, in commit order (a writer publishes synchronously after its commit), and it
 * fans the batches out to the WebSocket clients subscribed to them: each changed order to its
 * owner at once, and the public book and trades conflated (book-feed.ts). A token's batches are
 * gathered until the event loop is free (setImmediate): then one book `update` (`seq` exactly the
 * previous + 1) with every level that changed in each client's view and the checksum of the top
 * 10 levels after it, and one trades message. An idle hub sends each batch at once; a busy one
 * sends fewer, larger updates instead of falling behind.
 *
 * A socket's send buffer is bounded: a client whose unsent bytes pass the bound gets one `resync`
 * for the channel and is dropped from it (it resubscribes for a fresh snapshot), so one slow
 * reader never holds memory or delays the others.
 */
import { sql } from 'kysely';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { OrderedRuns } from '../../lib/ordered-runs.js';
import { Exact } from '../../lib/money.js';
import type { DepthSnapshot } from '../engine/index.js';
import type { BookUpdate, Broadcaster } from '../books/broadcaster.js';
import type { Books } from '../books/books.js';
import type { Clock } from '../books/sequencer.js';
import type { TradingMetrics } from '../metrics.js';
import { fromTicks } from '../books/ticks.js';
import { toOrderView } from '../orders/orders.views.js';
import { BookFeed, type Flush } from './book-feed.js';
import type { Level } from './book-mirror.js';
import { candles, tickers } from './markets.queries.js';
import { candleIntervals, type CandleInterval } from './markets.schemas.js';
import { bookChecksum, type WireLevel } from './checksum.js';
import { channelKey, WsError, type ChannelRequest } from './protocol.js';

export interface HubLimits {
  /** unsent bytes a socket may hold before it is resynced */
  maxBufferedBytes: number;
  maxSubscriptions: number;
  maxSocketsPerUser: number;
  maxSocketsPerIp: number;
  /** a socket with no valid message for this long is closed */
  idleMs: number;
}

/** The limits that are not settings (the per-IP limit is WS_MAX_SOCKETS_PER_IP). */
export const defaultLimits: Omit<HubLimits, 'maxSocketsPerIp'> = {
  maxBufferedBytes: 1024 * 1024,
  maxSubscriptions: 50,
  maxSocketsPerUser: 10,
  idleMs: 60_000,
};

/** What the hub keeps of one connected socket. */
export class Client {
  readonly subscriptions = new Map<string, ChannelRequest>();
  userId: string | null = null;
  sessionId: string | null = null;
  expiresAt: Date | null = null;
  lastValidAt: Date;
  /** messages of one socket are handled one at a time, in order */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    /** the socket's TCP connection, corked while a flush writes to it (ws has no cork) */
    readonly tcp: Duplex,
    readonly ip: string,
    now: Date,
  ) {
    this.lastValidAt = now;
  }
}

export interface ServerMessage {
  channel: string;
  type: 'snapshot' | 'update' | 'ack' | 'error' | 'heartbeat' | 'resync';
  token_id?: string;
  seq?: number;
  ts: string;
  id?: string | number | null;
  data?: unknown;
  checksum?: number;
}

/**
 * A message as the UTF-8 bytes of its JSON, made once and sent to every subscriber as a text
 * frame (sending the string would encode it again for each socket).
 */
function encode(message: ServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

/** The depth a client subscribed the book channel `key` with. */
const depthOf = (client: Client, key: string) =>
  (client.subscriptions.get(key) as { depth: number }).depth;

/** A feed level (engine ticks) as the wire carries it. */
const wireLevel =
  (tickSize: string) =>
  ([price, quantity]: Level): WireLevel => [fromTicks(price, tickSize), String(quantity)];

export class MarketDataHub implements Broadcaster {
  private readonly feeds = new Map<string, BookFeed>();
  /** tokens whose flush is scheduled */
  private readonly flushing = new Set<string>();
  private readonly tickSizes = new Map<string, string>();
  /** the reads of each stream (a user's balances, a token's ticker and candles), in order */
  private readonly reads = new OrderedRuns();
  readonly clients = new Set<Client>();
  /** channel key -> subscribed clients (orders by user: `orders:<userId>`) */
  private readonly subscribers = new Map<string, Set<Client>>();

  /** the limits in force (read on every check, so an operator's change applies at once) */
  readonly limits: HubLimits;

  constructor(
    private readonly deps: {
      db: Db;
      books: () => Books;
      clock: Clock;
      limits: HubLimits;
      metrics: TradingMetrics;
    },
  ) {
    this.limits = deps.limits;
  }

  bookLoaded(tokenId: string, book: DepthSnapshot): void {
    const feed = this.feeds.get(tokenId);
    if (!feed) {
      this.feeds.set(tokenId, new BookFeed(book));
      return;
    }
    // Loaded again (after a failed batch): the feed goes on, carrying whatever differs.
    this.flush(tokenId);
    feed.gather(this.deps.clock.now().toISOString(), feed.mirror.changesTo(book), []);
    this.flushSoon(tokenId);
  }

  publish(update: BookUpdate): void {
    const ts = this.deps.clock.now().toISOString();
    this.feeds.get(update.tokenId)?.gather(ts, update.deltas, update.trades);
    this.flushSoon(update.tokenId);
    for (const order of update.orders) {
      const owners = this.subscribers.get(`orders:${order.user_id}`);
      if (!owners?.size) continue;
      const text = encode({
        channel: 'orders',
        type: 'update',
        token_id: order.token_id,
        ts,
        data: toOrderView(order),
      });
      for (const client of [...owners]) this.send(client, 'orders', text);
    }
    if (update.trades.length > 0) this.sendMarket(update.tokenId, update.trades[0]!.created_at);
    const owners = new Set(update.orders.map((order) => order.user_id));
    for (const userId of owners) {
      if (this.subscribers.get(`balances:${userId}`)?.size) {
        this.sendBalances(userId, update.tokenId);
      }
    }
  }

  /**
   * The book as the feed has published it: the REST book (a point of the same sequence). What is
   * gathered is flushed first, so the answer holds every batch committed before the read.
   */
  book(tokenId: string, depth: number): DepthSnapshot | undefined {
    this.flush(tokenId);
    const feed = this.feeds.get(tokenId);
    if (!feed) return undefined;
    return {
      sequence: feed.seq,
      bids: feed.mirror.bids.view(depth),
      asks: feed.mirror.asks.view(depth),
    };
  }

  /** Flushes the token's feed once the event loop has handled what is ready now. */
  private flushSoon(tokenId: string): void {
    if (this.flushing.has(tokenId)) return;
    this.flushing.add(tokenId);
    setImmediate(() => {
      this.flushing.delete(tokenId);
      this.flush(tokenId);
    });
  }

  /** Sends what the token's feed gathered, if anything, counted in the metrics. */
  private flush(tokenId: string): void {
    const cpu = process.cpuUsage();
    const sent = this.sendGathered(tokenId);
    if (sent === null) return;
    const used = process.cpuUsage(cpu);
    const { metrics } = this.deps;
    metrics.marketDataFlushes.inc();
    metrics.marketDataSent.inc(sent);
    metrics.marketDataFlushCpuSeconds.inc((used.user + used.system) / 1e6);
  }

  /**
   * One book update and one trades message with everything gathered since the last flush;
   * answers how many messages it sent (null: nothing was gathered).
   */
  private sendGathered(tokenId: string): number | null {
    const feed = this.feeds.get(tokenId);
    const tickSize = this.tickSizes.get(tokenId);
    const bookKey = `book:${tokenId}`;
    const bookSubscribers = [...(this.subscribers.get(bookKey) ?? [])];
    const flush = feed?.take([...new Set(bookSubscribers.map((c) => depthOf(c, bookKey)))]);
    if (!flush) return null;
    if (!tickSize) return 0;
    const tradeSubscribers = [...(this.subscribers.get(`trades:${tokenId}`) ?? [])];
    // Each subscriber's messages of the flush leave in one write (one syscall, one read for it).
    const corked = new Set([...bookSubscribers, ...tradeSubscribers].map((client) => client.tcp));
    for (const tcp of corked) tcp.cork();
    try {
      return (
        this.sendBook(tokenId, flush, wireLevel(tickSize), bookSubscribers) +
        this.sendTrades(tokenId, flush, tradeSubscribers)
      );
    } finally {
      for (const tcp of corked) tcp.uncork();
    }
  }

  /** The flush's book update, encoded once per client depth; answers how many it sent. */
  private sendBook(
    tokenId: string,
    flush: Flush,
    wire: (level: Level) => WireLevel,
    subscribers: Client[],
  ): number {
    if (!flush.book || subscribers.length === 0) return 0;
    const checksum = bookChecksum(flush.book.top.asks.map(wire), flush.book.top.bids.map(wire));
    const byDepth = new Map<number, Buffer>();
    for (const [depth, view] of flush.book.views) {
      byDepth.set(
        depth,
        encode({
          channel: 'book',
          type: 'update',
          token_id: tokenId,
          seq: flush.seq,
          ts: flush.ts,
          data: { bids: view.bids.map(wire), asks: view.asks.map(wire) },
          checksum,
        }),
      );
    }
    const key = `book:${tokenId}`;
    for (const client of subscribers) this.send(client, key, byDepth.get(depthOf(client, key))!);
    return subscribers.length;
  }

  /** The flush's trades in one message; answers how many it sent. */
  private sendTrades(tokenId: string, flush: Flush, subscribers: Client[]): number {
    if (flush.trades.length === 0 || subscribers.length === 0) return 0;
    const text = encode({
      channel: 'trades',
      type: 'update',
      token_id: tokenId,
      seq: flush.seq,
      ts: flush.ts,
      data: flush.trades.map((trade) => ({
        id: trade.id,
        price: trade.price,
        quantity: Number(trade.quantity),
        taker_side: trade.taker_side,
        created_at: trade.created_at.toISOString(),
      })),
    });
    for (const client of subscribers) this.send(client, `trades:${tokenId}`, text);
    return subscribers.length;
  }

  /**
   * The token's ticker and the candles the batch's trades changed, read from the trades table
   * after the commit; one token's reads run one after the other, so they arrive in commit order.
   */
  private sendMarket(tokenId: string, firstTrade: Date): void {
    const listeners = [...this.subscribers.keys()].filter(
      (key) => key === `ticker:${tokenId}` || key.startsWith(`candles:${tokenId}:`),
    );
    if (listeners.length === 0) return;
    this.reads.run(`market:${tokenId}`, async () => {
      const now = this.deps.clock.now();
      for (const key of listeners) {
        let data: unknown;
        if (key.startsWith('ticker:')) {
          data = (await tickers(this.deps.db, now, tokenId))[0];
        } else {
          const interval = key.split(':')[2] as CandleInterval;
          const seconds = candleIntervals[interval] * 1000;
          const from = new Date(Math.floor(firstTrade.getTime() / seconds) * seconds);
          data = await candles(this.deps.db, tokenId, interval, from, new Date(now.getTime() + 1));
        }
        const text = encode({
          channel: key.split(':')[0]!,
          type: 'update',
          token_id: tokenId,
          ts: now.toISOString(),
          data,
        });
        for (const client of [...(this.subscribers.get(key) ?? [])]) this.send(client, key, text);
      }
    });
  }

  /**
   * The user's balances as the database has them after the batch. Read per user one after the
   * other, so a user's balance messages arrive in commit order.
   */
  private sendBalances(userId: string, tokenId: string): void {
    this.reads.run(`balances:${userId}`, async () => {
      const { db } = this.deps;
      const user = await db
        .selectFrom('users')
        .select('fiat_balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const locked = await db
        .selectFrom('orders')
        .select(sql<string>`coalesce(sum(locked_fiat), 0)`.as('locked'))
        .where('user_id', '=', userId)
        .where('status', 'in', ['open', 'partially_filled', 'pending_stop'])
        .executeTakeFirstOrThrow();
      const wallet = await db
        .selectFrom('wallets')
        .select(['balance', 'locked_balance'])
        .where('user_id', '=', userId)
        .where('token_id', '=', tokenId)
        .executeTakeFirst();
      const text = encode({
        channel: 'balances',
        type: 'update',
        token_id: tokenId,
        ts: this.deps.clock.now().toISOString(),
        data: {
          fiat_balance: new Exact(user.fiat_balance).toFixed(2),
          fiat_locked: new Exact(locked.locked).toFixed(2),
          token_id: tokenId,
          token_balance: Number(wallet?.balance ?? 0),
          token_locked: Number(wallet?.locked_balance ?? 0),
        },
      });
      for (const client of [...(this.subscribers.get(`balances:${userId}`) ?? [])]) {
        this.send(client, 'balances', text);
      }
    });
  }

  /** Sends a channel message, or resyncs and drops a client whose buffer is past the bound. */
  private send(client: Client, key: string, text: Buffer): void {
    if (client.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      const request = client.subscriptions.get(key);
      this.remove(client, key);
      this.reply(client, {
        channel: request?.name ?? key,
        type: 'resync',
        ...(request && 'tokenId' in request ? { token_id: request.tokenId } : {}),
        ts: this.deps.clock.now().toISOString(),
        data: { reason: 'The connection fell behind; subscribe again for a fresh snapshot' },
      });
      return;
    }
    client.socket.send(text, { binary: false });
  }

  reply(client: Client, message: ServerMessage): void {
    client.socket.send(JSON.stringify(message));
  }

  /** Subscribes; answers the snapshot of a book (trades and orders start with the next batch). */
  async subscribe(client: Client, request: ChannelRequest): Promise<ServerMessage | null> {
    const key = channelKey(request);
    if (!client.subscriptions.has(key)) {
      if (client.subscriptions.size >= this.limits.maxSubscriptions) {
        throw new WsError('TOO_MANY_SUBSCRIPTIONS', 'Too many subscriptions on this socket');
      }
    }
    if (request.name === 'orders' || request.name === 'balances') {
      if (client.userId === null) throw new WsError('AUTH_REQUIRED', 'Send auth first');
      this.add(client, key, request, `${request.name}:${client.userId}`);
      return null;
    }
    const tickSize = await this.tokenTickSize(request.tokenId);
    if (request.name !== 'book') {
      this.add(client, key, request, key);
      return null;
    }
    try {
      await this.deps.books().load(request.tokenId);
    } catch (error) {
      if (error instanceof AppError) throw new WsError('UNKNOWN_TOKEN', error.message);
      throw error;
    }
    const feed = this.feeds.get(request.tokenId)!;
    this.add(client, key, request, key);
    const wire = wireLevel(tickSize);
    const asks = feed.mirror.asks.top(request.depth).map(wire);
    const bids = feed.mirror.bids.top(request.depth).map(wire);
    return {
      channel: 'book',
      type: 'snapshot',
      token_id: request.tokenId,
      seq: feed.seq,
      ts: this.deps.clock.now().toISOString(),
      data: { bids, asks },
      checksum: bookChecksum(asks, bids),
    };
  }

  unsubscribe(client: Client, request: ChannelRequest): void {
    this.remove(client, channelKey(request));
  }

  private async tokenTickSize(tokenId: string): Promise<string> {
    const known = this.tickSizes.get(tokenId);
    if (known) return known;
    const token = await this.deps.db
      .selectFrom('tokens')
      .select('tick_size')
      .where('id', '=', tokenId)
      .executeTakeFirst();
    if (!token) throw new WsError('UNKNOWN_TOKEN', 'Unknown token');
    this.tickSizes.set(tokenId, token.tick_size);
    return token.tick_size;
  }

  private add(client: Client, key: string, request: ChannelRequest, index: string): void {
    client.subscriptions.set(key, request);
    let set = this.subscribers.get(index);
    if (!set) this.subscribers.set(index, (set = new Set()));
    set.add(client);
  }

  private remove(client: Client, key: string): void {
    if (!client.subscriptions.delete(key)) return;
    const index = key === 'orders' || key === 'balances' ? `${key}:${client.userId}` : key;
    const set = this.subscribers.get(index);
    set?.delete(client);
    if (set?.size === 0) this.subscribers.delete(index);
  }

  /** Ends the private channels of a client (its token expired or its session ended). */
  endPrivate(client: Client): void {
    this.remove(client, 'orders');
    this.remove(client, 'balances');
    client.userId = client.sessionId = client.expiresAt = null;
  }

  connect(client: Client): boolean {
    let fromIp = 0;
    for (const other of this.clients) if (other.ip === client.ip) fromIp += 1;
    if (fromIp >= this.limits.maxSocketsPerIp) return false;
    this.clients.add(client);
    return true;
  }

  disconnect(client: Client): void {
    for (const key of [...client.subscriptions.keys()]) this.remove(client, key);
    this.clients.delete(client);
  }

  socketsOf(userId: string): number {
    let count = 0;
    for (const client of this.clients) if (client.userId === userId) count += 1;
    return count;
  }

  /** Whether the client is subscribed to a channel (for the process's own checks and tests). */
  isSubscribed(client: Client, request: ChannelRequest): boolean {
    return client.subscriptions.has(channelKey(request));
  }
}

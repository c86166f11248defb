/**
 * A trading node's market data hub: it fans the feed's messages (feed-messages.ts) out to the
 * WebSocket clients subscribed to them, the messages of the books this node owns from its own
 * writer (feed-publisher.ts) and, in a cluster, those of the other nodes' books from the bus
 * (followed-books.ts): each changed order to its owner at once, and a book's batch as one book
 * `update` (`seq` exactly the previous + 1) with every level that changed in each client's view
 * and the checksum of the top 10 levels after it, and one trades message (book-feed.ts), sent
 * right after the batch's own answers (flushSoon). A message is serialized and framed once
 * (text-frame.ts) and the same bytes go to every subscriber, each subscriber's frames of a flush in
 * one write to its TCP connection: the fan-out's cost per subscriber is that write, one system call.
 *
 * A socket's send buffer is bounded: a client whose unsent bytes pass the bound gets one `resync`
 * for the channel and is dropped from it (it resubscribes for a fresh snapshot), so one slow
 * reader never holds memory or delays the others.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { OrderedRuns } from '../../lib/ordered-runs.js';
import type { DepthSnapshot } from '../engine/index.js';
import type { Books } from '../books/books.js';
import type { Clock } from '../../lib/clock.js';
import type { TradingMetrics } from '../metrics.js';
import { fromTicks } from '../books/ticks.js';
import { BookFeed, type Flush } from './book-feed.js';
import type { Level } from './book-mirror.js';
import { bookChecksum, type WireLevel } from './checksum.js';
import {
  bookOf,
  type BookMessage,
  type FeedBus,
  type FeedSink,
  type UserMessage,
} from './feed-messages.js';
import { FollowedBooks, type Applied } from './followed-books.js';
import { textFrame } from './text-frame.js';
import { PhaseFeed, realSchedule, type PhaseMessage, type Schedule } from './phase-feed.js';
import type { PhaseView } from '../trading-sessions/trading-sessions.schemas.js';
import { balancesOf, candles, tickSizeOf, tickers } from './markets.queries.js';
import { candleIntervals, type CandleInterval } from './markets.schemas.js';
import {
  channelKey,
  defaultDepth,
  isPrivate,
  WsError,
  type ChannelRequest,
  type PrivateChannel,
  type PublicChannel,
} from './protocol.js';

export interface HubLimits {
  /** unsent bytes a socket may hold before it is resynced */
  maxBufferedBytes: number;
  maxSubscriptions: number;
  maxSocketsPerUser: number;
  maxSocketsPerIp: number;
  /** a socket with no valid message for this long is closed */
  idleMs: number;
  /** the least time between two `phase` messages of one token */
  phaseIntervalMs: number;
}

/** The limits that are not settings (the per-IP limit is WS_MAX_SOCKETS_PER_IP). */
export const defaultLimits: Omit<HubLimits, 'maxSocketsPerIp'> = {
  maxBufferedBytes: 1024 * 1024,
  maxSubscriptions: 50,
  maxSocketsPerUser: 10,
  idleMs: 60_000,
  phaseIntervalMs: 250,
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
    /** the socket's TCP connection, where the hub writes the frames it built once for all */
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
  /** a `candles` message's interval (a socket may follow several of one token) */
  interval?: CandleInterval;
  seq?: number;
  ts: string;
  id?: string | number | null;
  data?: unknown;
  checksum?: number;
}

/** A message as the WebSocket frame of its JSON, made once and written to every subscriber. */
function frameOf(message: ServerMessage): Buffer {
  return textFrame(Buffer.from(JSON.stringify(message)));
}

const noClients: ReadonlySet<Client> = new Set();

const bookKey = (tokenId: string) => channelKey({ name: 'book', tokenId, depth: defaultDepth });

/** The depth a client subscribed the book channel `key` with. */
function depthOf(client: Client, key: string): number {
  const channel = client.subscriptions.get(key);
  return channel?.name === 'book' ? channel.depth : defaultDepth;
}

/** A feed level (engine ticks) as the wire carries it. */
const wireLevel =
  (tickSize: string) =>
  ([price, quantity]: Level): WireLevel => [fromTicks(price, tickSize), String(quantity)];

/** The clients of one channel, with the channel they subscribed. */
interface Subscribed<C> {
  channel: C;
  clients: Set<Client>;
}

export class MarketDataHub implements FeedSink {
  private readonly feeds = new Map<string, BookFeed>();
  /** tokens whose flush is scheduled */
  private readonly flushing = new Set<string>();
  private readonly tickSizes = new Map<string, string>();
  /** the reads of each stream (a user's balances, a token's ticker and candles), in order */
  private readonly reads = new OrderedRuns();
  readonly clients = new Set<Client>();
  /** token -> channel key -> its subscribers */
  private readonly byToken = new Map<string, Map<string, Subscribed<PublicChannel>>>();
  /** user -> private channel -> its subscribers */
  private readonly byUser = new Map<string, Map<PrivateChannel['name'], Set<Client>>>();
  /** the users whose messages this node follows on the bus (stop each) */
  private readonly usersFollowed = new Map<string, () => void>();
  /** in a cluster: the books followed on the bus */
  private readonly following: FollowedBooks | undefined;
  private readonly phases: PhaseFeed;

  /** the limits in force (read on every check, so an operator's change applies at once) */
  readonly limits: HubLimits;

  constructor(
    private readonly deps: {
      db: Db;
      books: () => Books;
      clock: Clock;
      limits: HubLimits;
      metrics: TradingMetrics;
      logger: Logger;
      /** the bus to the other trading nodes; absent: this process owns every book */
      bus?: FeedBus;
      /** a token's phase as REST answers it (the `phase` channel) */
      phase: (tokenId: string) => Promise<PhaseView>;
      /** the `phase` channel's throttle timer; absent: real timers */
      phaseSchedule?: Schedule;
    },
  ) {
    this.limits = deps.limits;
    this.phases = new PhaseFeed({
      read: deps.phase,
      clock: deps.clock,
      intervalMs: deps.limits.phaseIntervalMs,
      schedule: deps.phaseSchedule ?? realSchedule,
      send: (message) => this.sendPhase(message),
      onError: (error, tokenId) =>
        deps.logger.error({ err: error, tokenId }, 'market phase read failed'),
    });
    const { bus } = deps;
    this.following =
      bus &&
      new FollowedBooks({
        bus,
        db: deps.db,
        clock: deps.clock,
        logger: deps.logger,
        owns: (tokenId) => deps.books().owns(tokenId),
        holds: (tokenId) => this.feeds.has(tokenId),
        apply: (message) => this.apply(message),
        forget: (tokenId) => this.feeds.delete(tokenId),
      });
  }

  /** A book message of this node's own writer. */
  book(message: BookMessage): void {
    if (this.following) this.following.receive(message);
    else this.apply(message);
  }

  /**
   * Applies a book message to the token's copy: a loaded book replaces it (what differs is the
   * next update), a batch is gathered if it is the next `seq`.
   */
  private apply(message: BookMessage): Applied {
    const { tokenId } = message;
    // every committed batch may move the phase or a call's indicative state
    this.phases.changed(tokenId);
    if (message.kind === 'touched') return 'applied';
    const feed = this.feeds.get(tokenId);
    if (message.kind === 'loaded') {
      if (!feed) {
        this.feeds.set(tokenId, new BookFeed(bookOf(message)));
        return 'applied';
      }
      this.flush(tokenId);
      if (message.seq < feed.seq) return 'stale';
      feed.load(message.ts, bookOf(message));
    } else {
      if (!feed) return 'stale';
      // one batch per update: what is gathered goes first
      this.flush(tokenId);
      const next = feed.seq + (message.changes.length > 0 ? 1 : 0);
      if (message.seq < next) return 'stale';
      if (message.seq > next) return 'gap';
      feed.gather(message.ts, message.changes, message.trades);
      if (message.trades.length > 0) this.sendMarket(tokenId, message.trades[0]!.created_at);
    }
    this.flushSoon(tokenId);
    return 'applied';
  }

  wantsUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** A user's changed orders: each to their `orders` subscribers, then their balances. */
  user(message: UserMessage): void {
    const channels = this.byUser.get(message.userId);
    const owners = channels?.get('orders');
    if (owners?.size) {
      for (const view of message.orders) {
        const frame = frameOf({
          channel: 'orders',
          type: 'update',
          token_id: view.token_id,
          ts: message.ts,
          data: view,
        });
        for (const client of [...owners]) this.write(client, ['orders'], frame);
      }
    }
    if (channels?.get('balances')?.size) this.sendBalances(message.userId, message.tokenId);
  }

  /**
   * The book as the feed has published it: the REST book (a point of the same sequence). What is
   * gathered is flushed first, so the answer holds every batch committed before the read.
   */
  publishedBook(tokenId: string, depth: number): DepthSnapshot | undefined {
    this.flush(tokenId);
    const feed = this.feeds.get(tokenId);
    if (!feed) return undefined;
    return {
      sequence: feed.seq,
      bids: feed.mirror.bids.view(depth),
      asks: feed.mirror.asks.view(depth),
    };
  }

  /**
   * Flushes the token's feed once the promise callbacks now queued have run: a batch is handed
   * over in the sequencer's promise chain, and a tick queued from a promise callback runs when the
   * microtask queue is empty, so after the batch's HTTP answers are written (promise callbacks) and
   * before the event loop takes the next I/O. A `setImmediate` waited for that I/O: every request
   * that had arrived meanwhile, 50 to 80 ms at 1,000 orders/s.
   */
  private flushSoon(tokenId: string): void {
    if (this.flushing.has(tokenId)) return;
    this.flushing.add(tokenId);
    process.nextTick(() => {
      this.flushing.delete(tokenId);
      this.flush(tokenId);
    });
  }

  /** Sends what the token's feed gathered, if anything, counted in the metrics. */
  private flush(tokenId: string): void {
    // the CPU of a feed nobody watches is its take alone: not worth two getrusage calls a flush
    // (2% of the trading process's busy time in bench:trading, which has no subscribers)
    const cpu = this.byToken.has(tokenId) ? process.cpuUsage() : undefined;
    const flushed = this.sendGathered(tokenId);
    if (flushed === null) return;
    const { metrics, clock } = this.deps;
    metrics.marketDataFlushes.inc();
    metrics.marketDataSent.inc(flushed.sent);
    if (cpu) {
      const used = process.cpuUsage(cpu);
      metrics.marketDataFlushCpuSeconds.inc((used.user + used.system) / 1e6);
    }
    if (flushed.sent > 0) {
      metrics.marketDataFlushSentSeconds.observe(
        Math.max(0, clock.now().getTime() - Date.parse(flushed.ts)) / 1000,
      );
    }
  }

  /** The subscribers of one public channel (its key) of a token, the hub's own set (not a copy). */
  private subscribersOf(tokenId: string, key: string): ReadonlySet<Client> {
    return this.byToken.get(tokenId)?.get(key)?.clients ?? noClients;
  }

  /**
   * One book update and one trades message with what was gathered since the last flush;
   * answers how many messages it sent and the batch's hand-over (null: nothing was gathered).
   * The subscribers' sets are walked as they are, nothing built per subscriber: a write that
   * resyncs a client removes it from the sets under way, which a Set's iteration allows.
   */
  private sendGathered(tokenId: string): { sent: number; ts: string } | null {
    const feed = this.feeds.get(tokenId);
    const tickSize = this.tickSizes.get(tokenId);
    const bookChannel = bookKey(tokenId);
    const bookSubscribers = this.subscribersOf(tokenId, bookChannel);
    const depths = new Set<number>();
    for (const client of bookSubscribers) depths.add(depthOf(client, bookChannel));
    const flush = feed?.take([...depths]);
    if (!flush) return null;
    this.deps.metrics.marketDataFlushDelaySeconds.observe(
      Math.max(0, this.deps.clock.now().getTime() - Date.parse(flush.ts)) / 1000,
    );
    if (!tickSize) return { sent: 0, ts: flush.ts };
    const tradesChannel = channelKey({ name: 'trades', tokenId });
    const tradeSubscribers = this.subscribersOf(tokenId, tradesChannel);
    const books = this.bookFrames(tokenId, flush, wireLevel(tickSize), bookSubscribers.size);
    const trades = this.tradesFrame(tokenId, flush, tradeSubscribers.size);
    // Each subscriber's frames of the flush in one write: the same bytes for every subscriber of
    // the same depth and channels, joined once per depth.
    const bookKeys = [bookChannel];
    const tradeKeys = [tradesChannel];
    const bothKeys = [bookChannel, tradesChannel];
    const joined = new Map<number, Buffer>();
    let sent = 0;
    if (books) {
      for (const client of bookSubscribers) {
        const depth = depthOf(client, bookChannel);
        const book = books.get(depth)!;
        if (!trades || !tradeSubscribers.has(client)) {
          sent += 1;
          this.write(client, bookKeys, book);
          continue;
        }
        sent += 2;
        let both = joined.get(depth);
        if (!both) joined.set(depth, (both = Buffer.concat([book, trades])));
        this.write(client, bothKeys, both);
      }
    }
    if (trades) {
      for (const client of tradeSubscribers) {
        // a book subscriber had both above (or was resynced from both)
        if (books && bookSubscribers.has(client)) continue;
        sent += 1;
        this.write(client, tradeKeys, trades);
      }
    }
    return { sent, ts: flush.ts };
  }

  /** The flush's book update, framed once per client depth (none: no update or no one to send to). */
  private bookFrames(
    tokenId: string,
    flush: Flush,
    wire: (level: Level) => WireLevel,
    subscribers: number,
  ): Map<number, Buffer> | undefined {
    if (!flush.book || subscribers === 0) return undefined;
    const checksum = bookChecksum(flush.book.top.asks.map(wire), flush.book.top.bids.map(wire));
    const byDepth = new Map<number, Buffer>();
    for (const [depth, view] of flush.book.views) {
      byDepth.set(
        depth,
        frameOf({
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
    return byDepth;
  }

  /** The flush's trades in one message, framed once (none: no trade or no one to send to). */
  private tradesFrame(tokenId: string, flush: Flush, subscribers: number): Buffer | undefined {
    if (flush.trades.length === 0 || subscribers === 0) return undefined;
    return frameOf({
      channel: 'trades',
      type: 'update',
      token_id: tokenId,
      seq: flush.seq,
      ts: flush.ts,
      data: flush.trades,
    });
  }

  /**
   * The token's ticker and the candles the batch's trades changed, read from the trades table
   * after the commit; one token's reads run one after the other, so they arrive in commit order.
   */
  private sendMarket(tokenId: string, firstTrade: string): void {
    const listeners = [...(this.byToken.get(tokenId)?.values() ?? [])].filter(
      ({ channel }) => channel.name === 'ticker' || channel.name === 'candles',
    );
    if (listeners.length === 0) return;
    this.reads.run(`market:${tokenId}`, async () => {
      const now = this.deps.clock.now();
      for (const { channel, clients } of listeners) {
        let data: unknown;
        if (channel.name === 'candles') {
          const ms = candleIntervals[channel.interval] * 1000;
          const from = new Date(Math.floor(Date.parse(firstTrade) / ms) * ms);
          const to = new Date(now.getTime() + 1);
          data = await candles(this.deps.db, tokenId, channel.interval, from, to);
        } else {
          data = (await tickers(this.deps.db, now, tokenId))[0];
        }
        const frame = frameOf({
          channel: channel.name,
          type: 'update',
          token_id: tokenId,
          ...(channel.name === 'candles' ? { interval: channel.interval } : {}),
          ts: now.toISOString(),
          data,
        });
        const key = channelKey(channel);
        for (const client of [...clients]) this.write(client, [key], frame);
      }
    });
  }

  /**
   * The user's balances as the database has them after the batch. Read per user one after the
   * other, so a user's balance messages arrive in commit order.
   */
  private sendBalances(userId: string, tokenId: string): void {
    this.reads.run(`balances:${userId}`, async () => {
      const frame = frameOf({
        channel: 'balances',
        type: 'update',
        token_id: tokenId,
        ts: this.deps.clock.now().toISOString(),
        data: await balancesOf(this.deps.db, userId, tokenId),
      });
      for (const client of [...(this.byUser.get(userId)?.get('balances') ?? [])]) {
        this.write(client, ['balances'], frame);
      }
    });
  }

  /** A `phase` update to the token's subscribers. */
  private sendPhase({ tokenId, seq, ts, data }: PhaseMessage): void {
    const key = channelKey({ name: 'phase', tokenId });
    const frame = frameOf({ channel: 'phase', type: 'update', token_id: tokenId, seq, ts, data });
    for (const client of this.subscribersOf(tokenId, key)) this.write(client, [key], frame);
  }

  /** The `phase` channel's tick: every followed token's state is read again (throttled). */
  phaseTick(): void {
    this.phases.tick();
  }

  /** Resolves once the `phase` reads under way have sent what they found (for tests). */
  phaseIdle(): Promise<void> {
    return this.phases.idle();
  }

  /**
   * Writes the frames of the channels `keys` to a client's connection, or, if its unsent bytes
   * are past the bound, resyncs each of those channels and drops the client from it.
   */
  private write(client: Client, keys: readonly string[], frame: Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      for (const key of keys) this.resync(client, key);
      return;
    }
    client.tcp.write(frame);
  }

  private resync(client: Client, key: string): void {
    const request = client.subscriptions.get(key);
    this.remove(client, key);
    this.reply(client, {
      channel: request?.name ?? key,
      type: 'resync',
      ...(request && 'tokenId' in request ? { token_id: request.tokenId } : {}),
      ...(request?.name === 'candles' ? { interval: request.interval } : {}),
      ts: this.deps.clock.now().toISOString(),
      data: { reason: 'The connection fell behind; subscribe again for a fresh snapshot' },
    });
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
    if (isPrivate(request)) {
      if (client.userId === null) throw new WsError('AUTH_REQUIRED', 'Send auth first');
      this.addPrivate(client, key, request, client.userId);
      return null;
    }
    const { tokenId } = request;
    const tickSize = await this.tokenTickSize(tokenId);
    await this.source(request);
    if (request.name === 'phase') {
      const { seq, ts, data } = await this.phases.snapshot(tokenId);
      this.addPublic(client, key, request);
      return { channel: 'phase', type: 'snapshot', token_id: tokenId, seq, ts, data };
    }
    this.addPublic(client, key, request);
    if (request.name !== 'book') return null;
    const feed = this.feeds.get(tokenId);
    if (!feed) throw new Error(`no market data for the book of ${tokenId}`);
    const wire = wireLevel(tickSize);
    const asks = feed.mirror.asks.top(request.depth).map(wire);
    const bids = feed.mirror.bids.top(request.depth).map(wire);
    return {
      channel: 'book',
      type: 'snapshot',
      token_id: tokenId,
      seq: feed.seq,
      ts: this.deps.clock.now().toISOString(),
      data: { bids, asks },
      checksum: bookChecksum(asks, bids),
    };
  }

  /**
   * Makes the channel's messages reach this hub: in a cluster the book is followed on the bus
   * (whichever node owns it); alone, this process loads a subscribed book it has not loaded yet.
   */
  private async source(channel: PublicChannel): Promise<void> {
    if (this.following) return this.following.follow(channel.tokenId);
    // a phase changes with the owner's ticks of a loaded book
    if (channel.name !== 'book' && channel.name !== 'phase') return;
    try {
      await this.deps.books().load(channel.tokenId);
    } catch (error) {
      if (error instanceof AppError) throw new WsError('UNKNOWN_TOKEN', error.message);
      throw error;
    }
  }

  unsubscribe(client: Client, request: ChannelRequest): void {
    this.remove(client, channelKey(request));
  }

  private async tokenTickSize(tokenId: string): Promise<string> {
    const known = this.tickSizes.get(tokenId);
    if (known) return known;
    const tickSize = await tickSizeOf(this.deps.db, tokenId);
    if (!tickSize) throw new WsError('UNKNOWN_TOKEN', 'Unknown token');
    this.tickSizes.set(tokenId, tickSize);
    return tickSize;
  }

  private addPublic(client: Client, key: string, channel: PublicChannel): void {
    client.subscriptions.set(key, channel);
    let channels = this.byToken.get(channel.tokenId);
    if (!channels)
      this.byToken.set(channel.tokenId, (channels = new Map<string, Subscribed<PublicChannel>>()));
    let subscribed = channels.get(key);
    if (!subscribed) channels.set(key, (subscribed = { channel, clients: new Set() }));
    subscribed.clients.add(client);
  }

  private addPrivate(client: Client, key: string, channel: PrivateChannel, userId: string): void {
    client.subscriptions.set(key, channel);
    let channels = this.byUser.get(userId);
    if (!channels) {
      this.byUser.set(userId, (channels = new Map<PrivateChannel['name'], Set<Client>>()));
      const stop = this.deps.bus?.followUser(userId, (message) => this.user(message));
      if (stop) this.usersFollowed.set(userId, stop);
    }
    let clients = channels.get(channel.name);
    if (!clients) channels.set(channel.name, (clients = new Set()));
    clients.add(client);
  }

  private remove(client: Client, key: string): void {
    const channel = client.subscriptions.get(key);
    if (!channel) return;
    client.subscriptions.delete(key);
    if (isPrivate(channel)) {
      const userId = client.userId!;
      const channels = this.byUser.get(userId);
      const clients = channels?.get(channel.name);
      clients?.delete(client);
      if (clients?.size === 0) channels!.delete(channel.name);
      if (channels?.size === 0) {
        this.byUser.delete(userId);
        this.usersFollowed.get(userId)?.();
        this.usersFollowed.delete(userId);
      }
      return;
    }
    const channels = this.byToken.get(channel.tokenId);
    const subscribed = channels?.get(key);
    subscribed?.clients.delete(client);
    if (subscribed?.clients.size === 0) {
      channels!.delete(key);
      if (channel.name === 'phase') this.phases.forget(channel.tokenId);
    }
    if (channels?.size === 0) {
      this.byToken.delete(channel.tokenId);
      this.following?.unfollow(channel.tokenId);
    }
  }

  /** Ends the private channels of a client (its token expired or its session ended). */
  endPrivate(client: Client): void {
    this.remove(client, channelKey({ name: 'orders' }));
    this.remove(client, channelKey({ name: 'balances' }));
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

/**
 * The trading process's composition root: the books (one writer per token, rebuilt from the
 * database before the process serves), the order API, OTC, staff's trading settings, market data
 * and surveillance (both fed each committed batch), settlement
 * (its staff routes here; its workers started by main.ts), and the process's health, readiness,
 * metrics and OpenAPI like every process.
 */
import fastifyWebsocket from '@fastify/websocket';
import { AccessTokens } from '../lib/auth/access-token.js';
import { ApiKeyRing, apiKeySession, keyOfSession } from '../lib/auth/api-keys.js';
import { FieldEncryption } from '../lib/crypto/field-encryption.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { chainCallerReadiness, chainClientFor, type ChainClient } from '../lib/chain-client.js';
import type { Config } from '../lib/config.js';
import type { Db } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { guards } from '../lib/http/auth-guard.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';
import { tokenTradingRoutes } from './admin/token-trading.routes.js';
import { tokenTradingService } from './admin/token-trading.service.js';
import { tradingModeRoutes } from './admin/trading-mode.routes.js';
import { tradingSessionRoutes } from './trading-sessions/trading-sessions.routes.js';
import { tradingSessionService } from './trading-sessions/trading-sessions.service.js';
import { tradingModeService } from './admin/trading-mode.service.js';
import { RevokedSessions } from './auth/revoked-sessions.js';
import { Books } from './books/books.js';
import { fanOut } from './books/broadcaster.js';
import { BookLeases } from './books/book-leases.js';
import { connectBus } from './cluster/bus.js';
import { natsFeedBus } from './cluster/feed-bus.js';
import { clusterStatusRoutes } from './cluster/cluster-status.routes.js';
import { clusterStatusService } from './cluster/cluster-status.service.js';
import { routedOrders } from './cluster/order-routing.js';
import { readAsyncApiDocument } from './market-data/asyncapi.js';
import { FeedPublisher } from './market-data/feed-publisher.js';
import { defaultLimits, MarketDataHub, type HubLimits } from './market-data/hub.js';
import type { Schedule } from './market-data/phase-feed.js';
import { marketsRoutes } from './market-data/markets.routes.js';
import { marketDataSocket } from './market-data/ws.routes.js';
import { tradingMetrics } from './metrics.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { otcRoutes } from './otc/otc.routes.js';
import { otcService } from './otc/otc.service.js';
import { ordersService } from './orders/orders.service.js';
import { settlementRoutes } from './settlement/settlement.routes.js';
import { settlementService } from './settlement/settlement.service.js';
import { settlementWorkers, type SettlementWorkers } from './settlement/settlement-workers.js';
import { Surveillance } from './surveillance/surveillance.js';
import { surveillanceRoutes } from './surveillance/surveillance.routes.js';
import { surveillanceService } from './surveillance/surveillance.service.js';

export interface TradingDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** defaults to the system clock; tests pass their own */
  clock?: Clock;
  /** WebSocket limits (tests lower them) */
  socketLimits?: Partial<HubLimits>;
  /** how often GTD expiries and closed tokens are looked at, and revocations polled; 0: never */
  tickMs?: number;
  chain?: ChainClient;
  /** the WebSocket heartbeat (and idle and expiry checks); 0: never */
  heartbeatMs?: number;
  /** where in its window a call auction ends, in [0, 1); tests pass a seeded one */
  random?: () => number;
  /** the `phase` channel's throttle timer (tests release its waits by hand); absent: real timers */
  phaseSchedule?: Schedule;
}

export interface TradingApp {
  app: HttpApp;
  books: Books;
  sessions: RevokedSessions;
  /** the API keys in force, reloaded each tick */
  apiKeys: ApiKeyRing;
  settlement: SettlementWorkers;
  hub: MarketDataHub;
  surveillance: Surveillance;
  /** the WebSocket heartbeat and checks, as the timer runs them */
  socketTick: () => Promise<void>;
}

export async function buildTradingApp(deps: TradingDeps): Promise<TradingApp> {
  const { config, db, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const tickMs = deps.tickMs ?? 1000;
  const chain = deps.chain ?? chainClientFor(config);
  const metrics = tradingMetrics();
  const app = await buildHttpApp({
    ...httpOptionsFrom(
      config,
      logger,
      'trading',
      'Orders, order books, trades, settlement, market data.',
    ),
    metricsRegistry: metrics.registry,
    readiness: () => chainCallerReadiness(db, chain, logger),
  });
  // no permessage-deflate: the hub writes frames it built once for every socket (text-frame.ts)
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
  });
  // several trading nodes share the books over NATS; without it this process owns them all
  const { natsUrl, nodeId } = config.cluster;
  const nats = natsUrl ? await connectBus(natsUrl, nodeId) : undefined;
  // the market data feed's own connection, without echo: the node's hub has its own messages
  const feedNats = natsUrl ? await connectBus(natsUrl, nodeId, { noEcho: true }) : undefined;
  const bus = feedNats && natsFeedBus(feedNats, logger);
  const phases = tradingSessionService(db, clock);
  const hub = new MarketDataHub({
    db,
    clock,
    phase: (tokenId) => phases.phase(tokenId),
    ...(deps.phaseSchedule ? { phaseSchedule: deps.phaseSchedule } : {}),
    // the books exist before any socket can subscribe
    books: () => books,
    metrics,
    logger,
    limits: {
      ...defaultLimits,
      maxSocketsPerIp: config.marketData.maxSocketsPerIp,
      ...deps.socketLimits,
    },
    ...(bus ? { bus } : {}),
  });
  // after each commit, off the order path: the market data, then surveillance
  const surveillance = new Surveillance({
    db,
    clock,
    logger,
    defaults: config.surveillance,
  });
  const feed = new FeedPublisher(clock, bus ? [hub, bus] : [hub]);
  const books = await Books.start({
    db,
    clock,
    broadcaster: fanOut(feed, surveillance),
    metrics,
    logger,
    maxBatch: config.tradingWriter.maxBatch,
    platformCountry: config.issuance.platformCountry,
    ...(deps.random ? { random: deps.random } : {}),
    leases: new BookLeases(
      db,
      {
        node: config.cluster.nodeId,
        url: config.urls.trading,
        leaseMs: config.cluster.leaseMs,
        exclusive: nats === undefined,
      },
      metrics,
    ),
  });
  const otc = otcService({ db, clock, platformCountry: config.issuance.platformCountry });
  const sessions = new RevokedSessions(db, clock, config.auth.accessTokenTtlSeconds);
  await sessions.refresh();
  const apiKeys = new ApiKeyRing({
    db,
    clock,
    encryption: new FieldEncryption(config.encryption),
    logger,
    perMinute: config.auth.apiKeyRateLimitPerMinute,
  });
  await apiKeys.refresh();
  if (tickMs > 0) {
    // OTC requests have no book: the same tick ends those the token's agent no longer allows;
    // the phase channel looks for phases due to change by the clock
    books.startTicking(tickMs, () => {
      hub.phaseTick();
      return otc.cancelRestricted();
    });
    sessions.start(tickMs, (error) => logger.error({ err: error }, 'session poll failed'));
    apiKeys.start(tickMs, (error) => logger.error({ err: error }, 'api key poll failed'));
  }
  const tokens = new AccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds);
  // a socket signed in with an API key carries the key's session (apiKeySession)
  const isSessionActive = (sessionId: string) => {
    const keyId = keyOfSession(sessionId);
    return keyId === undefined ? sessions.isActive(sessionId) : apiKeys.isActive(keyId);
  };
  const socket = marketDataSocket(app, {
    hub,
    tokens,
    apiKeys,
    isSessionActive,
    clock,
    asyncApi: await readAsyncApiDocument(),
  });
  sessions.watch(socket.endSessions);
  apiKeys.watch((keyIds) => socket.endSessions(new Set([...keyIds].map(apiKeySession))));
  const heartbeatMs = deps.heartbeatMs ?? 5000;
  const heartbeat =
    heartbeatMs > 0
      ? setInterval(() => {
          socket.tick().catch((error: unknown) => logger.error({ err: error }, 'heartbeat failed'));
        }, heartbeatMs).unref()
      : undefined;
  app.addHook('onClose', async () => {
    if (heartbeat) clearInterval(heartbeat);
    await Promise.all([sessions.stop(), apiKeys.stop()]);
    // a cluster node hands its books over before it goes (SIGTERM), answering what is in flight
    // (the requests forwarded to it, and its own sent on to the books' new owners)
    if (nats) await books.drain();
    await routed?.settled();
    await books.stop();
    await nats?.drain();
    await feedNats?.drain();
    await surveillance.idle();
  });

  const guard = guards({
    tokens,
    isSessionActive: sessions.isActive,
    apiKeys,
    serviceToken: config.auth.serviceToken,
    // OTC approval steps up: the same window as the platform's, on this process's clock
    stepUpMaxAgeSeconds: config.auth.stepUpMaxAgeSeconds,
    clock,
  });
  const orders = ordersService({
    db,
    books,
    clock,
    logger,
    otc,
    publishedBook: (id, depth) => hub.publishedBook(id, depth),
  });
  const routed = nats ? routedOrders({ db, books, orders, nats, metrics, logger }) : undefined;
  // a cluster node takes its leases once it is up (about to listen), and serves each book on the
  // bus as it opens it: taken while it boots (a node restarted under its id takes its former
  // life's back), the other nodes would wait for books it answers for only seconds later
  if (nats) {
    app.addHook('onReady', async () => {
      await books.renewAndBalance();
      books.startLeasing();
    });
  } else books.startLeasing();
  ordersRoutes(app, routed ?? orders, guard);
  otcRoutes(app, otc, guard);
  tokenTradingRoutes(app, tokenTradingService(db, clock), guard);
  tradingModeRoutes(
    app,
    tradingModeService({
      db,
      clock,
      otc,
      closeBook: (tokenId) => books.closeBook(tokenId, 'TRADING_MODE_CHANGED'),
    }),
    guard,
  );
  clusterStatusRoutes(
    app,
    clusterStatusService(db, {
      id: config.cluster.nodeId,
      url: config.urls.trading,
      exclusive: nats === undefined,
    }),
    guard,
  );
  marketsRoutes(app, db, clock);
  tradingSessionRoutes(app, phases, guard);
  surveillanceRoutes(
    app,
    surveillanceService({ db, clock, surveillance, defaults: config.surveillance }),
    guard,
  );
  const settlement = settlementWorkers({
    config,
    db,
    chain,
    logger,
    clock,
    registry: metrics.registry,
  });
  settlementRoutes(app, settlementService(db, clock), settlement.reconcile, guard);
  return { app, books, sessions, apiKeys, settlement, hub, surveillance, socketTick: socket.tick };
}

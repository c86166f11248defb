/**
 * The trading process's composition root: the books (one writer per token, rebuilt from the
 * database before the process serves), the order API, staff's trading settings, and the
 * process's health, readiness, metrics and OpenAPI like every process.
 */
import { AccessTokens } from '../lib/auth/access-token.js';
import type { Config } from '../lib/config.js';
import { databaseCheck, type Db } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { guards } from '../lib/http/auth-guard.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';
import { tokenTradingRoutes } from './admin/token-trading.routes.js';
import { tokenTradingService } from './admin/token-trading.service.js';
import { RevokedSessions } from './auth/revoked-sessions.js';
import { Books } from './books/books.js';
import { silentBroadcaster, type Broadcaster } from './books/broadcaster.js';
import { BookOwnership } from './books/ownership.js';
import type { Clock } from './books/token-writer.js';
import { tradingMetrics } from './metrics.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { ordersService } from './orders/orders.service.js';

export interface TradingDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** defaults to the system clock; tests pass their own */
  clock?: Clock;
  broadcaster?: Broadcaster;
  /** how often GTD expiries and closed tokens are looked at, and revocations polled; 0: never */
  tickMs?: number;
}

export interface TradingApp {
  app: HttpApp;
  books: Books;
  sessions: RevokedSessions;
}

const systemClock: Clock = { now: () => new Date() };

export async function buildTradingApp(deps: TradingDeps): Promise<TradingApp> {
  const { config, db, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const tickMs = deps.tickMs ?? 1000;
  const metrics = tradingMetrics();
  const app = await buildHttpApp({
    ...httpOptionsFrom(
      config,
      logger,
      'trading',
      'Orders, order books, trades, settlement, market data.',
    ),
    metricsRegistry: metrics.registry,
    readiness: async () => ({ database: await databaseCheck(db) }),
  });
  const books = await Books.start({
    db,
    clock,
    broadcaster: deps.broadcaster ?? silentBroadcaster,
    metrics,
    logger,
    maxBatch: config.tradingWriter.maxBatch,
    ownership: new BookOwnership(db),
  });
  const sessions = new RevokedSessions(db, clock, config.auth.accessTokenTtlSeconds);
  await sessions.refresh();
  if (tickMs > 0) {
    books.startTicking(tickMs);
    sessions.start(tickMs, (error) => logger.error({ err: error }, 'session poll failed'));
  }
  app.addHook('onClose', async () => {
    sessions.stop();
    await books.stop();
  });

  const guard = guards({
    tokens: new AccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds),
    isSessionActive: sessions.isActive,
  });
  ordersRoutes(app, ordersService({ db, books, clock }), guard);
  tokenTradingRoutes(app, tokenTradingService(db, clock), guard);
  return { app, books, sessions };
}

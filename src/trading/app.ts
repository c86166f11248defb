/**
 * The trading process's composition root: health, readiness, metrics and OpenAPI like every
 * process, and settlement (its staff routes here; its workers started by main.ts).
 */
import { Registry } from 'prom-client';
import { AccessTokens } from '../lib/auth/access-token.js';
import { sessionChecker } from '../lib/auth/session-check.js';
import { chainClientFor, type ChainClient } from '../lib/chain-client.js';
import type { Config } from '../lib/config.js';
import { databaseCheck, type Db } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { guards } from '../lib/http/auth-guard.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/worker/job-queue.js';
import { settlementRoutes } from './settlement/settlement.routes.js';
import { settlementService } from './settlement/settlement.service.js';
import { settlementWorkers, type SettlementWorkers } from './settlement/settlement-workers.js';

export interface TradingDeps {
  config: Config;
  db: Db;
  logger: Logger;
  chain?: ChainClient;
  /** the workers' time; tests move it */
  clock?: Clock;
}

export interface TradingApp {
  app: HttpApp;
  settlement: SettlementWorkers;
}

export async function buildTradingApp(deps: TradingDeps): Promise<TradingApp> {
  const { config, db, logger } = deps;
  const registry = new Registry();
  const app = await buildHttpApp({
    ...httpOptionsFrom(
      config,
      logger,
      'trading',
      'Orders, order books, trades, settlement, market data.',
    ),
    readiness: async () => ({ database: await databaseCheck(db) }),
    metricsRegistry: registry,
  });
  const clock = deps.clock ?? (() => new Date());
  const tokens = new AccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds);
  const guard = guards({ tokens, isSessionActive: sessionChecker(db) });
  const settlement = settlementWorkers({
    config,
    db,
    chain: deps.chain ?? chainClientFor(config),
    logger,
    clock,
    registry,
  });
  settlementRoutes(app, settlementService(db, clock), settlement.reconcile, guard);
  return { app, settlement };
}

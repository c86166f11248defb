/**
 * The trading process's composition root. Orders, books, settlement and market data arrive with
 * their issues; today it serves its health, readiness, metrics and OpenAPI like every process.
 */
import type { Config } from '../lib/config.js';
import { databaseCheck, type Db } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';

export interface TradingDeps {
  config: Config;
  db: Db;
  logger: Logger;
}

export async function buildTradingApp({ config, db, logger }: TradingDeps): Promise<HttpApp> {
  return buildHttpApp({
    ...httpOptionsFrom(
      config,
      logger,
      'trading',
      'Orders, order books, trades, settlement, market data.',
    ),
    readiness: async () => ({ database: await databaseCheck(db) }),
  });
}

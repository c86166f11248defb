/**
 * The platform's composition root: wires the database, token signer, services and route plugins
 * into one HTTP app. No IO happens here beyond what the deps carry.
 */
import { AccessTokens } from '../lib/auth/access-token.js';
import { sessionChecker } from '../lib/auth/session-check.js';
import type { Config } from '../lib/config.js';
import { pingDb, type Db } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { guards } from '../lib/http/auth-guard.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';
import { authRoutes } from './auth/auth.routes.js';
import { authService } from './auth/auth.service.js';
import { usersRoutes } from './users/users.routes.js';
import { usersService } from './users/users.service.js';

export interface PlatformDeps {
  config: Config;
  db: Db;
  logger: Logger;
}

export async function buildPlatformApp({ config, db, logger }: PlatformDeps): Promise<HttpApp> {
  const app = await buildHttpApp({
    name: 'platform',
    description:
      'Users, verification, businesses, tokens, primary offering, fiat ledger, dividends, admin.',
    logger,
    corsOrigins: config.http.corsOrigins,
    rateLimitPerMinute: config.http.rateLimitPerMinute,
    bodyLimitBytes: config.http.bodyLimitBytes,
    readiness: async () => ({
      database: await pingDb(db).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    }),
  });
  const tokens = new AccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds);
  const guard = guards({ tokens, isSessionActive: sessionChecker(db) });
  authRoutes(
    app,
    authService({
      db,
      tokens,
      refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
      loginAttemptsPerWindow: config.http.loginAttemptsPerWindow,
    }),
    guard,
  );
  usersRoutes(app, usersService(db), guard);
  return app;
}

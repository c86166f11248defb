/**
 * The chain process's HTTP app: the routes of the chain API under /api/v1, every one behind the
 * service credential (checked on request, before validation, so an unauthenticated caller learns
 * nothing), plus readiness that checks the database, the node and the infrastructure's code.
 */
import type { Config } from '../lib/config.js';
import { databaseStatus } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { probe, type Readiness } from '../lib/http/readiness.js';
import { requireServiceToken } from '../lib/http/service-auth.js';
import type { Logger } from '../lib/logger.js';
import type { ChainServices } from './chain-services.js';
import { registerMutationRoutes } from './http/mutation.routes.js';
import { registerReadRoutes } from './http/read.routes.js';
import { chainMetricsRegistry } from './transactions/watch-metrics.js';

export interface ChainAppDeps {
  config: Config;
  services: ChainServices;
  logger: Logger;
}

/**
 * Only the platform and trading processes call this API, with the service token; the general
 * per-client limit is for public APIs and would throttle settlement bursts, so it is raised here.
 */
const serviceRequestsPerMinute = 100_000;

/** Both are required: without its database or its node the chain service can do nothing. */
async function readiness(services: ChainServices, logger: Logger): Promise<Readiness> {
  const { db, session, infrastructure } = services;
  const [database, node] = await Promise.all([
    databaseStatus(db, logger),
    probe(
      'node',
      async () => {
        const code = await session.client.getCode({ address: infrastructure.trexFactory });
        if (!code || code === '0x')
          throw new Error('the node has no code at the TREXFactory (reset?)');
        return 'ok';
      },
      logger,
    ),
  ]);
  return { required: { database, node } };
}

export async function buildChainApp(deps: ChainAppDeps): Promise<HttpApp> {
  const { config, services, logger } = deps;
  const app = await buildHttpApp({
    name: 'chain',
    description:
      'Tessera chain service: ERC-3643 (T-REX) suites, investor identities with KYC claims, ' +
      'mint, forced transfers, gas accounting. Every route needs the service token.',
    logger,
    corsOrigins: [],
    rateLimitPerMinute: Math.max(config.http.rateLimitPerMinute, serviceRequestsPerMinute),
    bodyLimitBytes: config.http.bodyLimitBytes,
    readiness: () => readiness(services, logger),
    metricsRegistry: chainMetricsRegistry(services.db),
    securitySchemes: {
      serviceToken: { type: 'http', scheme: 'bearer', description: 'the SERVICE_TOKEN' },
    },
  });
  await app.register(
    async (api) => {
      api.addHook('onRequest', requireServiceToken(config.auth.serviceToken));
      registerMutationRoutes(api, services);
      registerReadRoutes(api, services);
      await Promise.resolve();
    },
    { prefix: '/api/v1' },
  );
  return app;
}

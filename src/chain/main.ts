/**
 * Starts the chain process: database pool, connection to the node, the infrastructure (deployed on
 * the first start against a chain, reused and checked afterwards), then the HTTP API on
 * config.host:config.ports.chain. Migrations are applied by the launcher before this runs.
 */
import type { Config } from '../lib/config.js';
import { createDb } from '../lib/db/database.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';
import { buildChainApp } from './app.js';
import { openChainServices } from './chain-services.js';

export async function startChain(config: Config, logger: Logger): Promise<RunningProcess> {
  const db = createDb(config.database.url, config.database.poolSize);
  try {
    const services = await openChainServices(config, db, logger);
    const app = await buildChainApp({ config, services, logger });
    const url = await listen(app, config.host, config.ports.chain);
    logger.info(
      { url, signer: services.session.signer.address, chain_id: services.session.chainId },
      'chain ready',
    );
    return {
      name: 'chain',
      url,
      stop: async () => {
        await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * Starts the chain process: database pool, connection to the node, the infrastructure (deployed on
 * the first start against a chain, reused and checked afterwards), then the HTTP API on
 * config.host:config.ports.chain, and the confirmation watcher's loop. Migrations are applied by the launcher before this runs. A
 * well-known development key is refused for a node beyond loopback before anything starts.
 */
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import { startWithDatabase, type RunningProcess } from '../lib/process.js';
import { startClaimLoop } from '../lib/worker/claim-loop.js';
import { buildChainApp } from './app.js';
import { openChainServices } from './chain-services.js';
import { assertKeysFitNode } from './client/development-keys.js';

export function startChain(config: Config, logger: Logger): Promise<RunningProcess> {
  assertKeysFitNode(config.chain.rpcUrl, {
    CHAIN_SIGNER_KEY: config.chain.signerKey,
    CHAIN_CLAIM_SIGNER_KEY: config.chain.claimSignerKey,
  });
  return startWithDatabase('chain', config, async (db) => {
    const services = await openChainServices(config, db, logger, systemClock);
    const app = await buildChainApp({ config, services, logger });
    const url = await listen(app, config.host, config.ports.chain);
    const watching = startClaimLoop({
      name: 'chain-confirmations',
      tick: () => services.watcher.tick(),
      idleMs: config.chain.watchIntervalMs,
      logger,
    });
    logger.info(
      { url, signer: services.session.signer.address, chain_id: services.session.chainId },
      'chain ready',
    );
    return {
      url,
      stop: async () => {
        await watching.stop();
        await app.close();
      },
    };
  });
}

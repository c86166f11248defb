/**
 * The platform's background work, each a claim loop over its own rows: on-chain allocations
 * (mint) and the contracts' paused flag (with the maturity sweep). Started by the platform
 * process after it listens; any number of platform processes may run them side by side.
 */
import type { ChainClient } from '../lib/chain-client.js';
import type { Config } from '../lib/config.js';
import type { Db } from '../lib/db/database.js';
import type { Logger } from '../lib/logger.js';
import { startClaimLoop } from '../lib/worker/claim-loop.js';
import { allocationMinter } from './offering/allocation-minter.js';
import { tokenChainSync } from './tokens/token-chain-sync.js';
import { custodyKey, walletAddresses } from './wallets/wallet-address.js';

export function platformWorkers(deps: {
  config: Config;
  db: Db;
  chain: ChainClient;
  logger: Logger;
}) {
  const { config, db, chain, logger } = deps;
  const leaseSeconds = config.issuance.workerLeaseSeconds;
  return {
    minter: allocationMinter({
      db,
      chain,
      logger,
      wallets: walletAddresses(custodyKey(config.custody.mnemonic)),
      platformCountry: config.issuance.platformCountry,
      leaseSeconds,
    }),
    chainSync: tokenChainSync({ db, chain, logger, leaseSeconds }),
  };
}

export function startPlatformWorkers(deps: Parameters<typeof platformWorkers>[0]): {
  stop(): Promise<void>;
} {
  const workers = platformWorkers(deps);
  const idleMs = deps.config.issuance.workerIdleMs;
  const loops = [
    startClaimLoop({
      name: 'allocation-minter',
      tick: () => workers.minter.tick(),
      idleMs,
      logger: deps.logger,
    }),
    startClaimLoop({
      name: 'token-chain-sync',
      tick: () => workers.chainSync.tick(),
      idleMs,
      logger: deps.logger,
    }),
  ];
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) };
}

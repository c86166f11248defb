import { systemClock, type Clock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { Db } from '../lib/db/database.js';
import { AppError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { openChainSession, type ChainSession } from './client/chain-session.js';
import { ensureInfrastructure } from './infrastructure/bootstrap.js';
import type { Infrastructure } from './infrastructure/infrastructure-records.js';
import { TransactionSender } from './transactions/transaction-sender.js';
import { TransactionWatcher } from './transactions/transaction-watcher.js';

/** What every chain operation works with, built once at start. */
export interface ChainServices {
  db: Db;
  session: ChainSession;
  sender: TransactionSender;
  /** confirms recorded transactions and drives again what a lost block carried */
  watcher: TransactionWatcher;
  infrastructure: Infrastructure;
  logger: Logger;
  /** dates the claims the platform's ClaimIssuer signs */
  clock: Clock;
}

async function connect(config: Config): Promise<ChainSession> {
  try {
    return await openChainSession(config.chain);
  } catch (error) {
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      `The chain node at ${config.chain.rpcUrl} does not answer (CHAIN_RPC_URL)`,
      undefined,
      { cause: error },
    );
  }
}

/**
 * Connects to the node, then deploys or reuses the infrastructure. Fails with CHAIN_UNAVAILABLE
 * when the node does not answer and CHAIN_INFRASTRUCTURE_MISSING when it lost the contracts.
 */
export async function openChainServices(
  config: Config,
  db: Db,
  logger: Logger,
  clock: Clock = systemClock,
): Promise<ChainServices> {
  const session = await connect(config);
  const sender = new TransactionSender({
    db,
    session,
    receiptTimeoutMs: config.chain.receiptTimeoutMs,
    logger,
  });
  const infrastructure = await ensureInfrastructure({ db, session, sender, logger });
  const watcher = new TransactionWatcher({
    db,
    session,
    sender,
    logger,
    clock,
    confirmations: config.chain.confirmations,
    pendingAlertMs: config.chain.pendingAlertMs,
    recheckMs: config.chain.watchIntervalMs,
  });
  return { db, session, sender, watcher, infrastructure, logger, clock };
}

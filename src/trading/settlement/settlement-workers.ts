/**
 * The trading process's background work for settlement: the processor's claim loop (every
 * SETTLEMENT_TICK_MS, at once again after a tick that claimed a full batch) and the periodic
 * reconciliation, whose count of mismatches is the metric `tessera_reconciliation_mismatches`.
 */
import { Gauge, type Registry } from 'prom-client';
import type { ChainClient } from '../../lib/chain-client.js';
import type { Config } from '../../lib/config.js';
import type { Db } from '../../lib/db/database.js';
import type { Logger } from '../../lib/logger.js';
import { startClaimLoop } from '../../lib/worker/claim-loop.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { reconcile } from './reconciliation.js';
import { settlementProcessor } from './settlement-processor.js';

export interface SettlementWorkerDeps {
  config: Config;
  db: Db;
  chain: ChainClient;
  logger: Logger;
  /** the processor's time (leases); tests move it */
  clock?: Clock;
  /** where the mismatch gauge is registered (the process's /metrics registry) */
  registry?: Registry;
}

export function settlementWorkers(deps: SettlementWorkerDeps) {
  const { config, db, chain, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const mismatches = new Gauge({
    name: 'tessera_reconciliation_mismatches',
    help: 'Mismatches between the database and the chain found by the last reconciliation',
    registers: deps.registry ? [deps.registry] : [],
  });
  const processor = settlementProcessor({
    db,
    chain,
    clock,
    logger,
    batchSize: config.settlement.batchSize,
    leaseSeconds: config.issuance.workerLeaseSeconds,
    platformCountry: config.issuance.platformCountry,
    transient: config.issuance.workerPolicy.transient,
  });

  async function reconcileNow() {
    const report = await reconcile(db, chain, clock.now());
    mismatches.set(report.mismatches.length);
    return report;
  }

  return {
    processor,
    reconcile: reconcileNow,
    start() {
      // The first reconciliation waits one interval: at start the chain process may not be up.
      let started = false;
      const loops = [
        startClaimLoop({
          name: 'settlement',
          tick: () => processor.tick(),
          idleMs: config.settlement.tickMs,
          // A claim reads the queue's index, dead entries included until a vacuum: at 1,000
          // orders/s, claiming again after every tick that found trades made ~40 claims a second
          // of ~12 trades, and cost PostgreSQL more CPU than the order path (docs/performance.md).
          fullAt: config.settlement.batchSize,
          logger,
        }),
        startClaimLoop({
          name: 'reconciliation',
          tick: async () => {
            if (!started) {
              started = true;
              return 0;
            }
            const report = await reconcileNow();
            if (report.mismatches.length > 0) {
              logger.warn({ mismatches: report.mismatches }, 'reconciliation found mismatches');
            }
            return 0;
          },
          idleMs: config.settlement.reconcileIntervalMs,
          logger,
        }),
      ];
      return { stop: () => Promise.all(loops.map((l) => l.stop())).then(() => undefined) };
    },
  };
}

export type SettlementWorkers = ReturnType<typeof settlementWorkers>;

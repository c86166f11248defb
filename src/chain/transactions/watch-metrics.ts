import { Gauge, Registry } from 'prom-client';
import type { Db } from '../../lib/db/database.js';
import { countAlerts } from './transaction-watch.queries.js';

/**
 * The chain process's own metrics: `chain_transactions_undecided{alert}`, the transactions staff
 * were alerted about (undecided after a lost block, or stalled without a receipt) that are not
 * mined again, read from the database when scraped.
 */
export function chainMetricsRegistry(db: Db): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'chain_transactions_undecided',
    help: 'Transactions the chain watcher could not decide (undecided) or that have no receipt past CHAIN_PENDING_ALERT_MS (stalled)',
    labelNames: ['alert'] as const,
    registers: [registry],
    async collect() {
      const counts = await countAlerts(db);
      for (const [alert, n] of Object.entries(counts)) this.set({ alert }, n);
    },
  });
  return registry;
}

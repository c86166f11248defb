/**
 * Surveillance as a Broadcaster: writers hand it each committed batch after the commit, like the
 * market data hub, and it only queues the batch. Detection runs later, per token in commit order,
 * off the order path: a slow rule or a failed alert write delays alerts, never an order.
 */
import type { Db } from '../../lib/db/database.js';
import type { Logger } from '../../lib/logger.js';
import { OrderedRuns } from '../../lib/ordered-runs.js';
import type { BookUpdate, Broadcaster } from '../books/broadcaster.js';
import type { Clock } from '../../lib/clock.js';
import { detect } from './detect.js';
import { MarketWindow } from './market-window.js';
import { insertAlerts, tokenThresholds } from './surveillance.queries.js';
import type { Thresholds } from './thresholds.js';

export class Surveillance implements Broadcaster {
  private readonly windows = new Map<string, MarketWindow>();
  private readonly thresholds = new Map<string, Thresholds>();
  private readonly runs: OrderedRuns;

  constructor(
    private readonly deps: { db: Db; clock: Clock; logger: Logger; defaults: Thresholds },
  ) {
    this.runs = new OrderedRuns((error) =>
      deps.logger.error({ err: error }, 'surveillance of a batch failed'),
    );
  }

  bookLoaded(): void {}

  publish(update: BookUpdate): void {
    if (update.orders.length === 0 && update.trades.length === 0 && !update.alerts) return;
    this.runs.run(update.tokenId, async () => {
      const thresholds = await this.thresholdsOf(update.tokenId);
      let window = this.windows.get(update.tokenId);
      if (!window) this.windows.set(update.tokenId, (window = new MarketWindow()));
      const findings = [...detect(window, update, thresholds), ...(update.alerts ?? [])];
      if (findings.length > 0) {
        await insertAlerts(this.deps.db, update.tokenId, findings, this.deps.clock.now());
      }
    });
  }

  /** The thresholds in force for a token: its own, else the platform's defaults. */
  async thresholdsOf(tokenId: string): Promise<Thresholds> {
    let known = this.thresholds.get(tokenId);
    if (!known) {
      known = (await tokenThresholds(this.deps.db, tokenId)) ?? this.deps.defaults;
      this.thresholds.set(tokenId, known);
    }
    return known;
  }

  /** A token's thresholds changed: the next batch reads them again. */
  thresholdsChanged(tokenId: string): void {
    this.thresholds.delete(tokenId);
  }

  /** Resolves once every batch handed in so far is looked at (tests, shutdown). */
  idle(): Promise<void> {
    return this.runs.idle();
  }
}

/**
 * Runs every rule over one committed batch of a token (pure): the batch enters the token's
 * window, then each new trade is looked at for wash trades and each owner's cancel for spoofing
 * and layering. What a finding cites is flagged, so a pattern raises one alert per rule.
 */
import type { BookUpdate } from '../books/broadcaster.js';
import type { Finding } from './finding.js';
import { detectLayering } from './layering.js';
import type { MarketWindow } from './market-window.js';
import { detectSpoofing } from './spoofing.js';
import { retentionMs, type Thresholds } from './thresholds.js';
import { detectWashTrade } from './wash-trade.js';

export function detect(
  window: MarketWindow,
  update: Pick<BookUpdate, 'trades' | 'orders'>,
  thresholds: Thresholds,
): Finding[] {
  const { trades, cancelled } = window.observe(
    update.trades,
    update.orders,
    retentionMs(thresholds),
  );
  const findings: Finding[] = [];
  const raise = (finding: Finding | null) => {
    if (!finding) return;
    findings.push(finding);
    window.flag(finding.rule, [
      ...finding.orders.map((o) => o.id),
      ...finding.trades.map((t) => t.id),
    ]);
  };
  for (const trade of trades) raise(detectWashTrade(window, trade, thresholds));
  for (const order of cancelled) {
    raise(detectSpoofing(window, order, thresholds));
    raise(detectLayering(window, order, thresholds));
  }
  return findings;
}

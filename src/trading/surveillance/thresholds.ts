import type { SurveillanceThresholdsTable } from '../../lib/db/schema-market-data.js';

/** The thresholds surveillance rules run with: a token's own, or the platform's defaults. */
export type Thresholds = Omit<
  SurveillanceThresholdsTable,
  'token_id' | 'updated_by' | 'updated_at'
>;

/** How long a token's window must remember orders and trades for every rule. */
export function retentionMs(thresholds: Thresholds): number {
  return (
    1000 *
    Math.max(
      thresholds.spoofing_max_lifetime_seconds,
      thresholds.layering_window_seconds,
      thresholds.wash_window_seconds,
    )
  );
}

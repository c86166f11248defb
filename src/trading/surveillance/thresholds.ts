/** The thresholds surveillance rules run with: a token's own, or the platform's defaults. */
export interface Thresholds {
  /** an order is large at this many times the mean size of the token's recent orders */
  spoofing_size_multiple: number;
  /** a large order cancelled within this many seconds of its placement can be a spoof */
  spoofing_max_lifetime_seconds: number;
  /** one side's distinct price levels placed and cancelled together that make a layer */
  layering_min_levels: number;
  /** the time within which the layer is placed and cancelled */
  layering_window_seconds: number;
  /** the time within which two accounts' trades back and forth count as round trips */
  wash_window_seconds: number;
  /** round trips of one pair of accounts within the window that raise an alert */
  wash_min_round_trips: number;
  /** how far apart, in basis points of the price, a round trip's two prices may be */
  wash_price_tolerance_bps: number;
}

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

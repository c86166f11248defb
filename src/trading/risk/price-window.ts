/**
 * The circuit breaker's memory of a book: the trade prices of the last window, enough to tell
 * the price in effect `window` seconds ago (the last trade at or before that moment, or the
 * earliest one since when the book had none before it).
 */
export class PriceWindow {
  private readonly times: number[] = [];
  private readonly prices: string[] = [];

  record(atMs: number, price: string): void {
    this.times.push(atMs);
    this.prices.push(price);
  }

  /** The price to compare the last trade with at `nowMs`, or null before any trade. */
  reference(nowMs: number, windowMs: number): string | null {
    const start = nowMs - windowMs;
    // Drop records superseded by a later one that is still at or before the window's start.
    let drop = 0;
    while (drop + 1 < this.times.length && this.times[drop + 1]! <= start) drop++;
    if (drop > 0) {
      this.times.splice(0, drop);
      this.prices.splice(0, drop);
    }
    return this.prices[0] ?? null;
  }
}

/**
 * Runs the async work of each stream one after the other, streams side by side: what a stream
 * publishes keeps the order it was handed in. A failed run is reported and skipped; the next one
 * still runs.
 */
export class OrderedRuns {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  run(stream: string, work: () => Promise<void>): void {
    const settled = (this.tails.get(stream) ?? Promise.resolve()).then(work).catch(this.onError);
    this.tails.set(stream, settled);
    void settled.then(() => {
      if (this.tails.get(stream) === settled) this.tails.delete(stream);
    });
  }

  /** Resolves once everything handed in so far has run. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}

/**
 * Nonces for the one signer of this process. Allocation is serialized: each caller gets the next
 * nonce, signs and broadcasts while holding it, then says whether the nonce was consumed (the
 * node may have received the transaction) or not (it certainly did not). After anything uncertain
 * the allocator is marked stale and re-reads the node's pending count before the next use.
 */
export interface NonceUse<T> {
  consumed: boolean;
  outcome: T;
}

export class NonceAllocator {
  #next: number | undefined;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly readPendingCount: () => Promise<number>) {}

  /** Forget the local count; the next use asks the node. */
  markStale(): void {
    this.#next = undefined;
  }

  use<T>(work: (nonce: number) => Promise<NonceUse<T>>): Promise<T> {
    const run = async (): Promise<T> => {
      this.#next ??= await this.readPendingCount();
      const nonce = this.#next;
      let use: NonceUse<T>;
      try {
        use = await work(nonce);
      } catch (error) {
        this.markStale();
        throw error;
      }
      if (use.consumed && this.#next === nonce) this.#next = nonce + 1;
      return use.outcome;
    };
    const result = this.#tail.then(run, run);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

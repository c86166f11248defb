/**
 * The token-aware route (docs/deployment.md "Token-aware clients"): a client of a trading cluster
 * sends a book's commands straight to the node that owns the book, as the public
 * `GET /api/v1/cluster/book-owners` names it, and everything else (a book with no known owner, an
 * owner it cannot reach) to any node, which forwards it. A stale map costs only that forward:
 * every node takes every request. No Node-only imports: the web app, the FIX gateway, the benches
 * and an SDK share it.
 */

export interface BookOwners {
  books: { token_id: string; node_url: string }[];
}

export interface BookRouteOptions {
  /** any node (a load balancer, or one node): where a book without a reachable owner goes */
  anyNode: () => string;
  /** how old the owners' map may grow before a request has it read again (default 2 s) */
  refreshMs?: number;
  /** how long an owner that could not be reached is passed over (default 5 s, the lease) */
  downMs?: number;
  /** the owners this client may send to (the web app's content security policy); default any */
  allowed?: (url: string) => boolean;
  /** reads the owners (default: GET /api/v1/cluster/book-owners of any node) */
  read?: (nodeUrl: string) => Promise<BookOwners>;
  now?: () => number;
}

async function readOwners(nodeUrl: string): Promise<BookOwners> {
  const response = await fetch(`${nodeUrl}/api/v1/cluster/book-owners`);
  if (!response.ok) throw new Error(`book owners: ${response.status}`);
  return (await response.json()) as BookOwners;
}

/** A connection refused: nothing was sent, so the request may go to another node as it is. */
export function connectionRefused(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null | undefined)?.cause
    ?.code;
  return code === 'ECONNREFUSED' || (error as { code?: unknown })?.code === 'ECONNREFUSED';
}

export class BookRoute {
  private owners = new Map<string, string>();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;
  /** owners that could not be reached, until when they are passed over */
  private readonly down = new Map<string, number>();
  private readonly refreshMs: number;
  private readonly downMs: number;
  private readonly now: () => number;

  constructor(private readonly options: BookRouteOptions) {
    this.refreshMs = options.refreshMs ?? 2_000;
    this.downMs = options.downMs ?? 5_000;
    // durations only: a monotonic clock, in the browser as in Node
    this.now = options.now ?? (() => performance.now());
  }

  /** Where to send a command of the book of `tokenId` now (any node without one). */
  urlFor(tokenId: string | undefined): string {
    if (this.now() - this.readAt >= this.refreshMs) void this.refresh();
    const owner = tokenId === undefined ? undefined : this.owners.get(tokenId);
    if (owner === undefined || (this.down.get(owner) ?? 0) > this.now()) {
      return this.options.anyNode();
    }
    return owner;
  }

  /** `url` could not be reached: its books go to any node for a while. */
  unreachable(url: string): void {
    this.down.set(url, this.now() + this.downMs);
  }

  /**
   * Sends to the book's owner; an owner that refuses the connection (nothing was sent) is passed
   * over and the same request goes to any node. Any other failure is the caller's.
   */
  async send<T>(tokenId: string | undefined, send: (nodeUrl: string) => Promise<T>): Promise<T> {
    const url = this.urlFor(tokenId);
    try {
      return await send(url);
    } catch (error) {
      if (!connectionRefused(error)) throw error;
      this.unreachable(url);
      const other = this.urlFor(tokenId);
      if (other === url) throw error;
      return send(other);
    }
  }

  /** Reads the owners now (one read at a time); a failed read keeps the last map. */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      this.readAt = this.now();
      try {
        const { books } = await (this.options.read ?? readOwners)(this.options.anyNode());
        const allowed = this.options.allowed ?? (() => true);
        this.owners = new Map(
          books
            .filter((book) => allowed(book.node_url))
            .map((book) => [book.token_id, book.node_url.replace(/\/$/, '')]),
        );
      } catch {
        // the map stays as it was; every node still takes every request
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
}

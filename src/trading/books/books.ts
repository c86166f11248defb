/**
 * The books this process owns: one TokenWriter per token, created at start for every token with
 * live orders (recovery: their books are rebuilt before any command of theirs runs) and on first
 * use for the others. A periodic tick sends GTD expiries and closes the books of tokens the
 * platform delisted or matured (their open orders are cancelled, their locks released).
 */
import { AppError } from '../../lib/errors.js';
import type { BookOwnership } from './ownership.js';
import { TokenWriter, type WriterDeps } from './token-writer.js';

export type BooksDeps = Omit<WriterDeps, 'treasuryId'> & { ownership: BookOwnership };

export class Books {
  private readonly writers = new Map<string, TokenWriter>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  private constructor(private readonly deps: WriterDeps & { ownership: BookOwnership }) {}

  /** Loads the treasury and rebuilds every book that has live orders. */
  static async start(deps: BooksDeps): Promise<Books> {
    const treasury = await deps.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'treasury')
      .executeTakeFirstOrThrow();
    const books = new Books({ ...deps, treasuryId: treasury.id });
    const tokens = await deps.db
      .selectFrom('orders')
      .select('token_id')
      .distinct()
      .where('status', 'in', ['open', 'partially_filled', 'pending_stop'])
      .execute();
    await Promise.all(tokens.map(({ token_id }) => books.writerFor(token_id)));
    return books;
  }

  /** The writer of a token's book, its book loaded; NOT_FOUND for an unknown token. */
  async writerFor(tokenId: string): Promise<TokenWriter> {
    const writer = this.writers.get(tokenId) ?? (await this.startWriter(tokenId));
    // A caller who finds the writer another caller started waits for its book too.
    await writer.ready;
    return writer;
  }

  private async startWriter(tokenId: string): Promise<TokenWriter> {
    const token = await this.deps.db
      .selectFrom('tokens')
      .select('id')
      .where('id', '=', tokenId)
      .executeTakeFirst();
    if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
    const raced = this.writers.get(tokenId);
    if (raced) return raced;
    if (!(await this.deps.ownership.acquire(tokenId))) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Another trading process owns this book');
    }
    const again = this.writers.get(tokenId);
    if (again) return again;
    const writer = new TokenWriter(tokenId, this.deps);
    this.writers.set(tokenId, writer);
    return writer;
  }

  /** The writer if this process already holds the book (for reads that need no rebuild). */
  loaded(tokenId: string): TokenWriter | undefined {
    return this.writers.get(tokenId);
  }

  /** Expires due GTD orders and closes the books of delisted and matured tokens. */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    const work: Promise<unknown>[] = [];
    for (const writer of this.writers.values()) {
      for (const orderId of writer.dueExpiries(now)) {
        work.push(
          writer
            .submit({ kind: 'cancel', orderId, userId: null, reason: 'EXPIRED' })
            .catch(() => undefined),
        );
      }
    }
    const withOrders = [...this.writers.values()].filter((w) => w.liveCount > 0);
    if (withOrders.length > 0) {
      const closed = await this.deps.db
        .selectFrom('tokens')
        .select('id')
        .where(
          'id',
          'in',
          withOrders.map((w) => w.tokenId),
        )
        .where('status', 'in', ['delisted', 'matured'])
        .execute();
      for (const { id } of closed) {
        work.push(
          this.writers
            .get(id)!
            .submit({ kind: 'cancel_all', userId: null, reason: 'TOKEN_CLOSED' })
            .catch(() => undefined),
        );
      }
    }
    await Promise.all(work);
  }

  /** Ticks every `intervalMs` until stopped; a tick never overlaps the previous one. */
  startTicking(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      this.tick()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'book tick failed'))
        .finally(() => {
          this.ticking = false;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.deps.ownership.release();
  }
}

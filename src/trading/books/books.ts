/**
 * The books this process owns, served by its one sequencer: a book is opened at start for every
 * token with live orders (recovery: rebuilt before any command of its runs) and on first use for
 * the others, once this process holds its ownership lock. A periodic tick sends GTD expiries and
 * closes the books of tokens the platform delisted or matured, and of tokens staff moved to OTC
 * (their open orders are cancelled, their locks released), and ends the orders the token's agent
 * no longer allows (a frozen address, frozen units, a revoked verification: restrictions.queries.ts).
 */
import { AppError } from '../../lib/errors.js';
import type { BookCommand, CommandResult } from './book-command.js';
import type { BookOwnership } from './ownership.js';
import { restrictedHolders, type HolderOf } from './restrictions.queries.js';
import { Sequencer, type SequencerDeps } from './sequencer.js';

export type BooksDeps = Omit<SequencerDeps, 'treasuryId'> & { ownership: BookOwnership };

export class Books {
  /** tokens whose book this process opened or is opening */
  private readonly opening = new Map<string, Promise<void>>();
  private readonly sequencer: Sequencer;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  private constructor(private readonly deps: SequencerDeps & { ownership: BookOwnership }) {
    this.sequencer = new Sequencer(deps);
  }

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
    await Promise.all(tokens.map(({ token_id }) => books.load(token_id)));
    return books;
  }

  /** Opens a token's book here if it is not yet; NOT_FOUND for an unknown token. */
  load(tokenId: string): Promise<void> {
    let opening = this.opening.get(tokenId);
    if (!opening) {
      opening = this.open(tokenId);
      this.opening.set(tokenId, opening);
      // a refused open (unknown token, owned elsewhere) is tried again by the next caller
      opening.catch(() => this.opening.delete(tokenId));
    }
    return opening;
  }

  /** A command for a token's book; answers once its batch committed. */
  async submit(tokenId: string, command: BookCommand): Promise<CommandResult> {
    await this.load(tokenId);
    return this.sequencer.submit(tokenId, command);
  }

  private async open(tokenId: string): Promise<void> {
    const token = await this.deps.db
      .selectFrom('tokens')
      .select('id')
      .where('id', '=', tokenId)
      .executeTakeFirst();
    if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
    if (!(await this.deps.ownership.acquire(tokenId))) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Another trading process owns this book');
    }
    await this.sequencer.open(tokenId);
  }

  /**
   * Expires due GTD orders, closes the books of delisted, matured and OTC tokens and ends the
   * orders of holders the token's agent restricted.
   */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    const work: Promise<unknown>[] = [];
    const withOrders: string[] = [];
    const holders = new Map<string, HolderOf>();
    for (const tokenId of this.sequencer.tokenIds) {
      const state = this.sequencer.book(tokenId);
      if (!state) continue;
      if (state.live.size > 0) withOrders.push(tokenId);
      for (const row of state.live.values()) {
        holders.set(`${row.user_id}:${tokenId}`, { userId: row.user_id, tokenId });
      }
      const due = state.expiries
        .takeDue(now.getTime())
        .filter((id) => (state.live.get(id)?.expires_at?.getTime() ?? Infinity) <= now.getTime());
      for (const orderId of due) {
        work.push(
          this.sequencer
            .submit(tokenId, { kind: 'cancel', orderId, userId: null, reason: 'EXPIRED' })
            .catch(() => undefined),
        );
      }
    }
    if (withOrders.length > 0) {
      const closed = await this.deps.db
        .selectFrom('tokens')
        .select(['id', 'status'])
        .where('id', 'in', withOrders)
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['delisted', 'matured']),
            eb('trading_mode', '!=', 'full_orderbook'),
          ]),
        )
        .execute();
      for (const { id, status } of closed) {
        const reason =
          status === 'delisted' || status === 'matured' ? 'TOKEN_CLOSED' : 'TRADING_MODE_CHANGED';
        work.push(this.closeBook(id, reason));
      }
    }
    for (const { userId, tokenId, reason } of await restrictedHolders(this.deps.db, [
      ...holders.values(),
    ])) {
      work.push(
        this.sequencer.submit(tokenId, { kind: 'restrict', userId, reason }).catch(() => undefined),
      );
    }
    await Promise.all(work);
  }

  /**
   * Cancels every live order of a token's book with the token's reason (locks released). The
   * book's owner does it; a process that does not own it leaves it to the owner's tick.
   */
  closeBook(tokenId: string, reason: 'TOKEN_CLOSED' | 'TRADING_MODE_CHANGED'): Promise<unknown> {
    return this.submit(tokenId, { kind: 'cancel_all', userId: null, reason }).catch(
      () => undefined,
    );
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

/**
 * The books this node owns, served by its one sequencer: a book is opened once this node holds
 * its lease (book-leases.ts), at start for every token with live orders in the single-process
 * mode (recovery: rebuilt before any command of its runs), on first use for the others; in a
 * cluster the balancer spreads them (`balance`). Losing a lease closes the book here; handing one
 * over waits for its commands in flight first. A periodic tick sends GTD expiries and
 * closes the books of tokens the platform delisted or matured, and of tokens staff moved to OTC
 * (their open orders are cancelled, their locks released), and ends the orders the token's agent
 * no longer allows (a frozen address, frozen units, a revoked verification: restrictions.queries.ts).
 */
import { AppError } from '../../lib/errors.js';
import type { BookCommand, CommandResult } from './book-command.js';
import type { BookLeases } from './book-leases.js';
import { registerBooks } from './book-leases.queries.js';
import { closedTokens, tokenExists, tokensWithLiveOrders, treasuryId } from './books.queries.js';
import type { LiveOrders } from './live-orders.js';
import { restrictedHolders } from './restrictions.queries.js';
import { bookUnavailable, Sequencer, type SequencerDeps } from './sequencer.js';

export type BooksDeps = Omit<SequencerDeps, 'treasuryId' | 'fence' | 'cacheReads'> & {
  leases: BookLeases;
};

/**
 * Told when this node starts serving a book (loaded), when it stops (lost, handed over), and
 * which books it handed over to which node (for that node to take them at once).
 */
export interface BookListener {
  serving(tokenId: string): void;
  leaving(tokenId: string): void;
  handedOver(node: string, tokenIds: string[]): void;
}

export class Books {
  /** tokens whose book this node opened or is opening */
  private readonly opening = new Map<string, Promise<void>>();
  /** each book's commands not yet answered (a hand-over waits for them) */
  private readonly inFlight = new Map<string, Set<Promise<unknown>>>();
  /** books being handed over: their commands are refused meanwhile */
  private readonly leaving = new Set<string>();
  /** books this node handed over and has not taken back */
  private readonly handed = new Set<string>();
  private readonly sequencer: Sequencer;
  private timer: NodeJS.Timeout | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  private ticking = false;
  private draining = false;
  private stopped = false;
  /** the running renewal and balancing, if any (never two at once) */
  private leasing: Promise<void> | undefined;
  private listener: BookListener | undefined;
  /** the books of dead nodes being given out (giveOutOrphans) */
  private givingOut: Promise<Map<string, string[]>> | undefined;

  private constructor(private readonly deps: SequencerDeps & { leases: BookLeases }) {
    this.sequencer = new Sequencer({ ...deps, leaseLost: () => this.leaseLost() });
  }

  /**
   * Loads the treasury and, in the single-process mode, rebuilds every book that has live
   * orders; in a cluster it only registers them for the balancer to spread, and takes no lease:
   * the node's first `renewAndBalance` does, once it serves on the bus the books it opens (a
   * node restarted under its id takes its former life's leases back, and the other nodes wait
   * for it: it must answer for them as soon as it has rebuilt them, not once it is all up).
   */
  static async start(deps: BooksDeps): Promise<Books> {
    const treasury = await treasuryId(deps.db);
    const { leases } = deps;
    const books = new Books({
      ...deps,
      treasuryId: treasury,
      fence: (tokenIds) => leases.fence(tokenIds),
      cacheReads: leases.settings.exclusive,
    });
    const tokens = await tokensWithLiveOrders(deps.db);
    if (!leases.settings.exclusive) {
      await registerBooks(
        deps.db,
        tokens.map((row) => row.token_id),
      );
      return books;
    }
    await Promise.all(tokens.map(({ token_id }) => books.load(token_id)));
    return books;
  }

  get node(): string {
    return this.deps.leases.node;
  }

  /** How long a lease lasts unrenewed (BOOK_LEASE_MS). */
  get leaseMs(): number {
    return this.deps.leases.settings.leaseMs;
  }

  /** Whether this node serves a token's book now (holds its lease, not handing it over). */
  owns(tokenId: string): boolean {
    return this.deps.leases.holds(tokenId) && !this.leaving.has(tokenId);
  }

  /**
   * Whether this node is handing a book over or handed it over (its successor subscribes only
   * once this node has left it), rather than had it taken.
   */
  handedOver(tokenId: string): boolean {
    return this.draining || this.leaving.has(tokenId) || this.handed.has(tokenId);
  }

  /** The books this node holds. */
  get tokenIds(): string[] {
    return this.deps.leases.tokenIds;
  }

  /** Follows the books this node serves from now on (and those it serves already). */
  watch(listener: BookListener): void {
    this.listener = listener;
    for (const id of this.sequencer.tokenIds) if (this.sequencer.book(id)) listener.serving(id);
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

  /**
   * A command for a token's book; answers once its batch committed. BOOK_UNAVAILABLE (nothing
   * changed) while another node holds the book or this one hands it over.
   */
  async submit(tokenId: string, command: BookCommand): Promise<CommandResult> {
    if (this.leaving.has(tokenId) || this.draining) throw bookUnavailable();
    await this.load(tokenId);
    return this.run(tokenId, command);
  }

  /** Queues a command of an open book, counted in flight until answered. */
  private run(tokenId: string, command: BookCommand): Promise<CommandResult> {
    let pending = this.inFlight.get(tokenId);
    if (!pending) this.inFlight.set(tokenId, (pending = new Set()));
    const answer = this.sequencer.submit(tokenId, command);
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    pending.add(settled);
    void settled.then(() => pending.delete(settled));
    return answer;
  }

  private async open(tokenId: string): Promise<void> {
    if (!(await tokenExists(this.deps.db, tokenId)))
      throw new AppError('NOT_FOUND', 'Unknown token');
    // a book this node is handing over is not taken back by its own requests
    if (this.draining || this.leaving.has(tokenId)) throw bookUnavailable();
    if (!(await this.deps.leases.acquire(tokenId))) throw bookUnavailable();
    this.handed.delete(tokenId);
    await this.sequencer.open(tokenId);
    // lost or handed over while it was rebuilt: not served here. Subscribed now, this node would
    // answer the book's forwarded requests BOOK_UNAVAILABLE beside the node that runs them, and
    // the sender takes the first answer.
    if (!this.owns(tokenId)) throw bookUnavailable();
    this.listener?.serving(tokenId);
  }

  /** Stops serving a book whose lease another node took. */
  private lose(tokenId: string): void {
    this.listener?.leaving(tokenId);
    this.deps.leases.forget(tokenId);
    this.sequencer.close(tokenId);
    this.opening.delete(tokenId);
    this.deps.logger.warn({ tokenId }, 'book lease lost');
  }

  /**
   * Hands books over: new commands of theirs are refused, those in flight are answered, then
   * their leases go to their successors, told at once to rebuild them from the database.
   */
  async handOver(tokenIds: readonly string[]): Promise<void> {
    for (const id of tokenIds) {
      this.leaving.add(id);
      this.listener?.leaving(id);
    }
    try {
      await Promise.all(tokenIds.flatMap((id) => [...(this.inFlight.get(id) ?? [])]));
      const moved = await this.deps.leases.release(tokenIds);
      for (const id of tokenIds) {
        this.sequencer.close(id);
        this.opening.delete(id);
        this.handed.add(id);
      }
      for (const [node, ids] of moved) this.listener?.handedOver(node, ids);
    } finally {
      for (const id of tokenIds) this.leaving.delete(id);
    }
  }

  /**
   * Gives out the books of nodes gone, each to the live node below its share (book-leases.ts):
   * the others are told at once to rebuild theirs, and this node starts on its own. One at a
   * time: the looks of every book waiting when a node died (dozens, woken at once as its leases
   * run out) share one, rather than each reading every lease while the books are being rebuilt.
   * Answers who got which.
   */
  private giveOutOrphans(): Promise<Map<string, string[]>> {
    this.givingOut ??= this.deps.leases
      .adoptOrphans()
      .then(({ moved, gone }) => {
        if (moved.size > 0) {
          const given = Object.fromEntries([...moved].map(([node, ids]) => [node, ids.length]));
          this.deps.logger.warn({ gone, given }, 'books of trading nodes gone given out');
        }
        for (const [node, ids] of moved) {
          if (node !== this.node) this.listener?.handedOver(node, ids);
          else for (const id of ids) void this.load(id).catch(() => undefined);
        }
        return moved;
      })
      .finally(() => {
        this.givingOut = undefined;
      });
    return this.givingOut;
  }

  /**
   * Takes a book no node holds, for the requests waiting for it here, unless it is a dead node's,
   * given to another node with the rest of its books (that node rebuilds it). False when it is
   * not served here: another node has it (given it, or it took the book meanwhile), or this node
   * is draining.
   */
  async adopt(tokenId: string): Promise<boolean> {
    const moved = await this.giveOutOrphans();
    const elsewhere = [...moved].some(([node, ids]) => node !== this.node && ids.includes(tokenId));
    if (elsewhere) return false;
    try {
      await this.load(tokenId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'BOOK_UNAVAILABLE') return false;
      throw error;
    }
  }

  /**
   * Renews this node's leases (closing the books another node took) and, in a cluster, moves it
   * toward its even share: the books of nodes gone given out, books above it handed over, free
   * ones and those given to it taken and rebuilt.
   */
  renewAndBalance(): Promise<void> {
    this.leasing ??= this.leaseRound().finally(() => {
      this.leasing = undefined;
    });
    return this.leasing;
  }

  private async leaseRound(): Promise<void> {
    const { leases } = this.deps;
    for (const tokenId of await leases.renew(this.draining)) this.lose(tokenId);
    if (leases.settings.exclusive || this.draining) return;
    await this.giveOutOrphans();
    const { surplus, take } = await leases.rebalance();
    if (surplus > 0) await this.handOver(leases.tokenIds.slice(-surplus));
    await Promise.all(take.map((id) => this.load(id).catch(() => undefined)));
  }

  /**
   * A write refused by its fence: renewed at once, so that the book another node took stops
   * being served here now rather than at the next renewal (a third of the lease later). Not while
   * draining (the drain renews by itself) nor once stopped (a heartbeat would bring back the row
   * of a node that left).
   */
  private leaseLost(): void {
    if (!this.draining && !this.stopped) void this.renewLogged();
  }

  /** Renews and balances every third of the lease period until stopped. */
  startLeasing(): void {
    this.leaseTimer = setInterval(
      () => void this.renewLogged(),
      this.deps.leases.settings.leaseMs / 3,
    );
    this.leaseTimer.unref();
  }

  private async renewLogged(): Promise<void> {
    await this.renewAndBalance().catch((error: unknown) =>
      this.deps.logger.error({ err: error }, 'lease renewal failed'),
    );
  }

  /**
   * Leaves the cluster (SIGTERM): says so (the others' shares grow), hands every book over and
   * removes this node's row.
   */
  async drain(): Promise<void> {
    this.draining = true;
    await this.leasing;
    await this.deps.leases.renew(true);
    await this.handOver(this.deps.leases.tokenIds);
    await this.deps.leases.retire();
  }

  /**
   * Brings books with a session to their phase when it is due to change (a call's random end,
   * the hours), expires due GTD orders, closes the books of delisted, matured and OTC tokens and ends the
   * orders of holders the token's agent restricted.
   */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    const work: Promise<unknown>[] = [];
    const withOrders = new Map<string, LiveOrders>();
    for (const tokenId of this.sequencer.tokenIds) {
      if (!this.owns(tokenId)) continue;
      const state = this.sequencer.book(tokenId);
      if (!state) continue;
      if (state.live.size > 0) withOrders.set(tokenId, state.live);
      if (state.session !== null && now.getTime() >= state.session.until) {
        work.push(this.run(tokenId, { kind: 'session' }).catch(() => undefined));
      }
      const due = state.expiries
        .takeDue(now.getTime())
        .filter((id) => (state.live.get(id)?.expires_at?.getTime() ?? Infinity) <= now.getTime());
      for (const orderId of due) {
        work.push(
          this.run(tokenId, { kind: 'cancel', orderId, userId: null, reason: 'EXPIRED' }).catch(
            () => undefined,
          ),
        );
      }
    }
    if (withOrders.size > 0) {
      const closed = await closedTokens(this.deps.db, [...withOrders.keys()]);
      for (const { id, status, corporate_action } of closed) {
        const reason =
          status === 'delisted' || status === 'matured'
            ? 'TOKEN_CLOSED'
            : corporate_action
              ? 'CORPORATE_ACTION'
              : 'TRADING_MODE_CHANGED';
        work.push(this.closeBook(id, reason));
      }
    }
    for (const { userId, tokenId, reason } of await restrictedHolders(this.deps.db, withOrders)) {
      work.push(this.run(tokenId, { kind: 'restrict', userId, reason }).catch(() => undefined));
    }
    await Promise.all(work);
  }

  /**
   * Cancels every live order of a token's book with the token's reason (locks released). The
   * book's owner does it; a process that does not own it leaves it to the owner's tick.
   */
  closeBook(
    tokenId: string,
    reason: 'TOKEN_CLOSED' | 'TRADING_MODE_CHANGED' | 'CORPORATE_ACTION',
  ): Promise<unknown> {
    return this.submit(tokenId, { kind: 'cancel_all', userId: null, reason }).catch(
      () => undefined,
    );
  }

  /**
   * Ticks every `intervalMs` until stopped, with `alongside` (other periodic work of the process)
   * in the same turn; a turn never overlaps the previous one.
   */
  startTicking(
    intervalMs: number,
    alongside: () => Promise<unknown> = () => Promise.resolve(),
  ): void {
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      Promise.all([this.tick(), alongside()])
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'book tick failed'))
        .finally(() => {
          this.ticking = false;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timers; the leases are left to expire (a drain hands them over first). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.leasing;
  }
}

/**
 * One sequencer per trading process (DECISIONS "Trading", ARCHITECTURE principle 4): a single
 * queue of the commands of every book this process owns. Whatever arrived while the previous
 * batch committed becomes the next batch, whatever its tokens: it reads what it needs for all its
 * tokens and traders at once (two statements, sent together), checks and plans each command in
 * turn against its own book (each plan applied at once, so the next command of that book is
 * planned against it; books stay independent, the users' money is one balance), writes every
 * book's part in ONE statement (atomic, so it needs no transaction of its own), and only after it
 * commits answers the requests and publishes each book's updates.
 *
 * A failed commit leaves nothing half-done (SPEC Errors 13): the statement rolled back, and the
 * books, which the batch's plans had already changed, are rebuilt from the database. A deadlock
 * or a lost race on a balance is retried a few times with the same commands; any other failure
 * answers the batch with 503.
 */
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { TradingMetrics } from '../metrics.js';
import { Batch, FiatAccount, type HeldTokens } from './batch.js';
import {
  fiatBalancesOf,
  readTokens,
  readTraders,
  writeBatch,
  type TokenRead,
  type TraderOf,
  type TraderReads,
} from './batch.queries.js';
import {
  commandUser,
  executeCommand,
  type BookCommand,
  type CommandResult,
  type Outcome,
} from './book-command.js';
import { loadBookState, withoutOwnerKey, type BookState } from './book-state.js';
import type { Broadcaster } from './broadcaster.js';
import type { BatchContext } from './execution.js';

export interface Clock {
  now(): Date;
}

export interface SequencerDeps {
  db: Db;
  clock: Clock;
  treasuryId: string;
  broadcaster: Broadcaster;
  metrics: TradingMetrics;
  logger: Logger;
  /** most commands in one batch */
  maxBatch: number;
}

interface Pending {
  tokenId: string;
  command: BookCommand;
  resolve: (result: CommandResult) => void;
  reject: (error: unknown) => void;
}

/** A book this process serves: its state, undefined while it is rebuilt from the database. */
interface BookSlot {
  state: BookState | undefined;
  ready: Promise<void>;
}

/** What planning a batch produced: an outcome per command and each changed book's part. */
interface Planned {
  outcomes: Outcome[];
  fiat: FiatAccount;
  parts: Map<string, Batch>;
}

const retryableCodes = new Set(['40P01', '40001', '23514']);
const attempts = 3;

export class Sequencer {
  private readonly books = new Map<string, BookSlot>();
  private readonly queue: Pending[] = [];
  private draining = false;

  constructor(private readonly deps: SequencerDeps) {}

  /** Starts serving a book (rebuilt from the database); resolves once it is loaded. */
  open(tokenId: string): Promise<void> {
    let slot = this.books.get(tokenId);
    if (!slot) {
      slot = { state: undefined, ready: Promise.resolve() };
      this.books.set(tokenId, slot);
      slot.ready = this.rebuild(tokenId);
    }
    return slot.ready;
  }

  /** The book as the last batch left it (undefined while it is rebuilt). */
  book(tokenId: string): BookState | undefined {
    return this.books.get(tokenId)?.state;
  }

  get tokenIds(): string[] {
    return [...this.books.keys()];
  }

  /** Queues a command of an open book; answers once its batch committed. */
  submit(tokenId: string, command: BookCommand): Promise<CommandResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ tokenId, command, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        await this.runBatch(this.queue.splice(0, this.deps.maxBatch));
      }
    } finally {
      this.draining = false;
    }
  }

  private async rebuild(tokenId: string): Promise<void> {
    const slot = this.books.get(tokenId)!;
    slot.state = undefined;
    const state = await loadBookState(this.deps.db, tokenId, this.deps.clock.now());
    slot.state = state;
    this.deps.metrics.bookOrders.set({ token_id: tokenId }, state.live.size);
    this.deps.broadcaster.bookLoaded(tokenId, state.book.depth(Number.MAX_SAFE_INTEGER));
  }

  /** Rebuilds the books not loaded (a failed rebuild leaves one so until the next try). */
  private async loadMissing(tokenIds: readonly string[]): Promise<void> {
    await Promise.all(
      tokenIds.filter((id) => !this.books.get(id)!.state).map((id) => this.rebuild(id)),
    );
  }

  private async runBatch(items: Pending[]): Promise<void> {
    const tokenIds = [...new Set(items.map((item) => item.tokenId))];
    for (let attempt = 1; ; attempt += 1) {
      const started = process.hrtime.bigint();
      try {
        await this.loadMissing(tokenIds);
        const planned = await this.commit(items, tokenIds);
        this.deps.metrics.commitSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
        this.deps.metrics.batchSize.observe(items.length);
        this.answer(items, planned);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        this.deps.logger.warn({ err: error, tokenIds, attempt }, 'batch failed');
        // The plans of the failed batch were applied to its books: put them back as committed.
        await Promise.all(tokenIds.map((id) => this.rebuild(id))).catch((rebuildError: unknown) => {
          this.deps.logger.error({ err: rebuildError }, 'book rebuild failed');
        });
        if (attempt < attempts && code !== undefined && retryableCodes.has(code)) continue;
        const unavailable = new AppError(
          'SERVICE_UNAVAILABLE',
          'The order could not be committed; nothing was changed',
        );
        for (const item of items) item.reject(unavailable);
        return;
      }
    }
  }

  private async commit(items: Pending[], tokenIds: string[]): Promise<Planned> {
    const pairs = new Map<string, TraderOf>();
    for (const { tokenId, command } of items) {
      const userId = commandUser(command);
      if (userId !== null) pairs.set(`${userId}:${tokenId}`, { userId, tokenId });
    }
    // No transaction: the reads see committed rows (as READ COMMITTED would inside one), and the
    // write is one statement, atomic and committed on its own (batch.queries.ts).
    const { db } = this.deps;
    const [tokens, traders] = await Promise.all([
      readTokens(db, tokenIds),
      readTraders(db, [...pairs.values()]),
    ]);
    const planned = this.plan(items, tokens, traders);
    if (planned.parts.size > 0) {
      await writeBatch(
        db,
        planned.fiat,
        [...planned.parts].map(([tokenId, batch]) => ({
          tokenId,
          batch,
          bookSequence: this.book(tokenId)!.book.sequence,
        })),
        this.deps.treasuryId,
      );
    }
    return planned;
  }

  /** Checks and plans each command against its book; pure but for the books it changes. */
  private plan(items: Pending[], tokens: Map<string, TokenRead>, reads: TraderReads): Planned {
    const id = newId();
    const now = this.deps.clock.now();
    const fiat = new FiatAccount(fiatBalancesOf(reads.traders));
    const contexts = new Map<string, BatchContext>();
    const contextOf = (tokenId: string): BatchContext | undefined => {
      let ctx = contexts.get(tokenId);
      const read = tokens.get(tokenId);
      if (!ctx && read) {
        const batch = new Batch(
          id,
          now,
          fiat,
          reads.wallets.get(tokenId) ?? new Map<string, HeldTokens>(),
        );
        ctx = { batch, state: this.book(tokenId)!, ...read, traders: reads.traders };
        contexts.set(tokenId, ctx);
      }
      return ctx;
    };
    const outcomes = items.map(({ tokenId, command }): Outcome => {
      const ctx = contextOf(tokenId);
      if (!ctx) return { ok: false, error: new AppError('NOT_FOUND', 'Unknown token') };
      return executeCommand(ctx, command);
    });
    const parts = new Map<string, Batch>();
    for (const [tokenId, { batch }] of contexts) if (!batch.isEmpty) parts.set(tokenId, batch);
    return { outcomes, fiat, parts };
  }

  private answer(items: Pending[], { outcomes, parts }: Planned): void {
    outcomes.forEach((outcome, i) => {
      const item = items[i]!;
      if (!outcome.ok) {
        this.deps.metrics.refused.inc({ code: outcome.error.code });
        item.reject(outcome.error);
        return;
      }
      this.deps.metrics.accepted.inc({ command: item.command.kind });
      // a command that succeeded changed its book's part, unless it ended nothing (cancel_all)
      const batch = parts.get(item.tokenId);
      const rowOf = (id: string) => batch!.inserted.get(id) ?? batch!.updated.get(id);
      const ids = new Set(outcome.orderIds);
      const { kind } = item.command;
      item.resolve({
        orders: outcome.orderIds.map((id) => withoutOwnerKey(rowOf(id)!)),
        trades:
          batch && (kind === 'place' || kind === 'amend')
            ? batch.trades.filter(
                (t) => ids.has(t.buy_order_id ?? '') || ids.has(t.sell_order_id ?? ''),
              )
            : [],
      });
    });
    for (const [tokenId, batch] of parts) {
      this.deps.metrics.bookOrders.set({ token_id: tokenId }, this.book(tokenId)!.live.size);
      this.deps.broadcaster.publish({
        tokenId,
        trades: batch.trades,
        orders: [...batch.inserted.values(), ...batch.updated.values()].map(withoutOwnerKey),
        deltas: batch.deltas,
      });
    }
  }
}

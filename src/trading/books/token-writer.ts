/**
 * One writer per token (DECISIONS "Trading", ARCHITECTURE principle 4): an async queue of the
 * token's commands. Whatever arrived while the previous batch committed becomes the next batch:
 * each command is checked and planned in turn against the book (each plan applied at once, so the
 * next is planned against it), the whole batch is written in ONE statement (atomic, so it needs no
 * transaction of its own), and only after it commits are the requests answered and the updates
 * published.
 *
 * A failed commit leaves nothing half-done (SPEC Errors 13): the statement rolled back, and the
 * book, which the batch's plans had already changed, is rebuilt from the database. A deadlock or
 * a lost race on a balance is retried a few times with the same commands; any other failure
 * answers the batch with 503.
 */
import type { Db } from '../../lib/db/database.js';
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { TradingMetrics } from '../metrics.js';
import { Batch } from './batch.js';
import { fiatBalancesOf, readToken, readTraders, writeBatch } from './batch.queries.js';
import { loadBookState, withoutOwnerKey, type BookState } from './book-state.js';
import type { Broadcaster } from './broadcaster.js';
import {
  amendOrder,
  cancelAllOf,
  endOrder,
  placeOrder,
  type AmendInput,
  type BatchContext,
  type EndReason,
  type PlaceInput,
} from './execution.js';

export type WriterCommand =
  | { kind: 'place'; input: PlaceInput }
  | { kind: 'amend'; input: AmendInput }
  | { kind: 'cancel'; orderId: string; userId: string | null; reason: EndReason }
  | { kind: 'cancel_all'; userId: string | null; reason: EndReason };

export interface WriterResult {
  /** the orders the command placed or changed, as committed */
  orders: Order[];
  /** the trades of those orders in this batch */
  trades: Trade[];
}

export interface Clock {
  now(): Date;
}

export interface WriterDeps {
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
  command: WriterCommand;
  resolve: (result: WriterResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; orderIds: string[] } | { ok: false; error: AppError };

const retryableCodes = new Set(['40P01', '40001', '23514']);
const attempts = 3;

export class TokenWriter {
  private readonly queue: Pending[] = [];
  private draining = false;
  private state: BookState | undefined;
  /** resolves once the book is loaded; commands wait for it (recovery) */
  readonly ready: Promise<void>;

  constructor(
    readonly tokenId: string,
    private readonly deps: WriterDeps,
  ) {
    this.ready = this.rebuild();
  }

  get lastPrice(): string | null {
    return this.state?.lastPrice ?? null;
  }

  /** Ids of GTD orders due at `now` (the registry sends them back as expire commands). */
  dueExpiries(now: Date): string[] {
    if (!this.state) return [];
    const state = this.state;
    return state.expiries
      .takeDue(now.getTime())
      .filter((id) => (state.live.get(id)?.expires_at?.getTime() ?? Infinity) <= now.getTime());
  }

  get liveCount(): number {
    return this.state?.live.size ?? 0;
  }

  submit(command: WriterCommand): Promise<WriterResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      await this.ready.catch(() => undefined);
      while (this.queue.length > 0) {
        await this.runBatch(this.queue.splice(0, this.deps.maxBatch));
      }
    } finally {
      this.draining = false;
    }
  }

  private async rebuild(): Promise<void> {
    this.state = undefined;
    this.state = await loadBookState(this.deps.db, this.tokenId, this.deps.clock.now());
    this.deps.metrics.bookOrders.set({ token_id: this.tokenId }, this.state.live.size);
    this.deps.broadcaster.bookLoaded(this.tokenId, this.state.book.depth(Number.MAX_SAFE_INTEGER));
  }

  private async runBatch(items: Pending[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const started = process.hrtime.bigint();
      try {
        if (!this.state) await this.rebuild();
        const { batch, outcomes } = await this.commit(items);
        this.deps.metrics.commitSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
        this.deps.metrics.batchSize.observe(items.length);
        this.answer(items, batch, outcomes);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        this.deps.logger.warn({ err: error, tokenId: this.tokenId, attempt }, 'batch failed');
        // The plans of the failed batch were applied to the book: put it back as committed.
        await this.rebuild().catch((rebuildError: unknown) => {
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

  private async commit(items: Pending[]): Promise<{ batch: Batch; outcomes: Outcome[] }> {
    const state = this.state!;
    const now = this.deps.clock.now();
    const userIds = new Set<string>();
    for (const { command } of items) {
      if (command.kind === 'place' || command.kind === 'amend') userIds.add(command.input.userId);
    }
    // No transaction: the reads see committed rows (as READ COMMITTED would inside one), and the
    // write is one statement, atomic and committed on its own (batch.queries.ts).
    const { db } = this.deps;
    const read = await readToken(db, this.tokenId);
    if (!read) throw new AppError('NOT_FOUND', 'Unknown token');
    const { traders, wallets } = await readTraders(db, this.tokenId, [...userIds]);
    const batch = new Batch(newId(), now, fiatBalancesOf(traders), wallets);
    const ctx: BatchContext = { batch, state, token: read.token, nav: read.nav, traders };
    const outcomes = items.map(({ command }) => this.execute(ctx, command));
    if (!batch.isEmpty) {
      await writeBatch(db, this.tokenId, batch, this.deps.treasuryId, state.book.sequence);
    }
    return { batch, outcomes };
  }

  private execute(ctx: BatchContext, command: WriterCommand): Outcome {
    try {
      switch (command.kind) {
        case 'place':
          return { ok: true, orderIds: [placeOrder(ctx, command.input)] };
        case 'amend':
          amendOrder(ctx, command.input);
          return { ok: true, orderIds: [command.input.orderId] };
        case 'cancel': {
          const row = ctx.state.live.get(command.orderId);
          if (!row || (command.userId !== null && row.user_id !== command.userId)) {
            throw new AppError('ORDER_NOT_OPEN', 'The order is no longer open');
          }
          endOrder(ctx, command.orderId, command.reason);
          return { ok: true, orderIds: [command.orderId] };
        }
        case 'cancel_all': {
          if (command.userId !== null) {
            return { ok: true, orderIds: cancelAllOf(ctx, command.userId) };
          }
          // A closed token's book ends for everyone: each order with the token's reason.
          const ids = [...ctx.state.live.keys()];
          for (const id of ids) endOrder(ctx, id, command.reason);
          return { ok: true, orderIds: ids };
        }
      }
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error };
      throw error;
    }
  }

  private answer(items: Pending[], batch: Batch, outcomes: Outcome[]): void {
    const state = this.state!;
    const rowOf = (id: string) => batch.inserted.get(id) ?? batch.updated.get(id);
    outcomes.forEach((outcome, i) => {
      const item = items[i]!;
      if (!outcome.ok) {
        this.deps.metrics.refused.inc({ code: outcome.error.code });
        item.reject(outcome.error);
        return;
      }
      this.deps.metrics.accepted.inc({ command: item.command.kind });
      const ids = new Set(outcome.orderIds);
      item.resolve({
        orders: outcome.orderIds.map((id) => withoutOwnerKey(rowOf(id)!)),
        trades:
          item.command.kind === 'place' || item.command.kind === 'amend'
            ? batch.trades.filter(
                (t) => ids.has(t.buy_order_id ?? '') || ids.has(t.sell_order_id ?? ''),
              )
            : [],
      });
    });
    if (batch.isEmpty) return;
    this.deps.metrics.bookOrders.set({ token_id: this.tokenId }, state.live.size);
    this.deps.broadcaster.publish({
      tokenId: this.tokenId,
      trades: batch.trades,
      orders: [...batch.inserted.values(), ...batch.updated.values()].map(withoutOwnerKey),
      deltas: batch.deltas,
    });
  }
}

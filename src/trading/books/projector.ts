/**
 * The projector of a trading process in journal mode (TRADING_WRITE=journal): writes the journal
 * rows its sequencer's batches appended into the tables (journal.ts), in append order, off the
 * acknowledgement's path: one statement at a time, as many journal rows as have come (up to
 * `maxRows`) in each, under the books' current leases. A row is projected exactly once: the
 * statement deletes the rows it writes, and fails whole when one is gone (journal.queries.ts).
 *
 * When a projection fails (a book's lease lost, a row projected by another node, the connection),
 * its books are projected again from the journal table, one book a statement: a book whose lease
 * this node lost is left to its new owner, any other is tried again until it succeeds.
 *
 * `settle` is what must see a book's acknowledged state first (a rebuild of the book, a node
 * taking it, its compliance state); `caughtUp` is the read barrier of the trading API.
 */
import { AppError } from '../../lib/errors.js';
import type { Db } from '../../lib/db/database.js';
import type { Logger } from '../../lib/logger.js';
import { leaseLostCode, type Fence } from './batch.queries.js';
import { projectionOf, type JournalEntry } from './journal.js';
import { journalBehind, journalHead, projectJournal, readJournalTail } from './journal.queries.js';

export interface ProjectorDeps {
  db: Db;
  logger: Logger;
  /** the leases a projection of these books must still hold; absent: none checked */
  fence?: (tokenIds: readonly string[]) => Fence;
  /** most journal rows one projection statement takes */
  maxRows?: number;
  /**
   * the least time between two projection statements' starts (ms): rows that come meanwhile share
   * the next statement (its fixed cost is most of a small one's), at the cost of that much lag
   */
  intervalMs?: number;
  /** how long a failed book waits before it is tried again (ms) */
  retryMs?: number;
  /** how long the read barrier waits for other nodes' journal rows before answering 503 (ms) */
  barrierMs?: number;
}

interface Queued extends JournalEntry {
  /** this process's append order */
  seq: number;
}

export class Projector {
  private readonly queue: Queued[] = [];
  /** books to project from the journal table (a failed projection of theirs) */
  private readonly failed = new Set<string>();
  private appendedSeq = 0;
  /** every entry up to this one is projected, or its book is in `failed` */
  private doneSeq = 0;
  private running: Promise<void> | undefined;
  /** the projection statement running, if any: never two at once */
  private statement: Promise<unknown> = Promise.resolve();
  private progress: { promise: Promise<void>; resolve: () => void } = deferred();
  private stopped = false;
  /** when the last projection statement was sent (performance.now()) */
  private lastStart = -Infinity;

  constructor(private readonly deps: ProjectorDeps) {}

  /** Journal rows a batch committed (in its commit order); projects them soon. */
  appended(entries: readonly JournalEntry[]): void {
    for (const entry of entries) this.queue.push({ ...entry, seq: ++this.appendedSeq });
    this.run();
  }

  /** Journal rows appended here and not yet projected. */
  get lag(): number {
    return this.queue.length;
  }

  /**
   * Projects every journal row of a book before its state is read: those appended here, and with
   * `table` (a book this node takes or rebuilds) any other the journal holds (a former owner's).
   * Fails when they cannot be projected (the book must not be read meanwhile).
   */
  async settle(tokenId: string, table: boolean): Promise<void> {
    while (this.queue.some((entry) => entry.tokenId === tokenId)) {
      if (this.stopped) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The trading process is stopping');
      }
      await this.progress.promise;
    }
    if (table || this.failed.has(tokenId)) {
      await this.exclusive(() => this.projectTable(tokenId));
      this.failed.delete(tokenId);
    }
  }

  /**
   * The read barrier: resolves once every journal row committed before the call is projected,
   * this process's and other nodes' (a node taking a dead node's book projects its rows);
   * SERVICE_UNAVAILABLE after `barrierMs`.
   */
  async caughtUp(): Promise<void> {
    const target = this.appendedSeq;
    const until = performance.now() + (this.deps.barrierMs ?? 5_000);
    const late = () => performance.now() > until;
    while (this.doneSeq < target && !late()) await this.waitProgress(until);
    const head = await journalHead(this.deps.db);
    if (head === 0) return;
    while (await journalBehind(this.deps.db, head)) {
      if (late()) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Recent orders are still being recorded', {
          retry_after: 1,
        });
      }
      await this.waitProgress(Math.min(until, performance.now() + 5));
    }
  }

  /** Stops projecting after the statement running (the rows stay in the journal). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.signal();
    await this.running;
  }

  private run(): void {
    if (this.running || this.stopped) return;
    this.running = this.work().finally(() => {
      this.running = undefined;
      if (!this.stopped && (this.queue.length > 0 || this.failed.size > 0)) this.run();
    });
  }

  private async work(): Promise<void> {
    const max = this.deps.maxRows ?? 500;
    const interval = this.deps.intervalMs ?? 0;
    while (!this.stopped && this.queue.length > 0) {
      // after the sequencer's next write is sent (it is ready as this batch commits)
      await new Promise((resolve) => setImmediate(resolve));
      const wait = this.lastStart + interval - performance.now();
      if (wait > 0 && this.queue.length < max) await sleep(wait);
      this.lastStart = performance.now();
      const group = this.queue.slice(0, max);
      const tokenIds = [...new Set(group.map((entry) => entry.tokenId))];
      try {
        await this.exclusive(() =>
          projectJournal(this.deps.db, projectionOf(group), this.fenceOf(tokenIds)),
        );
        this.queue.splice(0, group.length);
      } catch (error) {
        this.deps.logger.warn(
          { err: error, tokenIds, rows: group.length },
          'journal projection failed: its books are projected again from the journal',
        );
        for (const id of tokenIds) this.failed.add(id);
        // their later rows too: the journal table holds them all, in order
        for (let i = this.queue.length - 1; i >= 0; i--) {
          if (this.failed.has(this.queue[i]!.tokenId)) this.queue.splice(i, 1);
        }
      }
      this.doneSeq = this.queue[0] ? this.queue[0].seq - 1 : this.appendedSeq;
      this.signal();
    }
    await this.retryFailed();
  }

  /** Projects each failed book from the journal table; one still failing is tried again later. */
  private async retryFailed(): Promise<void> {
    for (const tokenId of [...this.failed]) {
      if (this.stopped) return;
      try {
        await this.exclusive(() => this.projectTable(tokenId));
        this.failed.delete(tokenId);
      } catch (error) {
        if ((error as { code?: string }).code === leaseLostCode) {
          // another node owns the book now: it projects the rows before it serves the book
          this.failed.delete(tokenId);
          continue;
        }
        this.deps.logger.error({ err: error, tokenId }, 'journal rows of a book not projected');
        await sleep(this.deps.retryMs ?? 1_000);
      }
    }
    this.signal();
  }

  /** Projects a book's journal rows as the table holds them, in order, a statement at a time. */
  private async projectTable(tokenId: string): Promise<void> {
    const max = this.deps.maxRows ?? 500;
    for (;;) {
      const tail = await readJournalTail(this.deps.db, tokenId, max);
      if (tail.length === 0) return;
      await projectJournal(this.deps.db, projectionOf(tail), this.fenceOf([tokenId]));
      if (tail.length < max) return;
    }
  }

  private fenceOf(tokenIds: readonly string[]): Fence | null {
    return this.deps.fence?.(tokenIds) ?? null;
  }

  private exclusive<T>(statement: () => Promise<T>): Promise<T> {
    const result = this.statement.then(statement, statement);
    this.statement = result.catch(() => undefined);
    return result;
  }

  private signal(): void {
    const { resolve } = this.progress;
    this.progress = deferred();
    resolve();
  }

  private async waitProgress(until: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.progress.promise,
      new Promise(
        (resolve) => (timer = setTimeout(resolve, Math.max(0, until - performance.now()))),
      ),
    ]);
    clearTimeout(timer);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

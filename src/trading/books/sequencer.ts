/**
 * One sequencer per trading process (DECISIONS "Trading", ARCHITECTURE principle 4): a single
 * queue of the commands of every book this process owns (ownership.ts: another process would serve
 * others, each with its own sequencer). Whatever arrived while the previous batch was planned
 * becomes the next batch, whatever its tokens: it reads what it needs for all its tokens and
 * traders at once (and the holder state of tokens with transfer rules: batch-compliance.ts),
 * checks and plans each command in turn against its own book (each plan applied at once, so the
 * next command of that book is planned against it; books stay independent, the users' money is
 * one balance), writes every book's part in ONE statement (atomic, so it needs no transaction of
 * its own), and only after it commits answers the requests and publishes each book's updates.
 *
 * Pipelined: the next batch is read and planned while the previous one's write is in flight,
 * against the books as that batch left them and the balances as it will leave them
 * (pending-write.ts); its write is sent only once the previous one committed, so batches commit
 * strictly in order.
 *
 * A failed commit leaves nothing half-done (SPEC Errors 13): the statement rolled back, and the
 * books, which the batch's plans had already changed (and the plans of the batch after it), are
 * rebuilt from the database; the batch after it is planned again. A deadlock or a lost race on a
 * balance is retried a few times with the same commands. A write refused for the values of its
 * rows (one command's, whatever its book) is split in two halves, each planned again from the
 * committed books and written on its own, until the command is alone: it is answered
 * ORDER_NOT_RECORDED, the others commit as if it had never been sent. Any other failure answers
 * the batch with 503.
 */
import type { Clock } from '../../lib/clock.js';
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { readComplianceState } from '../../lib/compliance/compliance-state.queries.js';
import type { Db } from '../../lib/db/database.js';
import type { NewOrderRefusal } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { TradingMetrics } from '../metrics.js';
import { Batch, FiatAccount, type HeldTokens } from './batch.js';
import { BatchCompliance, intentOf, type RuledToken } from './batch-compliance.js';
import {
  fiatBalancesOf,
  readTokens,
  leaseLostCode,
  readsStaleCode,
  readTraders,
  readWholeTraders,
  writeBatch,
  type BookWrite,
  type Fence,
  type TokenRead,
  type TokensRead,
  type TraderOf,
  type TraderReads,
} from './batch.queries.js';
import {
  BookRefusal,
  commandUser,
  executeCommand,
  refusalOf,
  type BookCommand,
  type CommandResult,
  type Outcome,
} from './book-command.js';
import { loadBookState, withoutOwnerKey, type BookState } from './book-state.js';
import type { Broadcaster, BookUpdate } from './broadcaster.js';
import type { BatchContext } from './execution.js';
import { pendingWriteOf, tokensAfter, tradersAfter, type PendingWrite } from './pending-write.js';
import { ReadCache, setsHaltOrUncross, type ReadVersions } from './read-cache.js';
import { syncPhase, type PhaseClock } from './session-book.js';
import { loadTradingSession } from '../trading-sessions/session-load.js';

export interface SequencerDeps {
  db: Db;
  clock: Clock;
  treasuryId: string;
  /** the country of an identity without an approved KYC (compliance-state.queries.ts) */
  platformCountry: string;
  broadcaster: Broadcaster;
  metrics: TradingMetrics;
  logger: Logger;
  /** most commands in one batch */
  maxBatch: number;
  /** the leases a write of these books must still hold (book-leases.ts); absent: none checked */
  fence?: (tokenIds: readonly string[]) => Fence;
  /**
   * keep what batches read and wrote, for a batch planned while none is in flight (read-cache.ts):
   * only where this process is the one writer of its traders' balances (one node; in a cluster
   * every node moves a trader's fiat, and each would find the others' changes at every write)
   */
  cacheReads?: boolean;
  /** where in its window a call ends, in [0, 1) (session-book.ts); absent: Math.random */
  random?: () => number;
  /** told when a write was refused by its fence: another node took one of its books */
  leaseLost?: () => void;
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

/** Commands to plan as one batch, and which try this is. */
interface Attempt {
  items: Pending[];
  tokenIds: string[];
  attempt: number;
  /** a part of a batch whose rows were refused: such a refusal splits it again, untried */
  part: boolean;
  /** read everything from the database (a batch planned on cached reads failed) */
  fresh: boolean;
}

/**
 * What planning a batch produced, taken as it stands when planning ends (the next batch plans
 * on the same books and rows): each command's answer, each changed book's part and publication.
 */
interface Planned extends Attempt {
  /** when its reads began, ended, and its planning ended (hrtime, ns) */
  started: bigint;
  read: bigint;
  planned: bigint;
  answers: (CommandResult | AppError)[];
  now: Date;
  fiat: FiatAccount;
  writes: BookWrite[];
  /** the refused commands users sent, for the audit trail */
  refusals: NewOrderRefusal[];
  /** the leases the books were planned under */
  fence: Fence | null;
  /** the versions of the cached reads it was planned on; null: it read them all */
  guard: ReadVersions | null;
  published: Publication[];
  /** what the write changes, for the batch planned while it is in flight */
  pending: PendingWrite | undefined;
}

/** A planned batch whose write was sent; `written` settles with its failure, if any. */
interface Flight extends Planned {
  written: Promise<{ error: unknown } | undefined>;
  /** when the write was sent and when it committed (hrtime, ns; 0n until then) */
  sent: bigint;
  committed: bigint;
}

const retryableCodes = new Set(['40P01', '40001', '23514']);
const attempts = 3;

/**
 * Batches planned and not yet answered: one committing and the next planned on top of it. The
 * commit round trip is far longer than planning, so one batch ready behind it keeps the database
 * busy; a third could only wait behind the second, and would widen what a failed commit discards.
 */
export const pipelineDepth = 2;

export class Sequencer {
  private readonly books = new Map<string, BookSlot>();
  private readonly cache = new ReadCache();
  private readonly queue: Pending[] = [];
  private draining = false;
  /** wakes the pipeline waiting on a commit when a command arrives */
  private arrived: (() => void) | undefined;

  private readonly phaseClock: PhaseClock;

  constructor(private readonly deps: SequencerDeps) {
    this.phaseClock = { random: deps.random ?? Math.random };
  }

  /** Starts serving a book (rebuilt from the database); resolves once it is loaded. */
  open(tokenId: string): Promise<void> {
    let slot = this.books.get(tokenId);
    if (!slot) {
      const opened: BookSlot = { state: undefined, ready: Promise.resolve() };
      this.books.set(tokenId, opened);
      // a failed first load is tried again by the next open, not answered with its error forever
      opened.ready = this.rebuild(tokenId).catch((error: unknown) => {
        if (this.books.get(tokenId) === opened) this.books.delete(tokenId);
        throw error;
      });
      slot = opened;
    }
    return slot.ready;
  }

  /** The book as the last planned batch left it (undefined while it is rebuilt). */
  book(tokenId: string): BookState | undefined {
    return this.books.get(tokenId)?.state;
  }

  get tokenIds(): string[] {
    return [...this.books.keys()];
  }

  /**
   * Stops serving a book (its lease lost or handed over): its queued commands are refused
   * BOOK_UNAVAILABLE when planned; a write in flight commits only if its fence still holds.
   */
  close(tokenId: string): void {
    this.books.delete(tokenId);
    this.cache.forgetToken(tokenId);
  }

  /** Queues a command of an open book; answers once its batch committed. */
  submit(tokenId: string, command: BookCommand): Promise<CommandResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ tokenId, command, resolve, reject });
      if (!this.draining) void this.drain();
      else this.arrived?.();
    });
  }

  /**
   * The pipeline: plans the next batch while the one before it commits (against the books and
   * balances as that one leaves them), sends its write only once that one committed, and
   * answers each batch after its own commit, once the next one's write is sent. When a commit
   * fails, the batch planned on top of it is discarded: the books of both are rebuilt from the
   * database, and both are planned again (the failed one first, if it is tried again).
   */
  private async drain(): Promise<void> {
    this.draining = true;
    const again: Attempt[] = [];
    let flight: Flight | undefined;
    try {
      for (;;) {
        let next = again.shift() ?? this.take();
        if (!next && flight) {
          // wait for the commit, or for commands to plan meanwhile (with those of the same turn)
          const arrival = new Promise<void>((resolve) => (this.arrived = resolve));
          await Promise.race([flight.written, arrival]);
          this.arrived = undefined;
          if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
          next = this.take();
        }
        if (!next && !flight) return;
        this.deps.metrics.batchesInFlight.set(Number(next !== undefined) + Number(!!flight));
        const planning = next ? await this.prepare(next, flight) : undefined;
        let committed: Flight | undefined;
        if (flight) {
          const failure = await flight.written;
          if (failure) {
            // the entries cannot follow a write that may or may not have committed
            this.cache.clear();
            // the batch planned on top of the failed one is void: plan both again
            const discarded = planning && !(planning instanceof Failure) ? planning : undefined;
            if (discarded) this.deps.metrics.batchesReplanned.inc();
            await this.rebuildBooks([...flight.tokenIds, ...(next?.tokenIds ?? [])]);
            const retries = this.failed(flight, failure.error);
            again.unshift(...retries, ...(next ? [next] : []));
            flight = undefined;
            continue;
          }
          committed = flight;
          flight = undefined;
        }
        if (planning && !(planning instanceof Failure)) flight = this.write(planning);
        if (committed) this.answerSoon(committed);
        if (planning instanceof Failure) {
          await this.rebuildBooks(next!.tokenIds);
          again.unshift(...this.failed(next!, planning.error));
        }
      }
    } finally {
      this.deps.metrics.batchesInFlight.set(0);
      this.draining = false;
    }
  }

  private take(): Attempt | undefined {
    if (this.queue.length === 0) return undefined;
    return attemptOf(this.queue.splice(0, this.deps.maxBatch), { part: false, fresh: false });
  }

  private async rebuild(tokenId: string): Promise<void> {
    const slot = this.books.get(tokenId);
    if (!slot) return;
    slot.state = undefined;
    const state = await loadBookState(this.deps.db, tokenId, this.deps.clock.now());
    if (this.books.get(tokenId) !== slot) return;
    slot.state = state;
    this.deps.metrics.bookOrders.set({ token_id: tokenId }, state.live.size);
    const book = state.book.depth(Number.MAX_SAFE_INTEGER);
    this.deps.broadcaster.bookLoaded(tokenId, book, state.feedSequence);
  }

  /** Puts books a failed batch had planned on back as committed (nothing is in flight). */
  private async rebuildBooks(tokenIds: readonly string[]): Promise<void> {
    await Promise.all([...new Set(tokenIds)].map((id) => this.rebuild(id))).catch(
      (error: unknown) => {
        this.deps.logger.error({ err: error }, 'book rebuild failed');
      },
    );
  }

  /** Rebuilds the books not loaded (a failed rebuild leaves one so until the next try). */
  private async loadMissing(tokenIds: readonly string[]): Promise<void> {
    await Promise.all(
      tokenIds
        .filter((id) => this.books.has(id) && !this.books.get(id)!.state)
        .map((id) => this.rebuild(id)),
    );
  }

  /**
   * What to plan after a batch failed, its books rebuilt: the same batch again (a deadlock or a
   * lost race, a few times); its two halves, in order, when the values of its rows were refused;
   * or nothing once it is answered: the command whose rows are refused alone, ORDER_NOT_RECORDED,
   * any other failure every command, 503. Halving finds the command in about two writes per
   * doubling of the batch, and costs nothing while writes succeed.
   */
  private failed(batch: Attempt & { guard?: ReadVersions | null }, error: unknown): Attempt[] {
    const code = (error as { code?: string }).code;
    const { items, tokenIds, attempt, part } = batch;
    if (batch.guard) {
      // planned on cached reads: whatever failed it (a row that changed, a balance it overdrew
      // that a fresh read would have refused) is decided again on fresh reads
      if (code === readsStaleCode) this.deps.metrics.batchesStale.inc();
      else {
        this.deps.metrics.batchesCachedFailed.inc();
        this.deps.logger.warn({ err: error, tokenIds }, 'batch planned on cached reads failed');
      }
      return [{ items, tokenIds, attempt, part, fresh: true }];
    }
    const rows = rowsRefused(error);
    this.deps.logger.warn(
      { err: error, tokenIds, attempt, commands: items.length },
      rows ? 'batch failed on its rows' : 'batch failed',
    );
    const retryable = code !== undefined && retryableCodes.has(code) && !(rows && part);
    if (attempt < attempts && retryable) return [{ ...batch, attempt: attempt + 1 }];
    if (rows && items.length > 1) {
      this.deps.metrics.batchesSplit.inc();
      const half = Math.ceil(items.length / 2);
      const split = { part: true, fresh: true };
      return [attemptOf(items.slice(0, half), split), attemptOf(items.slice(half), split)];
    }
    const [alone] = items;
    if (rows && alone) {
      const { tokenId, command } = alone;
      this.deps.logger.error(
        { err: error, tokenId, command: command.kind, userId: commandUser(command) },
        'a command was not recorded: the database refused its rows',
      );
      this.deps.metrics.refused.inc({ code: 'ORDER_NOT_RECORDED' });
      alone.reject(
        new AppError('ORDER_NOT_RECORDED', 'The order could not be recorded; nothing was changed'),
      );
      return [];
    }
    if (code === leaseLostCode) this.deps.leaseLost?.();
    const unavailable =
      code === leaseLostCode
        ? bookUnavailable()
        : new AppError(
            'SERVICE_UNAVAILABLE',
            'The order could not be committed; nothing was changed',
          );
    for (const item of items) item.reject(unavailable);
    return [];
  }

  /**
   * Reads what the batch needs and plans it, on top of the batch in flight if there is one: its
   * changes are laid over the reads that did not see it commit (pending-write.ts).
   */
  private async prepare(batch: Attempt, under: Flight | undefined): Promise<Planned | Failure> {
    const started = process.hrtime.bigint();
    try {
      await this.loadMissing(batch.tokenIds);
      const pairs = new Map<string, TraderOf>();
      for (const { tokenId, command } of batch.items) {
        const userId = commandUser(command);
        if (userId !== null) pairs.set(`${userId}:${tokenId}`, { userId, tokenId });
      }
      // No transaction: the reads see committed rows (as READ COMMITTED would inside one), and
      // the write is one statement, atomic and committed on its own (batch.queries.ts).
      const { db } = this.deps;
      const userIds = [...new Set([...pairs.values()].map((pair) => pair.userId))];
      const pending = under?.pending;
      if (this.deps.cacheReads) {
        // the cache and the database agree but for other writers' changes, which the write's
        // guard finds; a batch planned again after a failure reads all it needs and plans
        // without a guard, as every batch does in a cluster
        const missing = batch.fresh
          ? { tokenIds: batch.tokenIds, userIds }
          : this.cache.missing(batch.tokenIds, userIds);
        const complete = missing.tokenIds.length === 0 && missing.userIds.length === 0;
        // under a write in flight, only what the cache holds whole, and only if that write
        // changes nothing but balances and prices (read while it commits, a read could land on
        // either side of it; a halt or an uncross changes its token's version)
        const usable =
          !under || (complete && !under.writes.some((w) => setsHaltOrUncross(w.batch)));
        if (usable) {
          if (!complete) {
            const [tokensRead, whole] = await Promise.all([
              missing.tokenIds.length > 0 ? readTokens(db, missing.tokenIds) : noTokens(),
              readWholeTraders(db, missing.userIds),
            ]);
            this.cache.store(tokensRead, whole);
          }
          const cached = this.cache.reads(batch.tokenIds, [...pairs.values()], pending);
          const read = process.hrtime.bigint();
          await this.refreshSessions(cached.tokens);
          return this.plan(
            batch,
            { started, read, guard: batch.fresh ? null : cached.versions },
            cached.tokens,
            cached.traders,
            await this.ruledTokens(batch, cached.rules, under),
          );
        }
      }
      const [tokensRead, traders] = await Promise.all([
        readTokens(db, batch.tokenIds),
        readTraders(db, [...pairs.values()], pending?.marker ?? null),
      ]);
      const read = process.hrtime.bigint();
      const { tokens, rules } = tokensRead;
      await this.refreshSessions(tokens);
      return this.plan(
        batch,
        { started, read, guard: null },
        tokensAfter(tokens, pending),
        tradersAfter(traders, [...pairs.values()], pending, traders.markerSeen),
        await this.ruledTokens(batch, rules, under),
      );
    } catch (error) {
      return new Failure(error);
    }
  }

  /** Reads the sessions staff changed since the books read them (their phase follows). */
  private async refreshSessions(tokens: ReadonlyMap<string, TokenRead>): Promise<void> {
    await Promise.all(
      [...tokens].map(async ([tokenId, { sessionVersion }]) => {
        const state = this.book(tokenId);
        if (!state || sessionVersion === (state.session?.version ?? null)) return;
        const session = await loadTradingSession(this.deps.db, tokenId);
        if (session === null) return;
        state.session = {
          session,
          version: sessionVersion ?? '',
          phase: state.session?.phase ?? 'continuous',
          until: 0,
          haltedUntil: null,
          uncrossAt: state.session?.uncrossAt ?? null,
          callEndedAt: state.session?.callEndedAt ?? null,
          extended: state.session?.extended ?? false,
          cancels: state.session?.cancels ?? [],
        };
      }),
    );
  }

  /**
   * The state of each token of the batch that has rules and orders to decide (one statement per
   * token). It must include the orders of the batch in flight: when that batch wrote one of these
   * tokens, its commit is awaited rather than laid over the read, so a book with rules plans
   * behind its previous commit (grouped still, not pipelined); every other book is unaffected.
   */
  private async ruledTokens(
    batch: Attempt,
    rules: ReadonlyMap<string, ComplianceRules>,
    under: Flight | undefined,
  ): Promise<Map<string, RuledToken>> {
    const users = new Map<string, Set<string>>();
    for (const { tokenId, command } of batch.items) {
      if (!rules.has(tokenId) || (command.kind !== 'place' && command.kind !== 'amend')) continue;
      const ofToken = users.get(tokenId) ?? new Set<string>();
      users.set(tokenId, ofToken.add(command.input.userId));
    }
    const ruled = new Map<string, RuledToken>();
    if (users.size === 0) return ruled;
    if (under?.writes.some((write) => users.has(write.tokenId))) await under.written;
    const { db, platformCountry } = this.deps;
    await Promise.all(
      [...users].map(async ([tokenId, userIds]) => {
        const state = await readComplianceState(db, tokenId, [...userIds], {
          count: 'committed',
          platformCountry,
        });
        ruled.set(tokenId, { rules: rules.get(tokenId)!, state });
      }),
    );
    return ruled;
  }

  /** Sends a planned batch's write (one statement); nothing to write commits at once. */
  private write(planned: Planned): Flight {
    const { writes, refusals, guard } = planned;
    // a batch planned on cached reads is answered only once its guard found them current, even
    // one that changed nothing (a refusal, a restriction that found nothing to end)
    const written =
      writes.length === 0 && refusals.length === 0 && guard === null
        ? Promise.resolve()
        : writeBatch(this.deps.db, planned, this.deps.treasuryId, planned.fence, guard);
    const flight: Flight = {
      ...planned,
      sent: process.hrtime.bigint(),
      committed: 0n,
      written: written.then(
        () => {
          flight.committed = process.hrtime.bigint();
          return undefined;
        },
        (error: unknown) => ({ error }),
      ),
    };
    return flight;
  }

  /**
   * Checks each command against its token's rules and its book, and plans it; pure but for the
   * books it changes.
   */
  private plan(
    batch: Attempt,
    { started, read, guard }: { started: bigint; read: bigint; guard: ReadVersions | null },
    tokens: Map<string, TokenRead>,
    reads: TraderReads,
    ruled: ReadonlyMap<string, RuledToken>,
  ): Planned {
    const id = newId();
    const now = this.deps.clock.now();
    const compliance = new BatchCompliance(ruled, now);
    const fiat = new FiatAccount(fiatBalancesOf(reads.traders));
    const contexts = new Map<string, BatchContext>();
    const contextOf = (tokenId: string): BatchContext | undefined => {
      let ctx = contexts.get(tokenId);
      const read = tokens.get(tokenId);
      if (!ctx && read) {
        const part = new Batch(
          id,
          now,
          fiat,
          reads.wallets.get(tokenId) ?? new Map<string, HeldTokens>(),
        );
        ctx = { batch: part, state: this.book(tokenId)!, ...read, traders: reads.traders };
        contexts.set(tokenId, ctx);
        // a book with a session first comes to its phase (a due uncross, the orders moved)
        if (ctx.state.session !== null) syncPhase(ctx, this.phaseClock);
      }
      return ctx;
    };
    const refusals: NewOrderRefusal[] = [];
    /** the refusal as answered, recorded in the audit trail when a user sent the command */
    const refuse = (tokenId: string, command: BookCommand, error: AppError): Outcome => {
      const book = this.book(tokenId);
      const orderId =
        command.kind === 'amend'
          ? command.input.orderId
          : command.kind === 'cancel'
            ? command.orderId
            : undefined;
      const order = orderId === undefined ? undefined : book?.live.get(orderId);
      const row = refusalOf(tokenId, command, error.code, order, book?.book.sequence ?? null);
      if (!row) return { ok: false, error };
      refusals.push(row);
      return { ok: false, error: new BookRefusal(error) };
    };
    const outcomes = batch.items.map(({ tokenId, command }): Outcome => {
      if (!this.book(tokenId)) return { ok: false, error: bookUnavailable() };
      const ctx = contextOf(tokenId);
      if (!ctx) return refuse(tokenId, command, new AppError('NOT_FOUND', 'Unknown token'));
      // the rules first, on the order as sent (a refused order never reaches the book)
      const intent = ruled.has(tokenId) ? intentOf(command, ctx.state) : undefined;
      const refusal = intent && compliance.refusal(tokenId, intent);
      if (refusal) return refuse(tokenId, command, refusal);
      const outcome = executeCommand(ctx, command);
      if (!outcome.ok) return refuse(tokenId, command, outcome.error);
      if (intent) compliance.accepted(tokenId, intent);
      return outcome;
    });
    const parts = new Map<string, Batch>();
    for (const [tokenId, ctx] of contexts) {
      if (!ctx.batch.isEmpty) parts.set(tokenId, ctx.batch);
      // a halt changes the phase of a book with a session: its next tick brings it there
      if (ctx.batch.haltedUntil !== null && ctx.state.session) ctx.state.session.until = 0;
    }
    const fence = this.deps.fence?.([...parts.keys()]) ?? null;
    return {
      ...batch,
      started,
      read,
      guard,
      planned: process.hrtime.bigint(),
      answers: outcomes.map((outcome, i) => answerOf(batch.items[i]!, outcome, parts)),
      now,
      fiat,
      refusals,
      fence,
      writes: [...parts].map(([tokenId, part]) => ({
        tokenId,
        batch: part,
        bookSequence: this.book(tokenId)!.book.sequence,
      })),
      published: [...parts].map(([tokenId, part]) => ({
        tokenId,
        trades: part.trades,
        orders: [...part.inserted.values(), ...part.updated.values()].map(withoutOwnerKey),
        deltas: part.deltas,
        ...(part.alerts.length > 0 ? { alerts: part.alerts } : {}),
        liveOrders: this.book(tokenId)!.live.size,
      })),
      pending: parts.size > 0 ? pendingWriteOf(fiat, parts, this.deps.treasuryId) : undefined,
    };
  }

  /**
   * Answers a committed batch once the next batch's write is on its way: the next plan reads the
   * cache as it committed at once, while its answers (each order's HTTP reply, the market data)
   * wait for the next turn of the event loop, in order, so that the database writes meanwhile.
   */
  private answerSoon(flight: Flight): void {
    if (this.deps.cacheReads && flight.pending) this.cache.committed(flight.pending, flight.writes);
    setImmediate(() => this.answer(flight));
  }

  private answer(flight: Flight): void {
    const { metrics, broadcaster } = this.deps;
    metrics.commitSeconds.observe(Number(process.hrtime.bigint() - flight.started) / 1e9);
    const phase = (name: string, from: bigint, to: bigint) =>
      metrics.batchPhaseSeconds.observe({ phase: name }, Number(to - from) / 1e9);
    phase('read', flight.started, flight.read);
    phase('plan', flight.read, flight.planned);
    phase('wait', flight.planned, flight.sent);
    phase('write', flight.sent, flight.committed);
    metrics.batchSize.observe(flight.items.length);
    flight.answers.forEach((answer, i) => {
      const item = flight.items[i]!;
      if (answer instanceof AppError) {
        metrics.refused.inc({ code: answer.code });
        item.reject(answer);
        return;
      }
      metrics.accepted.inc({ command: item.command.kind });
      item.resolve(answer);
    });
    for (const { liveOrders, ...update } of flight.published) {
      metrics.bookOrders.set({ token_id: update.tokenId }, liveOrders);
      broadcaster.publish(update);
    }
  }
}

/** A command for a book this node does not serve (now): nothing changed, ask again soon. */
export function bookUnavailable(): AppError {
  return new AppError(
    'BOOK_UNAVAILABLE',
    'The book is moving to another trading node; nothing was changed, try again shortly',
    { retry_after: 1 },
  );
}

/** Commands planned together, at their first try. */
function attemptOf(items: Pending[], how: { part: boolean; fresh: boolean }): Attempt {
  const tokenIds = [...new Set(items.map((item) => item.tokenId))];
  return { items, tokenIds, attempt: 1, ...how };
}

/**
 * Whether a failure is the database refusing the values of the batch's rows, which some command
 * of it made (planned again without it, the others write): a data exception or a broken
 * constraint (SQLSTATE classes 22 and 23), or a balance its movements overdraw.
 */
function rowsRefused(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'INSUFFICIENT_FUNDS';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/** The read of no token. */
function noTokens(): Promise<TokensRead> {
  return Promise.resolve({ tokens: new Map(), rules: new Map() });
}

/** A batch that could not be read or planned. */
class Failure {
  constructor(readonly error: unknown) {}
}

interface Publication extends BookUpdate {
  /** the book's live orders once the batch commits */
  liveOrders: number;
}

/** A command's answer as its batch leaves it: the rows it placed or changed, its trades. */
function answerOf(
  item: Pending,
  outcome: Outcome,
  parts: ReadonlyMap<string, Batch>,
): CommandResult | AppError {
  if (!outcome.ok) return outcome.error;
  // a command that succeeded changed its book's part, unless it ended nothing (cancel_all)
  const batch = parts.get(item.tokenId);
  const rowOf = (id: string) => batch!.inserted.get(id) ?? batch!.updated.get(id);
  const ids = new Set(outcome.orderIds);
  const { kind } = item.command;
  return {
    orders: outcome.orderIds.map((id) => withoutOwnerKey(rowOf(id)!)),
    trades:
      batch && (kind === 'place' || kind === 'amend')
        ? batch.trades.filter(
            (t) => ids.has(t.buy_order_id ?? '') || ids.has(t.sell_order_id ?? ''),
          )
        : [],
  };
}

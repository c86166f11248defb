import type { BookPlan } from '../book-plan.js';
import { OrderBook } from '../order-book.js';
import { ReferenceBook } from './reference-book.js';
import type { Command, PlanOutcome, PlanResult, Side } from '../types.js';
import { CommandGenerator } from './command-generator.js';
import type { FlowShape } from './command-generator.js';
import { checkInvariants } from './invariants.js';
import { Prng } from './seeded-random.js';

export interface FlowStats {
  operations: number;
  accepted: number;
  trades: number;
  triggered: number;
  dropped: number;
  /** Applied amends, expiries and cancel-alls. */
  amended: number;
  expired: number;
  cancelledAll: number;
}

/**
 * The fast book and the reference book side by side. Each step plans a command on both, throws
 * at the first difference in the outcome, applies both plans or drops both, then checks the fast
 * book's invariants and conservation of quantity per side (everything placed is filled,
 * cancelled, resting or pending).
 */
export class DifferentialPair {
  readonly fast = new OrderBook();
  readonly reference = new ReferenceBook();
  private readonly ledger = { buy: new SideLedger(), sell: new SideLedger() };

  /**
   * Returns the fast book's result; its plan was applied unless `drop` or refused. `check` false
   * skips the whole-book checks after it (deep flows run them every few steps).
   */
  step(command: Command, drop: boolean, where: string, check = true): PlanResult<BookPlan> {
    const got = this.fast.plan(command);
    const want = this.reference.plan(command);
    if (!sameValue(outcomeOf(got), outcomeOf(want))) {
      const detail = `fast: ${outcomeKey(got)}\nreference: ${outcomeKey(want)}`;
      throw new Error(`${where} ${JSON.stringify(command)}\n${detail}`);
    }
    if (got.ok && want.ok && !drop) {
      // An amend changes what was placed: by the difference of the order's quantities.
      const amended = command.kind === 'amend' ? this.fast.find(command.key) : undefined;
      record(this.ledger, command, got.plan);
      if (amended !== undefined && command.kind === 'amend') {
        const quantity = command.quantity ?? amended.quantity;
        this.ledger[amended.side].placed += quantity - amended.quantity;
      }
      this.fast.apply(got.plan);
      this.reference.apply(want.plan);
    }
    if (check) this.checkBook();
    return got;
  }

  /** The fast book's invariants and conservation of quantity per side. */
  checkBook(): void {
    checkInvariants(this.fast);
    checkConservation(this.fast, this.ledger);
  }

  compareBooks(where: string): void {
    const snapshot = (book: OrderBook | ReferenceBook) =>
      canonical([
        book.restingOrders(),
        book.pendingStops(),
        book.depth(1_000),
        book.lastPrice,
        book.sequence,
      ]);
    const [got, want] = [snapshot(this.fast), snapshot(this.reference)];
    if (got !== want) throw new Error(`${where}: books differ\nfast: ${got}\nreference: ${want}`);
  }
}

/**
 * A seeded generated flow through a `DifferentialPair`; a tenth of the plans are dropped
 * instead of applied and the whole books are compared every 97 operations and at the end. The
 * fast book's invariants and conservation are checked after every operation of a small flow and
 * every `DEEP_CHECK_EVERY` of a deep one (each check walks the whole book).
 */
export function runDifferentialFlow(
  seed: number,
  operations: number,
  shape: FlowShape = 'small',
): FlowStats {
  const pair = new DifferentialPair();
  const commands = new CommandGenerator(seed, shape);
  const checkEvery = shape === 'deep' ? DEEP_CHECK_EVERY : 1;
  const drops = new Prng(seed ^ 0x5eed);
  const stats: FlowStats = {
    operations,
    accepted: 0,
    trades: 0,
    triggered: 0,
    dropped: 0,
    amended: 0,
    expired: 0,
    cancelledAll: 0,
  };
  for (let step = 0; step < operations; step += 1) {
    const drop = drops.chance(0.1);
    const where = `${shape} seed ${seed} step ${step}`;
    const command = commands.next();
    const result = pair.step(command, drop, where, step % checkEvery === 0);
    if (result.ok && drop) stats.dropped += 1;
    else if (result.ok) {
      commands.observe(result.plan);
      stats.accepted += 1;
      stats.trades += result.plan.trades.length;
      stats.triggered += result.plan.triggeredStops.length;
      if (command.kind === 'amend') stats.amended += 1;
      else if (command.kind === 'expire') stats.expired += 1;
      else if (command.kind === 'cancel_all') stats.cancelledAll += 1;
    }
    if (step % 97 === 0 || step === operations - 1) {
      pair.compareBooks(where);
      pair.checkBook();
    }
  }
  return stats;
}

const DEEP_CHECK_EVERY = 10;

class SideLedger {
  placed = 0;
  filled = 0;
  cancelled = 0;
}

function record(ledger: Record<Side, SideLedger>, command: Command, plan: BookPlan): void {
  if (command.kind === 'place') ledger[command.side].placed += command.quantity;
  for (const trade of plan.trades) {
    ledger.buy.filled += trade.quantity;
    ledger.sell.filled += trade.quantity;
  }
  for (const update of plan.orders) {
    if (update.status === 'cancelled' || update.status === 'expired') {
      ledger[update.side].cancelled += update.remainingQuantity;
    }
  }
}

function checkConservation(book: OrderBook, ledger: Record<Side, SideLedger>): void {
  const live = { buy: 0, sell: 0 };
  for (const order of book.restingOrders()) live[order.side] += order.remainingQuantity;
  for (const stop of book.pendingStops()) live[stop.side] += stop.quantity;
  for (const side of ['buy', 'sell'] as const) {
    const { placed, filled, cancelled } = ledger[side];
    if (placed !== filled + cancelled + live[side]) {
      throw new Error(
        `${side} quantity not conserved: placed ${placed}, filled ${filled}, cancelled ${cancelled}`,
      );
    }
  }
}

function outcomeOf(result: PlanResult<PlanOutcome>): unknown {
  if (!result.ok) return result.code;
  const { trades, orders, deltas, triggeredStops, lastPrice } = result.plan;
  return { trades, orders, deltas, triggeredStops, lastPrice };
}

function outcomeKey(result: PlanResult<PlanOutcome>): string {
  return canonical(outcomeOf(result));
}

/** Deep equality of plain data (objects, arrays, primitives), ignoring key order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
  if (keysA.length !== keysB.length) return false;
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  return keysA.every((key) => Object.hasOwn(y, key) && sameValue(x[key], y[key]));
}

/** JSON with object keys sorted, so that equal values built in different key orders compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

import type { BookPlan } from './book-plan.js';
import { OrderBook } from './order-book.js';
import { ReferenceBook } from './reference-book.js';
import type { Command, PlanOutcome, PlanResult, Side } from './types.js';
import { CommandGenerator } from './command-generator.js';
import { checkInvariants } from './invariants.js';
import { Prng } from './seeded-random.js';

export interface FlowStats {
  operations: number;
  accepted: number;
  trades: number;
  triggered: number;
  dropped: number;
}

/**
 * Drives the fast book and the reference book through the same generated flow and throws at
 * the first difference in any outcome or in the books. After every operation it checks the
 * fast book's invariants and conservation of quantity per side: everything placed is filled,
 * cancelled, resting or pending. A tenth of the plans are dropped instead of applied.
 */
export function runDifferentialFlow(seed: number, operations: number): FlowStats {
  const fast = new OrderBook();
  const reference = new ReferenceBook();
  const commands = new CommandGenerator(seed);
  const drops = new Prng(seed ^ 0x5eed);
  const ledger = { buy: new SideLedger(), sell: new SideLedger() };
  const stats: FlowStats = { operations, accepted: 0, trades: 0, triggered: 0, dropped: 0 };
  for (let step = 0; step < operations; step += 1) {
    const command = commands.next();
    const got = fast.plan(command);
    const want = reference.plan(command);
    if (!sameValue(outcomeOf(got), outcomeOf(want))) {
      throw new Error(
        `seed ${seed} step ${step} ${JSON.stringify(command)}\nfast: ${outcomeKey(got)}\nreference: ${outcomeKey(want)}`,
      );
    }
    if (got.ok && want.ok) {
      if (drops.chance(0.1)) stats.dropped += 1;
      else {
        fast.apply(got.plan);
        reference.apply(want.plan);
        record(ledger, command, got.plan);
        commands.observe(got.plan);
        stats.accepted += 1;
        stats.trades += got.plan.trades.length;
        stats.triggered += got.plan.triggeredStops.length;
      }
    }
    checkInvariants(fast);
    checkConservation(fast, ledger);
    if (step % 97 === 0 || step === operations - 1)
      compareBooks(fast, reference, `seed ${seed} step ${step}`);
  }
  return stats;
}

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
    if (update.status === 'cancelled') ledger[update.side].cancelled += update.remainingQuantity;
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

function compareBooks(fast: OrderBook, reference: ReferenceBook, where: string): void {
  const snapshot = (book: OrderBook | ReferenceBook) =>
    canonical([
      book.restingOrders(),
      book.pendingStops(),
      book.depth(1_000),
      book.lastPrice,
      book.sequence,
    ]);
  const [got, want] = [snapshot(fast), snapshot(reference)];
  if (got !== want) throw new Error(`${where}: books differ\nfast: ${got}\nreference: ${want}`);
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

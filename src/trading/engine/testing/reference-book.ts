import type {
  BookDelta,
  Command,
  DepthSnapshot,
  LevelView,
  MatchingBook,
  PendingStopOrder,
  PlanOutcome,
  PlanResult,
  RejectCode,
  RestingOrder,
  Side,
} from '../types.js';
import { ReferenceRun, copyState, priorityOrder, triggerOrder } from './reference-run.js';
import type { State } from './reference-run.js';

export interface ReferencePlan extends PlanOutcome {
  readonly version: number;
  readonly after: State;
  readonly afterLevels: Levels;
}

/** Each side's levels by price. */
type Levels = Record<Side, Map<number, LevelView>>;

/**
 * The oracle for the fast book: the same rules written as plainly as possible. Planning runs
 * the command on a deep copy of the whole state and every choice is a scan of all orders.
 */
export class ReferenceBook implements MatchingBook<ReferencePlan> {
  private state: State = {
    resting: [],
    stops: [],
    lastPrice: null,
    sequence: 0,
    arrivals: 0,
    version: 0,
  };
  /** The levels of `state`, kept with it: a plan's deltas compare them with the run's. */
  private levels: Levels = { buy: new Map(), sell: new Map() };

  get lastPrice(): number | null {
    return this.state.lastPrice;
  }

  get sequence(): number {
    return this.state.sequence;
  }

  plan(command: Command): PlanResult<ReferencePlan> {
    const run = new ReferenceRun(copyState(this.state));
    const refusal = runCommand(run, command);
    if (refusal !== null) return { ok: false, code: refusal };
    const afterLevels = { buy: levelMap(run.state, 'buy'), sell: levelMap(run.state, 'sell') };
    const deltas = levelDiff(this.state.sequence, this.levels, afterLevels);
    run.state.sequence += deltas.length;
    run.state.version += 1;
    const { trades, orders, triggeredStops } = run;
    const plan = {
      version: this.state.version,
      after: run.state,
      afterLevels,
      trades,
      orders,
      deltas,
      triggeredStops,
      lastPrice: run.state.lastPrice,
    };
    return { ok: true, plan };
  }

  apply(plan: ReferencePlan): void {
    if (plan.version !== this.state.version) throw new Error('stale plan');
    this.state = plan.after;
    this.levels = plan.afterLevels;
  }

  depth(levels: number): DepthSnapshot {
    const all = levelsOf(this.state);
    return {
      sequence: this.state.sequence,
      bids: all.bids.slice(0, levels),
      asks: all.asks.slice(0, levels),
    };
  }

  restingOrders(): RestingOrder[] {
    const bids = priorityOrder(this.state.resting.filter((o) => o.side === 'buy'));
    const asks = priorityOrder(this.state.resting.filter((o) => o.side === 'sell'));
    return [...bids, ...asks].map(({ arrival: _, ...order }) => order);
  }

  pendingStops(): PendingStopOrder[] {
    const inOrder = (side: Side) => triggerOrder(this.state.stops.filter((s) => s.side === side));
    return [...inOrder('buy'), ...inOrder('sell')].map(({ arrival: _, ...stop }) => stop);
  }
}

function runCommand(run: ReferenceRun, command: Command): RejectCode | null {
  switch (command.kind) {
    case 'place':
      return run.place(command);
    case 'cancel':
      return run.cancel(command.key, false);
    case 'expire':
      return run.cancel(command.key, true);
    case 'amend':
      return run.amend(command);
    case 'cancel_all':
      return run.cancelAll(command.ownerKey);
  }
}

function levelsOf(state: State): { bids: LevelView[]; asks: LevelView[] } {
  const aggregate = (side: Side): LevelView[] => {
    const levels: LevelView[] = [];
    for (const order of priorityOrder(state.resting.filter((o) => o.side === side))) {
      const last = levels[levels.length - 1];
      if (last !== undefined && last.price === order.price) {
        levels[levels.length - 1] = {
          price: last.price,
          quantity: last.quantity + order.remainingQuantity,
          orderCount: last.orderCount + 1,
        };
      } else levels.push({ price: order.price, quantity: order.remainingQuantity, orderCount: 1 });
    }
    return levels;
  };
  return { bids: aggregate('buy'), asks: aggregate('sell') };
}

/** One delta per level whose aggregate differs between two books: bids then asks, best first. */
function levelDiff(sequence: number, before: Levels, after: Levels): BookDelta[] {
  const deltas: Omit<BookDelta, 'sequence'>[] = [];
  for (const side of ['buy', 'sell'] as const) {
    const [was, is] = [before[side], after[side]];
    const changed = [...was.keys(), ...[...is.keys()].filter((price) => !was.has(price))].filter(
      (price) => {
        const [old, now] = [was.get(price), is.get(price)];
        return old?.quantity !== now?.quantity || old?.orderCount !== now?.orderCount;
      },
    );
    for (const price of changed.sort((a, b) => (side === 'buy' ? b - a : a - b))) {
      deltas.push({ side, ...(is.get(price) ?? { price, quantity: 0, orderCount: 0 }) });
    }
  }
  return deltas.map((d, i) => ({ sequence: sequence + 1 + i, ...d }));
}

/** One side's levels by price (a deep book has hundreds: no search through a list). */
function levelMap(state: State, side: Side): Map<number, LevelView> {
  const levels = new Map<number, { price: number; quantity: number; orderCount: number }>();
  for (const order of state.resting) {
    if (order.side !== side) continue;
    const level = levels.get(order.price);
    if (level === undefined) {
      levels.set(order.price, {
        price: order.price,
        quantity: order.remainingQuantity,
        orderCount: 1,
      });
    } else {
      level.quantity += order.remainingQuantity;
      level.orderCount += 1;
    }
  }
  return levels;
}

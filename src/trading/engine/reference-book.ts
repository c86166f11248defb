import type {
  BookDelta,
  Command,
  DepthSnapshot,
  LevelView,
  MatchingBook,
  PendingStopOrder,
  PlanOutcome,
  PlanResult,
  RestingOrder,
  Side,
} from './types.js';
import { ReferenceRun, copyState, priorityOrder, triggerOrder } from './reference-run.js';
import type { State } from './reference-run.js';

export interface ReferencePlan extends PlanOutcome {
  readonly version: number;
  readonly after: State;
}

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

  get lastPrice(): number | null {
    return this.state.lastPrice;
  }

  get sequence(): number {
    return this.state.sequence;
  }

  plan(command: Command): PlanResult<ReferencePlan> {
    const run = new ReferenceRun(copyState(this.state));
    const refusal = command.kind === 'place' ? run.place(command) : run.cancel(command.key);
    if (refusal !== null) return { ok: false, code: refusal };
    const deltas = levelDiff(this.state, run.state);
    run.state.sequence += deltas.length;
    run.state.version += 1;
    const { trades, orders, triggeredStops } = run;
    const plan = {
      version: this.state.version,
      after: run.state,
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

/** One delta per level whose aggregate differs between two states: bids then asks, best first. */
function levelDiff(before: State, after: State): BookDelta[] {
  const deltas: Omit<BookDelta, 'sequence'>[] = [];
  const [was, is] = [levelsOf(before), levelsOf(after)];
  for (const side of ['buy', 'sell'] as const) {
    const key = side === 'buy' ? 'bids' : 'asks';
    const prices = new Set([...was[key], ...is[key]].map((l) => l.price));
    const sorted = [...prices].sort((a, b) => (side === 'buy' ? b - a : a - b));
    for (const price of sorted) {
      const old = was[key].find((l) => l.price === price);
      const now = is[key].find((l) => l.price === price) ?? { price, quantity: 0, orderCount: 0 };
      if (old?.quantity !== now.quantity || old.orderCount !== now.orderCount) {
        deltas.push({ side, ...now });
      }
    }
  }
  return deltas.map((d, i) => ({ sequence: before.sequence + 1 + i, ...d }));
}

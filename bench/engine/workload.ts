import { OrderBook } from '../../src/trading/engine/index.js';
import { Prng } from '../../src/trading/engine/testing/seeded-random.js';
import { Handles } from './commands.js';

/** One step of a benchmark stream, independent of the engine that will run it. */
export type BenchOp =
  | {
      kind: 'limit';
      id: string;
      owner: string;
      side: 'buy' | 'sell';
      price: number;
      quantity: number;
    }
  | { kind: 'market'; id: string; owner: string; side: 'buy' | 'sell'; quantity: number }
  | {
      kind: 'stop_market';
      id: string;
      owner: string;
      side: 'buy' | 'sell';
      stopPrice: number;
      quantity: number;
    }
  | {
      kind: 'stop_limit';
      id: string;
      owner: string;
      side: 'buy' | 'sell';
      price: number;
      stopPrice: number;
      quantity: number;
    }
  | { kind: 'cancel'; id: string };

export interface Workload {
  readonly name: string;
  /** Orders loaded before the clock starts (the crossing workload needs a book to cross). */
  readonly preload: readonly BenchOp[];
  readonly ops: readonly BenchOp[];
}

/** The seed of the benchmark's streams. */
export const SEED = 20_240_611;

/** The benchmark's workloads by name, as `npm run bench:engine` runs them. */
export const WORKLOADS: Record<string, () => Workload> = {
  'add-only': () => addOnlyWorkload(300_000, SEED),
  crossing: () => crossingWorkload(50_000, SEED),
  mixed: () => mixedWorkload(500_000, SEED, 200_000),
  'deep-10k': () =>
    bandWorkload({ ...DEEP, name: 'deep-10k', resting: 10_000, band: 150 }, 100_000, SEED),
  'deep-100k': () =>
    bandWorkload({ ...DEEP, name: 'deep-100k', resting: 100_000, band: 1_500 }, 100_000, SEED),
  stops: () =>
    bandWorkload(
      { ...DEEP, name: 'stops', resting: 10_000, band: 150, stops: 20_000, stopBand: 400 },
      100_000,
      SEED,
    ),
  cancels: () =>
    bandWorkload(
      {
        ...DEEP,
        name: 'cancels',
        resting: 10_000,
        band: 300,
        rest: 0.3,
        cross: 0.07,
        cancel: 0.6,
        market: 0.03,
      },
      100_000,
      SEED,
    ),
  'hot-level': () =>
    bandWorkload({ ...DEEP, name: 'hot-level', resting: 5_000, band: 20, hot: 0.8 }, 100_000, SEED),
};

const START_MID = 10_000;
const OWNERS = 1_000;

/** UUID-shaped ids (36 characters), like the UUID v7 strings the trading service will pass. */
function uuid(n: number): string {
  return `01937a2c-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

class IdSource {
  private next = 0;
  readonly owners = Array.from({ length: OWNERS }, (_, i) => uuid(1e9 + i));
  order(): string {
    return uuid(this.next++);
  }
}

/**
 * The mixed workload: a random-walk mid price; resting limits near it (40%), limits crossing it
 * (15%), cancels of orders resting at that point of the stream (30%), market orders (10%) and
 * stop orders, half stop-limit, half stop-market (5%). To know which orders rest, the stream is
 * run through a book while it is generated (Tessera's engine, which the differential tests hold
 * to the reference book): a cancel always names a resting order, as the workload asks,
 * and the book stays at the size a market with active cancelling keeps.
 */
export function mixedWorkload(count: number, seed: number, warmup = 0): Workload {
  const r = new Prng(seed);
  const ids = new IdSource();
  const resting = new RestingSet();
  const ops: BenchOp[] = [];
  let mid = START_MID;
  for (let i = 0; i < warmup + count; i += 1) {
    if (r.chance(0.3)) mid = Math.max(1_000, mid + r.int(-1, 1));
    const side = r.chance(0.5) ? 'buy' : 'sell';
    const away = side === 'buy' ? -1 : 1;
    const owner = r.pick(ids.owners);
    const roll = r.next();
    let op: BenchOp;
    if (roll < 0.55) {
      const price = roll < 0.4 ? mid + away * r.int(1, 20) : mid - away * r.int(0, 3);
      op = { kind: 'limit', id: ids.order(), owner, side, price, quantity: r.int(1, 100) };
    } else if (roll < 0.85 && resting.size > 0) {
      op = { kind: 'cancel', id: resting.pick(r) };
    } else if (roll < 0.95) {
      op = { kind: 'market', id: ids.order(), owner, side, quantity: r.int(1, 50) };
    } else {
      const stopPrice = mid - away * r.int(2, 10);
      const quantity = r.int(1, 50);
      if (r.chance(0.5))
        op = { kind: 'stop_market', id: ids.order(), owner, side, stopPrice, quantity };
      else {
        const price = stopPrice - away * r.int(0, 2);
        op = { kind: 'stop_limit', id: ids.order(), owner, side, price, stopPrice, quantity };
      }
    }
    ops.push(op);
    resting.follow(op);
  }
  return { name: 'mixed', preload: ops.slice(0, warmup), ops: ops.slice(warmup) };
}

/**
 * A family of streams over a band of prices: `resting` limit orders preloaded uniformly over
 * `band` ticks each side of the mid (so a deep book has `2 * band` levels, orders placed across
 * all of them) and `stops` pending stops within `stopBand` ticks beyond it, then a stream of
 * resting limits across the band (a `hot` share of them at the one price next to the mid, the
 * hot level), crossing limits, cancels of orders resting anywhere in the book at that point of
 * the stream, market orders and new stops, in the shares the shape gives.
 */
export interface BandShape {
  readonly name: string;
  readonly resting: number;
  readonly band: number;
  readonly stops: number;
  readonly stopBand: number;
  readonly hot: number;
  /** Shares of the stream; what is left of 1 after them is new stops. */
  readonly rest: number;
  readonly cross: number;
  readonly cancel: number;
  readonly market: number;
}

const DEEP: Omit<BandShape, 'name' | 'resting' | 'band'> = {
  stops: 0,
  stopBand: 100,
  hot: 0,
  rest: 0.4,
  cross: 0.15,
  cancel: 0.3,
  market: 0.1,
};

export function bandWorkload(shape: BandShape, count: number, seed: number): Workload {
  const r = new Prng(seed);
  const ids = new IdSource();
  const resting = new RestingSet();
  const mid = START_MID;
  const preload: BenchOp[] = [];
  const sideOf = (i: number) => (i % 2 === 0 ? 'buy' : 'sell');
  const away = (side: 'buy' | 'sell') => (side === 'buy' ? -1 : 1);
  const restAt = (side: 'buy' | 'sell', price: number): BenchOp => {
    const owner = r.pick(ids.owners);
    return { kind: 'limit', id: ids.order(), owner, side, price, quantity: r.int(1, 100) };
  };
  const stopAt = (side: 'buy' | 'sell', stopPrice: number): BenchOp => {
    const owner = r.pick(ids.owners);
    const quantity = r.int(1, 20);
    if (r.chance(0.5))
      return { kind: 'stop_market', id: ids.order(), owner, side, stopPrice, quantity };
    const price = stopPrice - away(side) * r.int(0, 2);
    return { kind: 'stop_limit', id: ids.order(), owner, side, price, stopPrice, quantity };
  };
  for (let i = 0; i < shape.resting; i += 1) {
    const side = sideOf(i);
    preload.push(restAt(side, mid + away(side) * r.int(1, shape.band)));
  }
  for (let i = 0; i < shape.stops; i += 1) {
    const side = sideOf(i);
    preload.push(stopAt(side, mid - away(side) * r.int(1, shape.stopBand)));
  }
  for (const op of preload) resting.follow(op);
  const ops: BenchOp[] = [];
  let walk = mid;
  for (let i = 0; i < count; i += 1) {
    if (r.chance(0.3)) walk = Math.max(1_000, walk + r.int(-1, 1));
    const side = r.chance(0.5) ? 'buy' : 'sell';
    const owner = r.pick(ids.owners);
    const roll = r.next();
    let op: BenchOp;
    if (roll < shape.rest) {
      const ticks = r.chance(shape.hot) ? 1 : r.int(1, shape.band);
      op = restAt(side, walk + away(side) * ticks);
    } else if (roll < shape.rest + shape.cross) {
      const price = walk - away(side) * r.int(0, 3);
      op = { kind: 'limit', id: ids.order(), owner, side, price, quantity: r.int(1, 100) };
    } else if (roll < shape.rest + shape.cross + shape.cancel && resting.size > 0) {
      op = { kind: 'cancel', id: resting.pick(r) };
    } else if (roll < shape.rest + shape.cross + shape.cancel + shape.market) {
      op = { kind: 'market', id: ids.order(), owner, side, quantity: r.int(1, 50) };
    } else op = stopAt(side, walk - away(side) * r.int(1, shape.stopBand));
    ops.push(op);
    resting.follow(op);
  }
  return { name: shape.name, preload, ops };
}

/** The orders resting in a book that the generated stream runs through, for picking cancels. */
class RestingSet {
  private readonly book = new OrderBook();
  private readonly handles = new Handles();
  private readonly ids: string[] = [];
  private readonly positions = new Map<string, number>();

  get size(): number {
    return this.ids.length;
  }

  pick(r: Prng): string {
    return this.ids[r.int(0, this.ids.length - 1)] as string;
  }

  /** Runs `op` through the book and tracks which orders now rest. */
  follow(op: BenchOp): void {
    const result = this.book.plan(this.handles.command(op));
    if (!result.ok) return;
    const plan = result.plan;
    for (let i = 0; i < plan.updateCount; i += 1) {
      const { orderId, status } = plan.updateAt(i);
      if (status === 'open' || status === 'partially_filled') this.add(orderId);
      else this.remove(orderId);
    }
    this.book.apply(plan);
  }

  private add(id: string): void {
    if (this.positions.has(id)) return;
    this.positions.set(id, this.ids.length);
    this.ids.push(id);
  }

  private remove(id: string): void {
    const index = this.positions.get(id);
    if (index === undefined) return;
    const last = this.ids.pop() as string;
    if (last !== id) {
      this.ids[index] = last;
      this.positions.set(last, index);
    }
    this.positions.delete(id);
  }
}

/** Only resting limit orders, within 50 ticks either side of a fixed mid: the book only grows. */
export function addOnlyWorkload(count: number, seed: number): Workload {
  const r = new Prng(seed);
  const ids = new IdSource();
  return { name: 'add-only', preload: [], ops: restingOrders(r, ids, count) };
}

/**
 * Every order crosses and fills completely: a book of `count` resting orders of 10 is loaded
 * untimed, then `count` limit orders of 10 alternate sides, each priced at the opposite order it
 * will fill (an aggressive limit order at the touch). Takers and makers have different owners.
 */
export function crossingWorkload(count: number, seed: number): Workload {
  const r = new Prng(seed);
  const ids = new IdSource();
  const preload = restingOrders(r, ids, count).map((op) => ({ ...op, quantity: 10 }));
  const byPriority = (side: 'buy' | 'sell') =>
    preload
      .filter((op) => op.side === side)
      .map((op, arrival) => ({ price: op.price, arrival }))
      .sort((a, b) =>
        a.price === b.price
          ? a.arrival - b.arrival
          : side === 'buy'
            ? b.price - a.price
            : a.price - b.price,
      );
  const targets = { buy: byPriority('sell'), sell: byPriority('buy') };
  const ops: BenchOp[] = [];
  for (let i = 0; i < count; i += 1) {
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const target = targets[side][i >> 1];
    if (target === undefined) break;
    const owner = `taker-${r.int(1, OWNERS)}`;
    ops.push({ kind: 'limit', id: ids.order(), owner, side, price: target.price, quantity: 10 });
  }
  return { name: 'crossing', preload, ops };
}

function restingOrders(r: Prng, ids: IdSource, count: number) {
  const ops = [];
  for (let i = 0; i < count; i += 1) {
    const side: 'buy' | 'sell' = i % 2 === 0 ? 'buy' : 'sell';
    const price = START_MID + (side === 'buy' ? -1 : 1) * r.int(1, 50);
    ops.push({
      kind: 'limit' as const,
      id: ids.order(),
      owner: r.pick(ids.owners),
      side,
      price,
      quantity: r.int(1, 100),
    });
  }
  return ops;
}

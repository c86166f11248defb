import type { Command, OrderType, PlanOutcome, Side, TimeInForce } from '../types.js';
import { Prng } from './seeded-random.js';

/**
 * The shape of a generated flow. `small`: a small, busy book around a drifting mid, few owners
 * (so self-trade prevention happens often). `deep`: a book of about a thousand live orders over
 * hundreds of levels spread across thousands of ticks (wider than the book side's level cache),
 * with far stops, a busy touch and occasional large orders sweeping many levels.
 */
export type FlowShape = 'small' | 'deep';

const SHAPES = {
  small: { bookSize: 40, owners: 4, mid: 1_000, far: 0, farBand: 0, large: 0 },
  deep: { bookSize: 400, owners: 10, mid: 10_000, far: 0.45, farBand: 3_000, large: 0.03 },
} as const;

/**
 * Random command flows for the differential tests: every order type and time in force, cancels,
 * expiries and amends (of quantity, price, both or nothing) of live and unknown keys, cancel-alls
 * of owners with and without orders, duplicate ids and invalid values. Same seed and same
 * observed outcomes, same flow.
 */
export class CommandGenerator {
  private readonly random: Prng;
  private readonly shape: (typeof SHAPES)[FlowShape];
  /** Ids the generator believes live; cancels, expiries and amends pick among them. */
  private readonly live: string[] = [];
  /** Where each live id sits in `live`, so that dropping one is not a scan of a deep book. */
  private readonly positions = new Map<string, number>();
  /** Each id's integer key (the trading service's role): ids and keys are never reused. */
  private readonly keys = new Map<string, number>();
  private mid: number;
  private count = 0;

  constructor(seed: number, shape: FlowShape = 'small') {
    this.random = new Prng(seed);
    this.shape = SHAPES[shape];
    this.mid = this.shape.mid;
  }

  /** Tells the generator what an applied command did, so it can pick live orders. */
  observe(outcome: PlanOutcome): void {
    for (const update of outcome.orders) {
      const status = update.status;
      if (status === 'filled' || status === 'cancelled' || status === 'expired') {
        this.drop(update.orderId);
      } else if (!this.positions.has(update.orderId)) {
        this.positions.set(update.orderId, this.live.length);
        this.live.push(update.orderId);
      }
    }
  }

  next(): Command {
    const r = this.random;
    this.mid = Math.max(20, this.mid + r.int(-1, 1));
    const cancelRate = Math.min(0.6, (0.25 * this.live.length) / this.shape.bookSize);
    const roll = r.next();
    if (roll < cancelRate) {
      const key = r.chance(0.97) ? this.keyOf(r.pick(this.live)) : -1;
      return r.chance(0.15) ? { kind: 'expire', key } : { kind: 'cancel', key };
    }
    if (this.live.length > 0) {
      if (roll < cancelRate + 0.08) return this.amend();
      if (roll < cancelRate + 0.1) return this.place(r.pick(this.live));
    }
    if (roll > 0.996) {
      const ownerKey = r.chance(0.05) ? -1 : r.int(0, this.shape.owners);
      return { kind: 'cancel_all', ownerKey };
    }
    return this.place(`o${this.count++}`);
  }

  private drop(orderId: string): void {
    const index = this.positions.get(orderId);
    if (index === undefined) return;
    const last = this.live.pop() as string;
    if (last !== orderId) {
      this.live[index] = last;
      this.positions.set(last, index);
    }
    this.positions.delete(orderId);
  }

  private keyOf(orderId: string): number {
    let key = this.keys.get(orderId);
    if (key === undefined) this.keys.set(orderId, (key = this.keys.size));
    return key;
  }

  /** An amend of a live order (rarely an unknown key) with random, sometimes invalid, values. */
  private amend(): Command {
    const r = this.random;
    const key = r.chance(0.97) ? this.keyOf(r.pick(this.live)) : -1;
    const quantity = r.chance(0.03) ? r.pick([0, -1, 1.5]) : r.int(1, 14);
    const price = r.chance(0.03) ? r.pick([0, -4, 2.5]) : this.offset(r.pick([-1, 1]), -4, 6);
    const which = r.next();
    if (which < 0.4) return { kind: 'amend', key, quantity };
    if (which < 0.75) return { kind: 'amend', key, price };
    if (which < 0.95) return { kind: 'amend', key, quantity, price };
    return { kind: 'amend', key };
  }

  /** A price `away` from the mid by [low, high] ticks, or (deep books) anywhere in the far band. */
  private offset(away: number, low: number, high: number): number {
    const r = this.random;
    const ticks = r.chance(this.shape.far) ? r.int(1, this.shape.farBand) : r.int(low, high);
    return Math.max(1, this.mid + away * ticks);
  }

  private place(orderId: string): Command {
    const r = this.random;
    const side: Side = r.chance(0.5) ? 'buy' : 'sell';
    const type = r.pick<OrderType>([
      'limit',
      'limit',
      'limit',
      'limit',
      'market',
      'stop_loss',
      'stop_limit',
    ]);
    const away = side === 'buy' ? -1 : 1;
    const price = this.offset(away, -3, 6);
    const stopPrice = this.offset(-away, -2, 5);
    const large = r.chance(this.shape.large);
    const quantity = r.chance(0.02) ? r.pick([0, -1, 1.5]) : r.int(1, large ? 400 : 12);
    const limitTifs: TimeInForce[] = ['GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'];
    const marketTifs: (TimeInForce | undefined)[] = [undefined, undefined, 'IOC', 'FOK'];
    const priced = type === 'limit' || type === 'stop_limit';
    const owner = r.int(1, this.shape.owners);
    return {
      kind: 'place',
      key: this.keyOf(orderId),
      orderId,
      ownerId: `u${owner}`,
      ownerKey: owner,
      side,
      type,
      quantity,
      price: priced ? price : r.chance(0.2) ? this.mid - away * r.int(0, 6) : undefined,
      stopPrice: type === 'stop_loss' || type === 'stop_limit' ? stopPrice : undefined,
      timeInForce: priced ? (r.chance(0.3) ? undefined : r.pick(limitTifs)) : r.pick(marketTifs),
    };
  }
}

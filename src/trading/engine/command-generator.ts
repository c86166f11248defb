import type { Command, OrderType, PlanOutcome, Side, TimeInForce } from './types.js';
import { Prng } from './seeded-random.js';

/**
 * Random command flows for the differential tests: a small, busy book around a drifting mid
 * price, few owners (so self-trade prevention happens), every order type and time in force,
 * cancels of live and unknown ids, duplicate ids and invalid values. Same seed and same
 * observed outcomes, same flow.
 */
export class CommandGenerator {
  private readonly random: Prng;
  /** Ids the generator believes live; cancels pick among them. */
  private readonly live: string[] = [];
  /** Each id's integer key (the trading service's role): ids and keys are never reused. */
  private readonly keys = new Map<string, number>();
  private mid = 1_000;
  private count = 0;

  constructor(
    seed: number,
    /** The live-order count around which cancels balance placements. */
    private readonly bookSize = 40,
    private readonly owners = 4,
  ) {
    this.random = new Prng(seed);
  }

  /** Tells the generator what an applied command did, so it can cancel live orders. */
  observe(outcome: PlanOutcome): void {
    for (const update of outcome.orders) {
      if (update.status === 'filled' || update.status === 'cancelled') {
        const index = this.live.indexOf(update.orderId);
        if (index !== -1) this.live.splice(index, 1);
      } else if (update.status === 'open' || update.status === 'pending_stop') {
        if (!this.live.includes(update.orderId)) this.live.push(update.orderId);
      }
    }
  }

  next(): Command {
    const r = this.random;
    this.mid = Math.max(20, this.mid + r.int(-1, 1));
    const cancelRate = Math.min(0.6, (0.25 * this.live.length) / this.bookSize);
    const roll = r.next();
    if (roll < cancelRate) {
      const key = r.chance(0.97) ? this.keyOf(r.pick(this.live)) : -1;
      return { kind: 'cancel', key };
    }
    if (roll < cancelRate + 0.02 && this.live.length > 0) return this.place(r.pick(this.live));
    return this.place(`o${this.count++}`);
  }

  private keyOf(orderId: string): number {
    let key = this.keys.get(orderId);
    if (key === undefined) this.keys.set(orderId, (key = this.keys.size));
    return key;
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
    const price = this.mid + away * r.int(-3, 6);
    const stopPrice = this.mid - away * r.int(-2, 5);
    const quantity = r.chance(0.02) ? r.pick([0, -1, 1.5]) : r.int(1, 12);
    const limitTifs: TimeInForce[] = ['GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'];
    const marketTifs: (TimeInForce | undefined)[] = [undefined, undefined, 'IOC', 'FOK'];
    const priced = type === 'limit' || type === 'stop_limit';
    const owner = r.int(1, this.owners);
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

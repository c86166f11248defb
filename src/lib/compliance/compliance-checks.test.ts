/**
 * Orders the order-time check accepts never fail settlement's pre-check on a rule: generated
 * flows of a market (allocations, buys and sells checked as the exchange checks them, fills
 * between any buy and sell, cancels, time passing, settlement of any booked trade in any order)
 * over generated rule sets. The market model stands in for the database the queries read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateBookedTrade,
  evaluateOrder,
  evaluatePayout,
  evaluateSubscription,
  type HolderRecord,
} from './compliance-checks.js';
import { maxBalanceUnits, noComplianceRules, type ComplianceRules } from './compliance-rules.js';
import type { TokenState } from './evaluate-transfer.js';
import { ruleSet, testCountries, testEpoch } from './testing/arbitraries.js';

const day = 86_400_000;
const totalSupply = 120;
const users = 6;

type Step =
  | { kind: 'order'; user: number; side: 'buy' | 'sell'; quantity: number }
  | { kind: 'fill'; buy: number; sell: number; quantity: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'wait'; days: number }
  | { kind: 'settle'; trade: number };

interface Order {
  user: number;
  side: 'buy' | 'sell';
  remaining: number;
}

class Market {
  readonly balance: number[];
  readonly lockedForSale = Array<number>(users).fill(0);
  readonly orders: Order[] = [];
  readonly booked: { buyer: number; seller: number; quantity: number }[] = [];
  now = testEpoch;

  constructor(
    readonly countries: number[],
    readonly allocations: { quantity: number; at: Date }[][],
  ) {
    this.balance = allocations.map((list) => list.reduce((sum, a) => sum + a.quantity, 0));
  }

  holder(user: number): HolderRecord {
    return {
      country: this.countries[user]!,
      balance: this.balance[user]!,
      lockedForSale: this.lockedForSale[user]!,
      openBuys: this.orders
        .filter((o) => o.user === user && o.side === 'buy')
        .reduce((sum, o) => sum + o.remaining, 0),
      pendingAllocated: 0,
      allocations: this.allocations[user]!,
    };
  }

  /** What compliance-state.queries.ts counts: `committed` adds users with open buys. */
  token(count: 'booked' | 'committed'): TokenState {
    const byCountry = new Map<number, number>();
    let holders = 0;
    for (let user = 0; user < users; user++) {
      const h = this.holder(user);
      if (h.balance > 0 || (count === 'committed' && h.openBuys > 0)) {
        holders++;
        byCountry.set(h.country, (byCountry.get(h.country) ?? 0) + 1);
      }
    }
    const minted = this.allocations.flat().reduce((sum, a) => sum + a.quantity, 0);
    return { totalSupply, minted, holders, holdersByCountry: byCountry };
  }
}

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      user: fc.nat(users - 1),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.integer({ min: 1, max: 12 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('fill' as const),
      buy: fc.nat(),
      sell: fc.nat(),
      quantity: fc.integer({ min: 1, max: 12 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      days: fc.integer({ min: 1, max: 20 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const), trade: fc.nat() }) },
);

const flow = fc.record({
  rules: ruleSet(totalSupply),
  countries: fc.array(fc.constantFrom(...testCountries), { minLength: users, maxLength: users }),
  allocations: fc.array(
    fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 15 }),
        at: fc.integer({ min: -60, max: 0 }).map((d) => new Date(+testEpoch + d * day)),
      }),
      { maxLength: 2 },
    ),
    { minLength: users, maxLength: users },
  ),
  steps: fc.array(step, { minLength: 40, maxLength: 120 }),
});

/** The allocations hold the rules that take a state: holder caps, maximum balance. */
function withinRules(rules: ComplianceRules, market: Market): boolean {
  const token = market.token('booked');
  if (rules.maxHolders !== null && token.holders > rules.maxHolders) return false;
  const perCountry = rules.maxHoldersPerCountry;
  if (perCountry !== null && [...token.holdersByCountry.values()].some((n) => n > perCountry))
    return false;
  const max = rules.maxBalance && maxBalanceUnits(rules.maxBalance, totalSupply);
  return max === null || market.balance.every((b) => b <= max);
}

/** Runs a flow; answers what it did, failing the test on a settlement refusal. */
function run(rules: ComplianceRules, market: Market, steps: Step[]) {
  const seen = { accepted: 0, refused: 0, settled: 0 };
  const settled = new Set<number>();
  const settle = (index: number) => {
    const trade = market.booked[index];
    if (!trade || settled.has(index)) return;
    settled.add(index);
    const verdict = evaluateBookedTrade(
      rules,
      market.token('booked'),
      market.holder(trade.buyer),
      market.holder(trade.seller),
      trade.quantity,
      market.now,
    );
    expect(verdict).toEqual({ allowed: true });
    seen.settled++;
  };
  for (const s of steps) {
    if (s.kind === 'order') {
      const holder = market.holder(s.user);
      // the exchange's own check: only free units may be offered
      if (s.side === 'sell' && holder.balance - holder.lockedForSale < s.quantity) continue;
      const verdict = evaluateOrder(
        rules,
        market.token('committed'),
        holder,
        s.side,
        s.quantity,
        market.now,
      );
      if (!verdict.allowed) {
        seen.refused++;
        continue;
      }
      seen.accepted++;
      market.orders.push({ user: s.user, side: s.side, remaining: s.quantity });
      if (s.side === 'sell') market.lockedForSale[s.user]! += s.quantity;
    } else if (s.kind === 'fill') {
      // the s.buy-th open buy against the s.sell-th open sell of another user
      const open = (side: 'buy' | 'sell') =>
        market.orders.filter((o) => o.side === side && o.remaining > 0);
      const buys = open('buy');
      const buy = buys[s.buy % Math.max(buys.length, 1)];
      const sells = open('sell').filter((o) => o.user !== buy?.user);
      const sell = sells[s.sell % Math.max(sells.length, 1)];
      if (!buy || !sell) continue;
      const quantity = Math.min(s.quantity, buy.remaining, sell.remaining);
      if (quantity === 0) continue;
      buy.remaining -= quantity;
      sell.remaining -= quantity;
      market.balance[buy.user]! += quantity;
      market.balance[sell.user]! -= quantity;
      market.lockedForSale[sell.user]! -= quantity;
      market.booked.push({ buyer: buy.user, seller: sell.user, quantity });
    } else if (s.kind === 'cancel') {
      const order = market.orders[s.order % Math.max(market.orders.length, 1)];
      if (!order) continue;
      if (order.side === 'sell') market.lockedForSale[order.user]! -= order.remaining;
      order.remaining = 0;
    } else if (s.kind === 'wait') {
      market.now = new Date(+market.now + s.days * day);
    } else {
      settle(s.trade % Math.max(market.booked.length, 1));
    }
  }
  // whatever is still booked settles in the end
  market.booked.forEach((_, index) => settle(index));
  return seen;
}

describe('compliance at order time', () => {
  it('never lets an accepted order fail settlement on a rule', () => {
    const total = { accepted: 0, refused: 0, settled: 0 };
    fc.assert(
      fc.property(flow, ({ rules, countries, allocations, steps }) => {
        const market = new Market(countries, allocations);
        // the rules are in force from the first allocation (the issuer's, at listing)
        fc.pre(withinRules(rules, market));
        const seen = run(rules, market, steps);
        total.accepted += seen.accepted;
        total.refused += seen.refused;
        total.settled += seen.settled;
      }),
      { numRuns: 2000, seed: 31 },
    );
    // the rules bite and trades happen: the property is not vacuous
    expect(total.refused).toBeGreaterThan(5000);
    expect(total.accepted).toBeGreaterThan(5000);
    expect(total.settled).toBeGreaterThan(2000);
  });

  it('counts open buys toward the buyer’s maximum balance', () => {
    const rules = { ...noComplianceRules, maxBalance: { units: 10 } };
    const market = new Market([840, 840], [[], []]);
    market.orders.push({ user: 0, side: 'buy', remaining: 8 });
    const token = market.token('committed');
    expect(evaluateOrder(rules, token, market.holder(0), 'buy', 2, testEpoch).allowed).toBe(true);
    expect(evaluateOrder(rules, token, market.holder(0), 'buy', 3, testEpoch)).toMatchObject({
      allowed: false,
      code: 'COMPLIANCE_MAX_BALANCE',
    });
  });

  it('counts a buyer with open buys as a holder', () => {
    const rules = { ...noComplianceRules, maxHolders: 1 };
    const market = new Market([840, 840], [[], []]);
    market.orders.push({ user: 0, side: 'buy', remaining: 1 });
    const token = market.token('committed');
    expect(evaluateOrder(rules, token, market.holder(0), 'buy', 5, testEpoch).allowed).toBe(true);
    expect(evaluateOrder(rules, token, market.holder(1), 'buy', 1, testEpoch)).toMatchObject({
      allowed: false,
      code: 'COMPLIANCE_MAX_HOLDERS',
    });
  });

  it('refuses to offer locked-up units, counting those already offered', () => {
    const rules = { ...noComplianceRules, lockUp: { daysAfterAllocation: 30 } };
    const market = new Market([840], [[{ quantity: 10, at: testEpoch }]]);
    market.balance[0] = 14;
    market.lockedForSale[0] = 3;
    const at = new Date(+testEpoch + day);
    expect(
      evaluateOrder(rules, market.token('committed'), market.holder(0), 'sell', 1, at),
    ).toEqual({ allowed: true });
    expect(
      evaluateOrder(rules, market.token('committed'), market.holder(0), 'sell', 2, at),
    ).toMatchObject({ allowed: false, code: 'COMPLIANCE_LOCKED_UP' });
  });

  it('checks a subscription as a mint, with pending subscriptions in the balance and supply', () => {
    const rules = { ...noComplianceRules, maxBalance: { units: 10 }, supplyCap: 55 };
    const token: TokenState = { totalSupply, minted: 45, holders: 1, holdersByCountry: new Map() };
    const holder: HolderRecord = { ...new Market([840], [[]]).holder(0), pendingAllocated: 4 };
    expect(evaluateSubscription(rules, token, holder, 5, testEpoch)).toEqual({ allowed: true });
    expect(evaluateSubscription(rules, token, holder, 7, testEpoch)).toMatchObject({
      code: 'COMPLIANCE_MAX_BALANCE',
    });
    expect(
      evaluateSubscription(rules, { ...token, minted: 51 }, holder, 5, testEpoch),
    ).toMatchObject({ code: 'COMPLIANCE_SUPPLY_CAP' });
  });

  it('pays a dividend from the issuer’s locked-up units (a payout is not a sale)', () => {
    const rules = { ...noComplianceRules, lockUp: { until: new Date(+testEpoch + day) } };
    const market = new Market([840, 840, 276], [[{ quantity: 10, at: testEpoch }], [], []]);
    market.balance[0] = 16;
    const token = market.token('committed');
    const pay = (a: number, b: number) =>
      evaluatePayout(
        rules,
        token,
        market.holder(0),
        [
          { holder: market.holder(1), quantity: a },
          { holder: market.holder(2), quantity: b },
        ],
        testEpoch,
      );
    expect(pay(3, 3)).toEqual({ allowed: true });
    expect(pay(3, 4)).toEqual({ allowed: true });
    const sell = evaluateOrder(rules, token, market.holder(0), 'sell', 7, testEpoch);
    expect(sell).toMatchObject({ code: 'COMPLIANCE_LOCKED_UP' });
  });
});

import { describe, expect, it } from 'vitest';
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import { testConfig } from '../../../test/support/config.js';
import { Prng } from '../engine/testing/seeded-random.js';
import { detect } from './detect.js';
import { MarketWindow } from './market-window.js';
import type { Thresholds } from './thresholds.js';

/** The platform's defaults (the settings' defaults; docs/market-data.md lists them). */
const thresholds: Thresholds = testConfig().surveillance;

const t0 = Date.parse('2026-01-05T10:00:00Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000);
let ids = 0;

function order(
  user: string,
  side: 'buy' | 'sell',
  quantity: number,
  price: string,
  seconds: number,
): Order {
  return {
    id: `o${++ids}`,
    user_id: user,
    token_id: 'tok',
    side,
    order_type: 'limit',
    time_in_force: 'GTC',
    price,
    stop_price: null,
    quantity,
    filled_quantity: 0,
    remaining_quantity: quantity,
    locked_fiat: '0',
    filled_value: '0',
    status: 'open',
    cancel_reason: null,
    engine_key: ids,
    priority: ids,
    expires_at: null,
    client_order_id: null,
    request_hash: null,
    created_at: at(seconds),
    updated_at: at(seconds),
  };
}

const cancel = (o: Order, seconds: number, reason = 'CANCELLED_BY_OWNER'): Order => ({
  ...o,
  status: 'cancelled',
  cancel_reason: reason,
  updated_at: at(seconds),
});

function trade(buyer: string, seller: string, quantity: number, price: string, seconds: number) {
  return {
    id: `t${++ids}`,
    buyer_id: buyer,
    seller_id: seller,
    buy_order_id: null,
    sell_order_id: null,
    price,
    quantity,
    created_at: at(seconds),
  } as unknown as Trade;
}

/** Ordinary orders of a few traders, so that "large" has a mean to be measured against. */
function background(window: MarketWindow, seconds: number) {
  for (const user of ['x', 'y', 'z', 'w']) {
    detect(window, { trades: [], orders: [order(user, 'buy', 10, '9.50', seconds)] }, thresholds);
  }
}

it('runs with the documented defaults', () => {
  expect(thresholds).toEqual({
    spoofing_size_multiple: 5,
    spoofing_max_lifetime_seconds: 60,
    layering_min_levels: 3,
    layering_window_seconds: 10,
    wash_window_seconds: 120,
    wash_min_round_trips: 2,
    wash_price_tolerance_bps: 10,
  });
});

describe('spoofing', () => {
  it('fires on a large order cancelled soon while its owner traded the other side', () => {
    const window = new MarketWindow();
    background(window, 0);
    const spoof = order('s', 'buy', 200, '9.99', 1);
    expect(detect(window, { trades: [], orders: [spoof] }, thresholds)).toEqual([]);
    const sold = trade('b', 's', 5, '10.01', 5);
    expect(detect(window, { trades: [sold], orders: [] }, thresholds)).toEqual([]);
    const [finding, ...rest] = detect(
      window,
      { trades: [], orders: [cancel(spoof, 8)] },
      thresholds,
    );
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ rule: 'spoofing', userId: 's' });
    expect(finding!.orders.map((o) => o.id)).toEqual([spoof.id]);
    expect(finding!.trades.map((t) => t.id)).toEqual([sold.id]);
  });

  it('stays silent for an ordinary size, a long-lived order, an expiry, or no opposite trade', () => {
    const cases: [number, number, string, boolean][] = [
      [40, 8, 'CANCELLED_BY_OWNER', true], // 40 < 5 x mean
      [200, 90, 'CANCELLED_BY_OWNER', true], // lived past the limit
      [200, 8, 'EXPIRED', true], // not its owner's cancel
      [200, 8, 'CANCELLED_BY_OWNER', false], // no trade on the other side
    ];
    for (const [quantity, cancelledAt, reason, traded] of cases) {
      const window = new MarketWindow();
      background(window, 0);
      const spoof = order('s', 'buy', quantity, '9.99', 1);
      detect(window, { trades: [], orders: [spoof] }, thresholds);
      if (traded)
        detect(window, { trades: [trade('b', 's', 5, '10.01', 5)], orders: [] }, thresholds);
      expect(
        detect(window, { trades: [], orders: [cancel(spoof, cancelledAt, reason)] }, thresholds),
      ).toEqual([]);
    }
  });
});

describe('layering', () => {
  it('fires once on three levels placed and cancelled unfilled around a trade on the other side', () => {
    const window = new MarketWindow();
    background(window, 0);
    const layer = ['10.10', '10.20', '10.30'].map((p, i) => order('l', 'sell', 10, p, 1 + i));
    detect(window, { trades: [], orders: layer }, thresholds);
    const bought = trade('l', 'm', 10, '10.00', 5);
    detect(window, { trades: [bought], orders: [] }, thresholds);
    expect(detect(window, { trades: [], orders: [cancel(layer[0]!, 6)] }, thresholds)).toEqual([]);
    const findings = detect(
      window,
      { trades: [], orders: [cancel(layer[1]!, 7), cancel(layer[2]!, 7)] },
      thresholds,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'layering', userId: 'l' });
    expect(findings[0]!.orders.map((o) => o.id).sort()).toEqual(layer.map((o) => o.id).sort());
    expect(findings[0]!.trades.map((t) => t.id)).toEqual([bought.id]);
  });

  it('stays silent when the layers span more than the window or sit on two levels', () => {
    for (const prices of [
      ['10.10', '10.20', '10.20'],
      ['10.10', '10.20', '10.30'],
    ]) {
      const window = new MarketWindow();
      background(window, 0);
      const spread = prices[2] === '10.30';
      const layer = prices.map((p, i) => order('l', 'sell', 10, p, spread ? i * 8 : 1 + i));
      detect(window, { trades: [], orders: layer }, thresholds);
      detect(window, { trades: [trade('l', 'm', 10, '10.00', 17)], orders: [] }, thresholds);
      expect(
        detect(window, { trades: [], orders: layer.map((o) => cancel(o, 18)) }, thresholds),
      ).toEqual([]);
    }
  });
});

describe('wash trades', () => {
  it('fires on two round trips of one pair at the same quantity and price', () => {
    const window = new MarketWindow();
    const legs = [
      trade('b', 'a', 7, '10.00', 1),
      trade('a', 'b', 7, '10.00', 2),
      trade('b', 'a', 7, '10.01', 30),
    ];
    for (const leg of legs) {
      expect(detect(window, { trades: [leg], orders: [] }, thresholds)).toEqual([]);
    }
    const last = trade('a', 'b', 7, '10.01', 31);
    const findings = detect(window, { trades: [last], orders: [] }, thresholds);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'wash_trade', userId: 'a' });
    expect(findings[0]!.trades.map((t) => t.id)).toEqual([...legs, last].map((t) => t.id));
    // the same trades are not cited again
    expect(
      detect(window, { trades: [trade('b', 'a', 7, '10.01', 32)], orders: [] }, thresholds),
    ).toEqual([]);
  });

  it('stays silent when quantities or prices differ, or the legs are far apart in time', () => {
    for (const [q, p, gap] of [
      [8, '10.00', 1],
      [7, '10.05', 1],
      [7, '10.00', 200],
    ] as const) {
      const window = new MarketWindow();
      const legs = [
        trade('b', 'a', 7, '10.00', 0),
        trade('a', 'b', q, p, gap),
        trade('b', 'a', 7, '10.00', 2 * gap),
        trade('a', 'b', q, p, 3 * gap),
      ];
      expect(
        legs.flatMap((leg) => detect(window, { trades: [leg], orders: [] }, thresholds)),
      ).toEqual([]);
    }
  });
});

describe('an ordinary seeded stream', () => {
  it('raises nothing: random traders placing, cancelling and trading around one price', () => {
    const window = new MarketWindow();
    const random = new Prng(11);
    const users = Array.from({ length: 20 }, (_, i) => `u${i}`);
    const live: Order[] = [];
    const findings = [];
    for (let step = 0; step < 20_000; step += 1) {
      const seconds = step * 0.2;
      const user = random.pick(users);
      if (live.length > 0 && random.chance(0.2)) {
        const index = random.int(0, live.length - 1);
        const [gone] = live.splice(index, 1);
        findings.push(
          ...detect(window, { trades: [], orders: [cancel(gone!, seconds)] }, thresholds),
        );
        continue;
      }
      const side = random.chance(0.5) ? 'buy' : 'sell';
      const placed = order(
        user,
        side,
        random.int(1, 20),
        (10 + random.int(-40, 40) / 100).toFixed(2),
        seconds,
      );
      const trades = random.chance(0.3)
        ? [
            side === 'buy'
              ? trade(
                  user,
                  random.pick(users.filter((u) => u !== user)),
                  random.int(1, 20),
                  placed.price!,
                  seconds,
                )
              : trade(
                  random.pick(users.filter((u) => u !== user)),
                  user,
                  random.int(1, 20),
                  placed.price!,
                  seconds,
                ),
          ]
        : [];
      live.push(placed);
      findings.push(...detect(window, { trades, orders: [placed] }, thresholds));
    }
    expect(findings).toEqual([]);
  });
});

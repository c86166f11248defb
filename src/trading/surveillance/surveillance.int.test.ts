import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';
import { testConfig } from '../../../test/support/config.js';
import { Prng } from '../engine/testing/seeded-random.js';

let sys: TestTrading;
let staff: Trader;
let admin: Trader;
let investor: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  staff = await sys.user('staff');
  admin = await sys.user('admin');
  investor = await sys.user('investor');
});
afterAll(async () => {
  await sys.close();
});

const funded = (tokenId: string) => sys.funded(tokenId);

async function place(
  trader: Trader,
  tokenId: string,
  side: 'buy' | 'sell',
  quantity: number,
  price: string,
): Promise<string> {
  const response = await sys.call(
    'POST',
    '/api/v1/orders',
    { token_id: tokenId, side, order_type: 'limit', quantity, price },
    trader.token,
  );
  expect(response.statusCode).toBe(200);
  return response.json().order.id as string;
}

async function cancel(trader: Trader, orderId: string) {
  expect(
    (await sys.call('DELETE', `/api/v1/orders/${orderId}`, undefined, trader.token)).statusCode,
  ).toBe(200);
}

async function alertsOf(tokenId: string) {
  await sys.trading.surveillance.idle();
  const response = await sys.call(
    'GET',
    `/api/v1/admin/surveillance/alerts?token_id=${tokenId}`,
    undefined,
    staff.token,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    id: string;
    rule: string;
    user_id: string;
    status: string;
    evidence: { orders: { id: string; side: string }[]; trades: { id: string }[] };
  }[];
}

/** Ordinary resting bids, so "large" has a mean to be measured against. */
async function background(tokenId: string) {
  const quiet = await funded(tokenId);
  for (let i = 0; i < 5; i += 1) await place(quiet, tokenId, 'buy', 5, (9 - i / 100).toFixed(2));
}

describe('scripted patterns', () => {
  it('spoofing: a large bid cancelled seconds after its owner sold', async () => {
    const { id: tokenId } = await sys.token();
    await background(tokenId);
    const [spoofer, other] = [await funded(tokenId), await funded(tokenId)];
    await place(other, tokenId, 'buy', 5, '9.95');
    sys.clock.advance(1000);
    const spoof = await place(spoofer, tokenId, 'buy', 200, '9.90');
    sys.clock.advance(2000);
    await place(spoofer, tokenId, 'sell', 5, '9.95');
    sys.clock.advance(3000);
    expect(await alertsOf(tokenId)).toEqual([]);
    await cancel(spoofer, spoof);

    const [alert, ...more] = await alertsOf(tokenId);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ rule: 'spoofing', user_id: spoofer.id, status: 'open' });
    expect(alert!.evidence.orders).toEqual([
      expect.objectContaining({ id: spoof, side: 'buy', quantity: 200, price: '9.90' }),
    ]);
    expect(alert!.evidence.trades).toEqual([
      expect.objectContaining({
        price: '9.95',
        quantity: 5,
        seller_id: spoofer.id,
        buyer_id: other.id,
      }),
    ]);
  });

  it('layering: three offers cancelled unfilled right after their owner bought', async () => {
    const { id: tokenId } = await sys.token();
    await background(tokenId);
    const [layerer, other] = [await funded(tokenId), await funded(tokenId)];
    await place(other, tokenId, 'sell', 5, '10.00');
    const layer: string[] = [];
    for (const price of ['10.50', '10.60', '10.70']) {
      layer.push(await place(layerer, tokenId, 'sell', 5, price));
      sys.clock.advance(1000);
    }
    await place(layerer, tokenId, 'buy', 5, '10.00');
    sys.clock.advance(1000);
    for (const id of layer) await cancel(layerer, id);

    const alerts = await alertsOf(tokenId);
    expect(alerts.map((a) => [a.rule, a.user_id])).toEqual([['layering', layerer.id]]);
    expect(alerts[0]!.evidence.orders.map((o) => o.id).sort()).toEqual([...layer].sort());
    expect(alerts[0]!.evidence.trades).toHaveLength(1);
  });

  it('wash trades: two accounts trading the same lot back and forth', async () => {
    const { id: tokenId } = await sys.token();
    const [a, b] = [await funded(tokenId), await funded(tokenId)];
    for (let round = 0; round < 2; round += 1) {
      await place(a, tokenId, 'sell', 7, '10.00');
      await place(b, tokenId, 'buy', 7, '10.00');
      sys.clock.advance(5000);
      await place(b, tokenId, 'sell', 7, '10.00');
      await place(a, tokenId, 'buy', 7, '10.00');
      sys.clock.advance(5000);
    }
    const alerts = await alertsOf(tokenId);
    expect(alerts.map((x) => [x.rule, x.user_id])).toEqual([['wash_trade', a.id]]);
    expect(alerts[0]!.evidence.trades).toHaveLength(4);
    expect(alerts[0]!.evidence.orders).toHaveLength(8);
  });
});

describe('an ordinary seeded stream', () => {
  it('raises no alert: traders placing, crossing and cancelling around one price', async () => {
    const { id: tokenId } = await sys.token();
    const traders = await Promise.all(Array.from({ length: 12 }, () => funded(tokenId)));
    const random = new Prng(5);
    const live: { trader: Trader; id: string }[] = [];
    for (let step = 0; step < 500; step += 1) {
      sys.clock.advance(random.int(100, 600));
      if (live.length > 0 && random.chance(0.25)) {
        const [gone] = live.splice(random.int(0, live.length - 1), 1);
        // the order may have filled meanwhile
        await sys.call('DELETE', `/api/v1/orders/${gone!.id}`, undefined, gone!.trader.token);
        continue;
      }
      const trader = random.pick(traders);
      const side = random.chance(0.5) ? 'buy' : 'sell';
      const offset = random.int(-30, 30) + (side === 'buy' ? -3 : 3);
      const id = await place(
        trader,
        tokenId,
        side,
        random.int(1, 20),
        (10 + offset / 100).toFixed(2),
      );
      live.push({ trader, id });
    }
    const counts = await sys.db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<string>().as('orders'),
        eb.fn
          .sum<string>(eb.case().when('status', '=', 'cancelled').then(1).else(0).end())
          .as('cancelled'),
      ])
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    const trades = await sys.db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    // the stream did what the rules look at: it traded and its owners cancelled
    expect(Number(trades.n)).toBeGreaterThan(50);
    expect(Number(counts.cancelled)).toBeGreaterThan(50);
    expect(await alertsOf(tokenId)).toEqual([]);
  }, 180_000);
});

describe('staff routes', () => {
  it('list, read and close an alert with a note; closing twice is 409', async () => {
    const { id: tokenId } = await sys.token();
    const [a, b] = [await funded(tokenId), await funded(tokenId)];
    for (let round = 0; round < 2; round += 1) {
      await place(a, tokenId, 'sell', 3, '10.00');
      await place(b, tokenId, 'buy', 3, '10.00');
      await place(b, tokenId, 'sell', 3, '10.00');
      await place(a, tokenId, 'buy', 3, '10.00');
    }
    const [listed] = await alertsOf(tokenId);
    const url = `/api/v1/admin/surveillance/alerts/${listed!.id}`;
    const read = await sys.call('GET', url, undefined, staff.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(listed);

    const closed = await sys.call(
      'POST',
      `${url}/close`,
      { note: 'Same household; warned' },
      staff.token,
    );
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      closed_by: staff.id,
      note: 'Same household; warned',
    });
    expect(closed.json().closed_at).toBe(sys.clock.now().toISOString());
    const again = await sys.call('POST', `${url}/close`, { note: 'again' }, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALERT_ALREADY_CLOSED');
    expect((await sys.call('GET', url, undefined, admin.token)).json().note).toBe(
      'Same household; warned',
    );

    const open = await sys.call(
      'GET',
      `/api/v1/admin/surveillance/alerts?status=open&token_id=${tokenId}`,
      undefined,
      staff.token,
    );
    expect(open.json()).toEqual({ data: [], next_cursor: null });
    const byRule = await sys.call(
      'GET',
      `/api/v1/admin/surveillance/alerts?status=closed&rule=wash_trade&token_id=${tokenId}`,
      undefined,
      staff.token,
    );
    expect(byRule.json().data.map((x: { id: string }) => x.id)).toEqual([listed!.id]);
  });

  it('pages newest first', async () => {
    const first = await sys.call(
      'GET',
      '/api/v1/admin/surveillance/alerts?limit=1',
      undefined,
      staff.token,
    );
    expect(first.statusCode).toBe(200);
    const next = await sys.call(
      'GET',
      `/api/v1/admin/surveillance/alerts?limit=1&cursor=${first.json().next_cursor}`,
      undefined,
      staff.token,
    );
    expect(next.json().data[0].id < first.json().data[0].id).toBe(true);
  });

  it('refuses investors, unknown alerts and bad input, changing nothing', async () => {
    const [alert] = (
      await sys.call('GET', '/api/v1/admin/surveillance/alerts?status=open', undefined, staff.token)
    ).json().data;
    const url = `/api/v1/admin/surveillance/alerts/${alert.id}`;
    for (const [method, path, body] of [
      ['GET', '/api/v1/admin/surveillance/alerts', undefined],
      ['GET', url, undefined],
      ['POST', `${url}/close`, { note: 'mine now' }],
    ] as const) {
      const refused = await sys.call(method, path, body, investor.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN_ROLE');
      expect((await sys.call(method, path, body)).statusCode).toBe(401);
    }
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    const missing = await sys.call(
      'GET',
      `/api/v1/admin/surveillance/alerts/${unknown}`,
      undefined,
      staff.token,
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (
        await sys.call(
          'POST',
          `/api/v1/admin/surveillance/alerts/${unknown}/close`,
          { note: 'x' },
          staff.token,
        )
      ).statusCode,
    ).toBe(404);
    for (const body of [
      {},
      { note: '' },
      { note: '   ' },
      { note: 'a\u0000b' },
      { note: 'x'.repeat(2001) },
      { note: 'ok', extra: 1 },
    ]) {
      const bad = await sys.call('POST', `${url}/close`, body, staff.token);
      expect(bad.statusCode).toBe(400);
    }
    for (const query of ['status=pending', 'rule=fraud', 'token_id=nope', 'limit=0', 'cursor=x']) {
      const bad = await sys.call(
        'GET',
        `/api/v1/admin/surveillance/alerts?${query}`,
        undefined,
        staff.token,
      );
      expect(bad.statusCode).toBe(400);
    }
    expect((await sys.call('GET', url, undefined, staff.token)).json().status).toBe('open');
  });
});

describe('thresholds', () => {
  const values = {
    spoofing_size_multiple: 3,
    spoofing_max_lifetime_seconds: 30,
    layering_min_levels: 4,
    layering_window_seconds: 20,
    wash_window_seconds: 60,
    wash_min_round_trips: 1,
    wash_price_tolerance_bps: 0,
  };

  it("answers the platform's defaults, then the token's own once an admin sets them", async () => {
    const { id: tokenId } = await sys.token();
    const url = `/api/v1/admin/surveillance/thresholds/${tokenId}`;
    const defaults = await sys.call('GET', url, undefined, staff.token);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({
      token_id: tokenId,
      is_default: true,
      ...testConfig().surveillance,
    });
    const set = await sys.call('PUT', url, values, admin.token);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ token_id: tokenId, is_default: false, ...values });
    expect((await sys.call('GET', url, undefined, staff.token)).json()).toEqual(set.json());

    // in force for the next batch: one round trip is now enough
    const [a, b] = [await funded(tokenId), await funded(tokenId)];
    await place(a, tokenId, 'sell', 2, '10.00');
    await place(b, tokenId, 'buy', 2, '10.00');
    await place(b, tokenId, 'sell', 2, '10.00');
    await place(a, tokenId, 'buy', 2, '10.00');
    expect((await alertsOf(tokenId)).map((x) => x.rule)).toEqual(['wash_trade']);
  });

  it('lets only admins set them and refuses bad values and unknown tokens', async () => {
    const { id: tokenId } = await sys.token();
    const url = `/api/v1/admin/surveillance/thresholds/${tokenId}`;
    expect((await sys.call('PUT', url, values, staff.token)).statusCode).toBe(403);
    expect((await sys.call('GET', url, undefined, investor.token)).statusCode).toBe(403);
    for (const bad of [
      { ...values, layering_min_levels: 1 },
      { ...values, spoofing_size_multiple: 0 },
      { ...values, wash_window_seconds: 1.5 },
      { ...values, wash_price_tolerance_bps: -1 },
      { ...values, extra: true },
      { spoofing_size_multiple: 3 },
    ]) {
      expect((await sys.call('PUT', url, bad, admin.token)).statusCode).toBe(400);
    }
    expect((await sys.call('GET', url, undefined, staff.token)).json().is_default).toBe(true);
    const unknown = '/api/v1/admin/surveillance/thresholds/0190a0a0-0000-7000-8000-000000000000';
    expect((await sys.call('GET', unknown, undefined, staff.token)).statusCode).toBe(404);
    expect((await sys.call('PUT', unknown, values, admin.token)).statusCode).toBe(404);
  });
});

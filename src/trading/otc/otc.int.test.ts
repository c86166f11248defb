import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';
import { otcService } from './otc.service.js';

let sys: TestTrading;
let staff: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  staff = await sys.user('staff');
});
afterAll(async () => {
  await sys.close();
});

const otcToken = () => sys.token({ trading_mode: 'fixed_price_otc', price_per_token: '10.00' });

async function funded(tokenId: string, fiat = '0', tokens = 0, extra = {}): Promise<Trader> {
  const trader = await sys.user('investor', extra);
  if (fiat !== '0') await sys.deposit(trader.id, fiat);
  if (tokens > 0) await sys.giveTokens(trader.id, tokenId, tokens);
  return trader;
}

function order(trader: Trader, tokenId: string, side: 'buy' | 'sell', quantity: number, more = {}) {
  return sys.call(
    'POST',
    '/api/v1/orders',
    { token_id: tokenId, side, order_type: 'market', quantity, ...more },
    trader.token,
  );
}

async function request(trader: Trader, tokenId: string, side: 'buy' | 'sell', quantity: number) {
  const res = await order(trader, tokenId, side, quantity);
  expect(res.statusCode).toBe(201);
  return res.json().otc_order as { id: string; status: string; locked_fiat: string };
}

const approve = (id: string) =>
  sys.call('POST', `/api/v1/admin/otc-orders/${id}/approve`, undefined, staff.token);

async function otcRows(userId: string) {
  return sys.db.selectFrom('otc_orders').selectAll().where('user_id', '=', userId).execute();
}

describe('OTC requests', () => {
  it('cross in approval order with partial fills, fees and locks to the cent', async () => {
    const { id: tokenId } = await otcToken();
    const buyer = await funded(tokenId, '1000.00');
    const first = await funded(tokenId, '0', 30);
    const second = await funded(tokenId, '0', 20);
    const treasuryBefore = await sys.treasuryFiat();

    const bid = await order(buyer, tokenId, 'buy', 40, { order_type: 'limit', price: '10.00' });
    expect(bid.statusCode).toBe(201);
    expect(bid.json().otc_order).toMatchObject({
      side: 'buy',
      price: '10.00',
      quantity: 40,
      remaining_quantity: 40,
      locked_fiat: '400.00',
      status: 'pending',
    });
    expect(await sys.fiat(buyer.id)).toBe('600.00');
    const sellA = await request(first, tokenId, 'sell', 30);
    const sellB = await request(second, tokenId, 'sell', 20);
    expect(await sys.wallet(first.id, tokenId)).toEqual({ balance: 30, locked: 30 });

    // second's sell is approved first, so it fills first
    for (const id of [sellB.id, sellA.id]) {
      const res = await approve(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ otc_order: { status: 'approved' }, trades: [] });
    }
    const crossed = await approve(bid.json().otc_order.id);
    expect(crossed.statusCode).toBe(200);
    const { otc_order, trades } = crossed.json();
    expect(otc_order).toMatchObject({ status: 'filled', filled_quantity: 40, locked_fiat: '0.00' });
    expect(trades).toHaveLength(2);
    expect(trades.map((t: { sell_otc_order_id: string }) => t.sell_otc_order_id)).toEqual([
      sellB.id,
      sellA.id,
    ]);
    for (const trade of trades) {
      expect(trade).toMatchObject({
        price: '10.00',
        quantity: 20,
        total: '200.00',
        platform_fee: '1.00',
        settlement_status: 'pending',
        taker_side: 'buy',
        buy_order_id: null,
        sell_order_id: null,
        buy_otc_order_id: otc_order.id,
      });
      const history = await sys.db
        .selectFrom('trade_settlement_history')
        .select('status')
        .where('trade_id', '=', trade.id)
        .execute();
      expect(history.map((row) => row.status)).toEqual(['pending']);
    }
    expect(await sys.fiat(buyer.id)).toBe('600.00');
    expect(await sys.wallet(buyer.id, tokenId)).toEqual({ balance: 40, locked: 0 });
    expect(await sys.fiat(second.id)).toBe('199.00');
    expect(await sys.wallet(second.id, tokenId)).toEqual({ balance: 0, locked: 0 });
    expect(await sys.fiat(first.id)).toBe('199.00');
    expect(await sys.wallet(first.id, tokenId)).toEqual({ balance: 10, locked: 10 });
    expect(Number(await sys.treasuryFiat()) - Number(treasuryBefore)).toBeCloseTo(2, 10);

    const partly = await sys.call('GET', `/api/v1/otc-orders/${sellA.id}`, undefined, first.token);
    expect(partly.json()).toMatchObject({ status: 'partially_filled', remaining_quantity: 10 });
    expect(
      (await sys.call('GET', `/api/v1/trades`, undefined, first.token)).json().data,
    ).toHaveLength(1);

    // cancel of the approved rest releases exactly its 10 tokens
    const cancelled = await sys.call(
      'DELETE',
      `/api/v1/otc-orders/${sellA.id}`,
      undefined,
      first.token,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await sys.wallet(first.id, tokenId)).toEqual({ balance: 10, locked: 0 });
    const again = await sys.call(
      'DELETE',
      `/api/v1/otc-orders/${sellA.id}`,
      undefined,
      first.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_OPEN');
    const twice = await approve(sellA.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('OTC_ORDER_NOT_PENDING');
  });

  it('a later buy fills a sell approved earlier; a smaller buy leaves the sell partly filled', async () => {
    const { id: tokenId } = await otcToken();
    const seller = await funded(tokenId, '0', 10);
    const buyer = await funded(tokenId, '100.00');
    const sell = await request(seller, tokenId, 'sell', 10);
    await approve(sell.id);
    const buy = await request(buyer, tokenId, 'buy', 3);
    const res = await approve(buy.id);
    expect(res.json().trades).toHaveLength(1);
    expect(res.json().trades[0]).toMatchObject({
      quantity: 3,
      total: '30.00',
      platform_fee: '0.15',
      taker_side: 'buy',
    });
    expect(await sys.fiat(seller.id)).toBe('29.85');
    expect(await sys.fiat(buyer.id)).toBe('70.00');
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 7, locked: 7 });
  });

  it('ends the requests the token agent no longer allows, releasing what they hold', async () => {
    const { id: tokenId } = await otcToken();
    const seller = await funded(tokenId, '0', 10);
    const buyer = await funded(tokenId, '100.00');
    const bystander = await funded(tokenId, '100.00');
    const older = await request(seller, tokenId, 'sell', 4);
    const newer = await request(seller, tokenId, 'sell', 3);
    const bought = await request(buyer, tokenId, 'buy', 5);
    const kept = await request(bystander, tokenId, 'buy', 2);
    // 5 of the seller's 10 units frozen: its sells lock 7 of the 5 left, so the newer one ends
    await sys.db
      .updateTable('wallets')
      .set({ frozen_quantity: 5 })
      .where('user_id', '=', seller.id)
      .where('token_id', '=', tokenId)
      .execute();
    await sys.db
      .updateTable('users')
      .set({ kyc_status: 'rejected' })
      .where('id', '=', buyer.id)
      .execute();
    const otc = otcService({ db: sys.db, clock: sys.clock, platformCountry: 'AE' });
    expect(await otc.cancelRestricted()).toBe(2);
    expect(await otc.cancelRestricted()).toBe(0);

    const status = async (id: string) =>
      await sys.db
        .selectFrom('otc_orders')
        .select(['status', 'reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await status(newer.id)).toEqual({ status: 'cancelled', reason: 'TOKEN_UNITS_FROZEN' });
    expect(await status(older.id)).toEqual({ status: 'pending', reason: null });
    expect(await status(bought.id)).toEqual({ status: 'cancelled', reason: 'KYC_REVOKED' });
    expect(await status(kept.id)).toEqual({ status: 'pending', reason: null });
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 10, locked: 4 });
    expect(await sys.fiat(buyer.id)).toBe('100.00');
  });

  it('reject and cancel release exactly the lock; others get 404, investors 403 on staff routes', async () => {
    const { id: tokenId } = await otcToken();
    const buyer = await funded(tokenId, '123.45');
    const other = await funded(tokenId, '10.00');
    const a = await request(buyer, tokenId, 'buy', 5);
    const b = await request(buyer, tokenId, 'buy', 7);
    expect(await sys.fiat(buyer.id)).toBe('3.45');

    const forbidden = await sys.call(
      'POST',
      `/api/v1/admin/otc-orders/${a.id}/reject`,
      { reason: 'x' },
      buyer.token,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN_ROLE');
    const noReason = await sys.call(
      'POST',
      `/api/v1/admin/otc-orders/${a.id}/reject`,
      {},
      staff.token,
    );
    expect(noReason.statusCode).toBe(400);

    const rejected = await sys.call(
      'POST',
      `/api/v1/admin/otc-orders/${a.id}/reject`,
      { reason: 'limit' },
      staff.token,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'limit',
      locked_fiat: '0.00',
    });
    expect(await sys.fiat(buyer.id)).toBe('53.45');
    const rejectAgain = await sys.call(
      'POST',
      `/api/v1/admin/otc-orders/${a.id}/reject`,
      { reason: 'x' },
      staff.token,
    );
    expect(rejectAgain.json().code).toBe('OTC_ORDER_NOT_PENDING');

    for (const [method, url] of [
      ['GET', `/api/v1/otc-orders/${b.id}`],
      ['DELETE', `/api/v1/otc-orders/${b.id}`],
    ] as const) {
      const res = await sys.call(method, url, undefined, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const cancelled = await sys.call(
      'DELETE',
      `/api/v1/otc-orders/${b.id}`,
      undefined,
      buyer.token,
    );
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', locked_fiat: '0.00' });
    expect(await sys.fiat(buyer.id)).toBe('123.45');
    const ledger = await sys.db
      .selectFrom('fiat_ledger')
      .select(['kind', 'amount'])
      .where('user_id', '=', buyer.id)
      .where('reference_type', '=', 'otc_order')
      .orderBy('created_at')
      .execute();
    expect(ledger.map((row) => [row.kind, row.amount]).sort()).toEqual(
      [
        ['order_lock', '-50.00'],
        ['order_lock', '-70.00'],
        ['order_release', '50.00'],
        ['order_release', '70.00'],
      ].sort(),
    );

    // staff list: status filter and cursor pages
    const page1 = await sys.call(
      'GET',
      `/api/v1/admin/otc-orders?user_id=${buyer.id}&limit=1`,
      undefined,
      staff.token,
    );
    expect(page1.json().data).toHaveLength(1);
    const page2 = await sys.call(
      'GET',
      `/api/v1/admin/otc-orders?user_id=${buyer.id}&limit=1&cursor=${page1.json().next_cursor}`,
      undefined,
      staff.token,
    );
    expect(page2.json()).toMatchObject({ next_cursor: null });
    expect(new Set([page1.json().data[0].id, page2.json().data[0].id])).toEqual(
      new Set([a.id, b.id]),
    );
    const onlyRejected = await sys.call(
      'GET',
      `/api/v1/admin/otc-orders?user_id=${buyer.id}&status=rejected`,
      undefined,
      staff.token,
    );
    expect(onlyRejected.json().data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const own = await sys.call(
      'GET',
      `/api/v1/otc-orders?status=cancelled`,
      undefined,
      buyer.token,
    );
    expect(own.json().data.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect(
      (await sys.call('GET', `/api/v1/otc-orders`, undefined, other.token)).json().data,
    ).toEqual([]);
    const staffRead = await sys.call(
      'GET',
      `/api/v1/admin/otc-orders/${b.id}`,
      undefined,
      staff.token,
    );
    expect(staffRead.json().status).toBe('cancelled');
  });

  it('refuses with a stable code and changes nothing', async () => {
    const { id: tokenId } = await otcToken();
    const cases: [Trader, Record<string, unknown>, number, string][] = [
      [
        await funded(tokenId, '100.00'),
        { order_type: 'limit', price: '10.50' },
        422,
        'OTC_PRICE_MISMATCH',
      ],
      [
        await funded(tokenId, '100.00'),
        { order_type: 'stop_loss', stop_price: '9.00' },
        422,
        'OTC_ORDER_TYPE_NOT_ALLOWED',
      ],
      [await funded(tokenId, '99.99'), {}, 422, 'INSUFFICIENT_FUNDS'],
      [await funded(tokenId, '100.00', 0, { kyc_status: 'pending' }), {}, 403, 'KYC_REQUIRED'],
      [await funded(tokenId, '100.00', 0, { fatca_status: 'blocked' }), {}, 422, 'FATCA_BLOCKED'],
      [
        await funded(tokenId, '1000.00', 0, { accreditation_status: 'retail' }),
        { quantity: 51 },
        422,
        'INVESTMENT_LIMIT_EXCEEDED',
      ],
    ];
    for (const [trader, body, status, code] of cases) {
      const before = await sys.fiat(trader.id);
      const res = await order(trader, tokenId, 'buy', 10, body);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(await sys.fiat(trader.id)).toBe(before);
      expect(await otcRows(trader.id)).toEqual([]);
    }
    const seller = await funded(tokenId, '0', 4);
    const short = await order(seller, tokenId, 'sell', 5);
    expect({ status: short.statusCode, code: short.json().code }).toEqual({
      status: 422,
      code: 'INSUFFICIENT_TOKENS',
    });
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 4, locked: 0 });

    // a request whose token left OTC cannot be approved
    const buyer = await funded(tokenId, '100.00');
    const pending = await request(buyer, tokenId, 'buy', 1);
    await sys.db
      .updateTable('tokens')
      .set({ trading_mode: 'full_orderbook' })
      .where('id', '=', tokenId)
      .execute();
    const refused = await approve(pending.id);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 422,
      code: 'TOKEN_NOT_OTC',
    });
    expect((await otcRows(buyer.id))[0]!.status).toBe('pending');
    const missing = await approve('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('many requests and approvals at once never overdraw and conserve fiat and tokens', async () => {
    const { id: tokenId } = await otcToken();
    const buyers = await Promise.all([0, 1, 2].map(() => funded(tokenId, '100.00')));
    const sellers = await Promise.all([0, 1, 2].map(() => funded(tokenId, '0', 10)));
    const users = [...buyers, ...sellers];
    const fiatTotal = async () => {
      let sum = Number(await sys.treasuryFiat());
      for (const user of users) sum += Number(await sys.fiat(user.id));
      const locked = await sys.db
        .selectFrom('otc_orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('locked_fiat'), eb.val('0')).as('sum'))
        .where('token_id', '=', tokenId)
        .executeTakeFirstOrThrow();
      return Math.round((sum + Number(locked.sum)) * 100);
    };
    const before = await fiatTotal();

    // each buyer can afford 10 single-token requests, each seller can sell 10: 15 of each try
    const sent = await Promise.all(
      users.flatMap((user, i) =>
        Array.from({ length: 15 }, () => order(user, tokenId, i < 3 ? 'buy' : 'sell', 1)),
      ),
    );
    const accepted = sent
      .filter((res) => res.statusCode === 201)
      .map((res) => res.json().otc_order.id as string);
    const refusedCodes = new Set(
      sent.filter((res) => res.statusCode !== 201).map((res) => res.json().code),
    );
    expect(accepted).toHaveLength(60);
    expect(refusedCodes).toEqual(new Set(['INSUFFICIENT_FUNDS', 'INSUFFICIENT_TOKENS']));
    for (const buyer of buyers) expect(await sys.fiat(buyer.id)).toBe('0.00');
    for (const seller of sellers)
      expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 10, locked: 10 });

    const approved = await Promise.all(accepted.map((id) => approve(id)));
    expect(approved.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await sys.db
      .selectFrom('otc_orders')
      .selectAll()
      .where('token_id', '=', tokenId)
      .execute();
    expect(rows.every((row) => row.status === 'filled' && Number(row.locked_fiat) === 0)).toBe(
      true,
    );
    const trades = await sys.db
      .selectFrom('trades')
      .selectAll()
      .where('token_id', '=', tokenId)
      .execute();
    expect(trades.reduce((sum, t) => sum + Number(t.quantity), 0)).toBe(30);
    for (const buyer of buyers)
      expect(await sys.wallet(buyer.id, tokenId)).toEqual({ balance: 10, locked: 0 });
    for (const seller of sellers) {
      expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 0, locked: 0 });
      expect(await sys.fiat(seller.id)).toBe('99.50');
    }
    expect(await fiatTotal()).toBe(before);
  });

  // last: it moves the shared clock past the step-up window of the staff signed in before it
  it('refuses an approval whose factor is older than the step-up window and changes nothing', async () => {
    const { id: tokenId } = await otcToken();
    const buyer = await funded(tokenId, '100.00');
    const seller = await funded(tokenId, '0', 5);
    const bid = await request(buyer, tokenId, 'buy', 5);
    const ask = await request(seller, tokenId, 'sell', 5);
    expect((await approve(bid.id)).statusCode).toBe(200);
    const before = {
      orders: await sys.db
        .selectFrom('otc_orders')
        .selectAll()
        .where('token_id', '=', tokenId)
        .execute(),
      buyer: await sys.fiat(buyer.id),
      seller: await sys.wallet(seller.id, tokenId),
    };

    sys.clock.advance((testConfig().auth.stepUpMaxAgeSeconds + 1) * 1000);
    const stale = await approve(ask.id);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      max_age: testConfig().auth.stepUpMaxAgeSeconds,
    });
    expect(
      await sys.db.selectFrom('otc_orders').selectAll().where('token_id', '=', tokenId).execute(),
    ).toEqual(before.orders);
    expect(await sys.fiat(buyer.id)).toBe(before.buyer);
    expect(await sys.wallet(seller.id, tokenId)).toEqual(before.seller);
    expect(
      await sys.db.selectFrom('trades').select('id').where('token_id', '=', tokenId).execute(),
    ).toEqual([]);

    // staff who verified a factor just now approve it, and it crosses
    const fresh = await sys.user('staff');
    const crossed = await sys.call(
      'POST',
      `/api/v1/admin/otc-orders/${ask.id}/approve`,
      undefined,
      fresh.token,
    );
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toMatchObject({ otc_order: { status: 'filled' } });
  });
});

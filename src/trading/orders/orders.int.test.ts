import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

async function place(trader: Trader, body: Record<string, unknown>) {
  return sys.call('POST', '/api/v1/orders', body, trader.token);
}

async function funded(tokenId: string, fiat = '10000.00', tokens = 0): Promise<Trader> {
  const trader = await sys.user('investor');
  if (fiat !== '0') await sys.deposit(trader.id, fiat);
  if (tokens > 0) await sys.giveTokens(trader.id, tokenId, tokens);
  return trader;
}

/** The bids a sell order traded with, in the order it met them (the seller is not told them). */
async function bidsFilledBy(sellOrderId: string): Promise<(string | null)[]> {
  const rows = await sys.db
    .selectFrom('trades')
    .select('buy_order_id')
    .where('sell_order_id', '=', sellOrderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.buy_order_id);
}

/**
 * The REST book after a restart: the same levels; its sequence (the market data feed's, which
 * starts again from the book's persisted engine sequence) may only have grown.
 */
function expectSameBook(after: { sequence: number }, before: { sequence: number }): void {
  expect({ ...after, sequence: 0 }).toEqual({ ...before, sequence: 0 });
  expect(after.sequence).toBeGreaterThanOrEqual(before.sequence);
}

describe('placing and matching', () => {
  it('shows a trader their own side of a trade only, and staff both sides', async () => {
    const { id: tokenId } = await sys.token();
    const seller = await funded(tokenId, '0', 10);
    const buyer = await funded(tokenId, '1000.00');
    const order = { token_id: tokenId, order_type: 'limit', quantity: 10, price: '10.00' };
    const ask = (await place(seller, { ...order, side: 'sell' })).json();
    const bidBody = { ...order, side: 'buy', client_order_id: 'own-side' };
    const bid = (await place(buyer, bidBody)).json();
    const common = {
      token_id: tokenId,
      otc_order_id: null,
      price: '10.00',
      quantity: 10,
      total: '100.00',
      accrued_interest: '0.00',
      settlement_status: 'pending',
      settled_at: null,
    };
    const buyerSide = { ...common, order_id: bid.order.id, side: 'buy', fee: '0.00' };
    const sellerSide = { ...common, order_id: ask.order.id, side: 'sell', fee: '0.50' };
    const own = ['id', ...Object.keys(buyerSide), 'created_at'].sort();
    const tradeId = bid.trades[0].id as string;
    const list = async (trader: Trader) =>
      (await sys.call('GET', '/api/v1/trades', undefined, trader.token)).json().data[0];
    const views = {
      buyerPlaced: bid.trades[0],
      // a replayed client_order_id answers the order's trades from the database
      buyerReplayed: (await place(buyer, bidBody)).json().trades[0],
      buyerList: await list(buyer),
      sellerList: await list(seller),
    };
    for (const [name, view] of Object.entries(views)) {
      expect(Object.keys(view as object).sort(), name).toEqual(own);
      expect(view, name).toMatchObject({
        id: tradeId,
        ...(name.startsWith('buyer') ? buyerSide : sellerSide),
      });
    }
    const staff = await sys.user('staff');
    const all = await sys.call(
      'GET',
      `/api/v1/admin/trades?token_id=${tokenId}`,
      undefined,
      staff.token,
    );
    expect(all.json().data[0]).toMatchObject({
      id: tradeId,
      buyer_id: buyer.id,
      seller_id: seller.id,
      buy_order_id: bid.order.id,
      sell_order_id: ask.order.id,
      platform_fee: '0.50',
    });
  });

  it('locks, matches at the maker price, refunds the difference, charges the seller 50 bps', async () => {
    const { id: tokenId } = await sys.token();
    const seller = await funded(tokenId, '0', 100);
    const buyer = await funded(tokenId, '1000.00');
    const treasuryBefore = await sys.treasuryFiat();

    const ask = await place(seller, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 10,
      price: '10.01',
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().order.status).toBe('open');
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 100, locked: 10 });

    const bid = await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 15,
      price: '10.50',
    });
    expect(bid.statusCode).toBe(200);
    const { order, trades } = bid.json();
    expect(order.status).toBe('partially_filled');
    expect(order.filled_quantity).toBe(10);
    expect(order.remaining_quantity).toBe(5);
    expect(order.locked_fiat).toBe('52.50');
    expect(order.average_price).toBe('10.01');
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      price: '10.01',
      quantity: 10,
      total: '100.10',
      side: 'buy',
      fee: '0.00',
      settlement_status: 'pending',
    });
    // buyer: 1000 - 157.50 locked + 4.90 refunded (0.49 * 10) = 847.40, 52.50 still locked
    expect(await sys.fiat(buyer.id)).toBe('847.40');
    expect(await sys.wallet(buyer.id, tokenId)).toEqual({ balance: 10, locked: 0 });
    // seller: 100.10 - 0.50 fee (0.5005 rounds half-even to 0.50)
    expect(await sys.fiat(seller.id)).toBe('99.60');
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 90, locked: 0 });
    expect(Number(await sys.treasuryFiat()) - Number(treasuryBefore)).toBeCloseTo(0.5, 10);

    const history = await sys.db
      .selectFrom('trade_settlement_history')
      .selectAll()
      .where('trade_id', '=', trades[0].id)
      .execute();
    expect(history.map((row) => row.status)).toEqual(['pending']);

    const book = await sys.call('GET', `/api/v1/orderbook/${tokenId}`);
    expect(book.json()).toMatchObject({
      bids: [{ price: '10.50', quantity: 5, order_count: 1 }],
      asks: [],
      last_price: '10.01',
    });

    // cancel releases exactly what remains
    const cancelled = await sys.call(
      'DELETE',
      `/api/v1/orders/${order.id}`,
      undefined,
      buyer.token,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', locked_fiat: '0.00' });
    expect(await sys.fiat(buyer.id)).toBe('899.90');
    const again = await sys.call('DELETE', `/api/v1/orders/${order.id}`, undefined, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_OPEN');
    const other = await sys.call(
      'DELETE',
      `/api/v1/orders/${ask.json().order.id}`,
      undefined,
      buyer.token,
    );
    expect(other.statusCode).toBe(404);
  });

  it('a market buy locks the walk, pays the asks and refunds the rest', async () => {
    const { id: tokenId } = await sys.token({ circuit_breaker_pct: '50' });
    const seller = await funded(tokenId, '0', 100);
    const buyer = await funded(tokenId, '1000.00');
    await place(seller, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 5,
      price: '10.00',
    });
    await place(seller, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 5,
      price: '11.00',
    });
    const market = await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'market',
      quantity: 7,
    });
    expect(market.statusCode).toBe(200);
    expect(market.json().order).toMatchObject({
      status: 'filled',
      filled_quantity: 7,
      locked_fiat: '0.00',
    });
    expect(await sys.fiat(buyer.id)).toBe('928.00');
    const empty = await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'market',
      quantity: 100,
    });
    expect(empty.json().order, empty.body).toMatchObject({
      status: 'cancelled',
      filled_quantity: 3,
      cancel_reason: 'UNFILLED_REMAINDER',
    });
    expect(await sys.fiat(buyer.id)).toBe('895.00');
  });

  it('a stop triggers when the last price crosses it', async () => {
    const { id: tokenId } = await sys.token();
    const a = await funded(tokenId, '5000.00', 100);
    const b = await funded(tokenId, '5000.00', 100);
    const stop = await place(a, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'stop_loss',
      quantity: 2,
      stop_price: '9.50',
    });
    expect(stop.json().order.status).toBe('pending_stop');
    expect(await sys.wallet(a.id, tokenId)).toEqual({ balance: 100, locked: 2 });
    await place(b, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 5,
      price: '9.50',
    });
    await place(a, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 1,
      price: '9.50',
    });
    const stopped = await sys.call(
      'GET',
      `/api/v1/orders/${stop.json().order.id}`,
      undefined,
      a.token,
    );
    expect(stopped.json()).toMatchObject({ status: 'filled', filled_quantity: 2 });
  });
});

describe('refusals change nothing', () => {
  it('answers each with its code', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await funded(tokenId, '100.00');
    const limit = {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '10.00',
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...limit, price: '10.005' }, 400, 'VALIDATION_FAILED'],
      [{ ...limit, quantity: 0 }, 400, 'VALIDATION_FAILED'],
      [{ ...limit, quantity: 1.5 }, 400, 'VALIDATION_FAILED'],
      [{ ...limit, side: 'hold' }, 400, 'VALIDATION_FAILED'],
      [{ ...limit, order_type: 'iceberg' }, 400, 'VALIDATION_FAILED'],
      [{ ...limit, price: undefined }, 400, 'PRICE_REQUIRED'],
      [{ ...limit, order_type: 'stop_limit' }, 400, 'STOP_PRICE_REQUIRED'],
      [{ ...limit, time_in_force: 'GTD' }, 400, 'EXPIRES_AT_REQUIRED'],
      [
        { ...limit, time_in_force: 'GTD', expires_at: '2020-01-01T00:00:00Z' },
        422,
        'EXPIRES_AT_PAST',
      ],
      [{ ...limit, token_id: '01890000-0000-7000-8000-000000000000' }, 404, 'NOT_FOUND'],
      [{ ...limit, price: '31.00' }, 422, 'FAT_FINGER_BLOCKED'],
      [{ ...limit, quantity: 11 }, 422, 'INSUFFICIENT_FUNDS'],
      [{ ...limit, side: 'sell' }, 422, 'INSUFFICIENT_TOKENS'],
      [{ ...limit, order_type: 'market', price: undefined }, 422, 'NO_LIQUIDITY'],
    ];
    for (const [body, status, code] of cases) {
      const response = await place(buyer, body);
      expect([response.statusCode, response.json().code], JSON.stringify(body)).toEqual([
        status,
        code,
      ]);
    }
    expect(await sys.fiat(buyer.id)).toBe('100.00');
    const orders = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('refuses by token mode and state, and by the user gate', async () => {
    const primary = await sys.token({ trading_mode: 'primary_subscription', status: 'primary' });
    const otc = await sys.token({ trading_mode: 'fixed_price_otc' });
    const paused = await sys.token({ status: 'paused' });
    const { id: tokenId } = await sys.token();
    const ok = await funded(tokenId);
    const body = (token: string) => ({
      token_id: token,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '10.00',
    });
    expect((await place(ok, body(primary.id))).json().code).toBe('TRADING_MODE_PRIMARY_ONLY');
    // a fixed_price_otc token takes the order as an OTC request at its fixed price (docs/otc.md)
    const routed = await place(ok, body(otc.id));
    expect(routed.statusCode).toBe(201);
    expect(routed.json().otc_order).toMatchObject({ token_id: otc.id, status: 'pending' });
    expect((await place(ok, body(paused.id))).json().code).toBe('TOKEN_NOT_TRADING');

    const gates: [Record<string, unknown>, string][] = [
      [{ wallet_address: null }, 'WALLET_ADDRESS_REQUIRED'],
      [{ kyc_status: 'pending' }, 'KYC_REQUIRED'],
      [{ fatca_status: 'blocked' }, 'FATCA_BLOCKED'],
      [{ is_activated: false }, 'ACCOUNT_NOT_ACTIVATED'],
      [{ account_type: 'corporate' }, 'KYB_REQUIRED'],
      [{ accreditation_status: 'retail' }, 'INVESTMENT_LIMIT_EXCEEDED'],
    ];
    for (const [extra, code] of gates) {
      const user = await sys.user('investor', extra);
      await sys.deposit(user.id, '10000.00');
      const response = await place(user, { ...body(tokenId), quantity: 51 });
      expect([response.json().code, extra]).toEqual([code, extra]);
    }
    const issuer = await sys.user('issuer');
    expect((await place(issuer, body(tokenId))).json().code).toBe('FORBIDDEN_ROLE');
    expect((await sys.call('POST', '/api/v1/orders', body(tokenId))).statusCode).toBe(401);
  });

  it('asks for confirmation of fat fingers and NAV deviations when so configured', async () => {
    const { id: tokenId, issuer } = await sys.token({ fat_finger_mode: 'confirm' });
    const buyer = await funded(tokenId);
    const far = {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '31.00',
    };
    expect((await place(buyer, far)).json().code).toBe('FAT_FINGER_CONFIRMATION_REQUIRED');
    expect((await place(buyer, { ...far, confirm_fat_finger: true })).statusCode).toBe(200);

    const nav = await sys.call(
      'POST',
      `/api/v1/tokens/${tokenId}/navs`,
      { nav: '10.00' },
      issuer.token,
    );
    expect(nav.statusCode).toBe(201);
    const stranger = await sys.user('issuer');
    expect(
      (await sys.call('POST', `/api/v1/tokens/${tokenId}/navs`, { nav: '10.00' }, stranger.token))
        .statusCode,
    ).toBe(404);
    const off = { ...far, price: '12.01' };
    expect((await place(buyer, off)).json().code).toBe('NAV_DEVIATION_CONFIRMATION_REQUIRED');
    expect((await place(buyer, { ...off, confirm_nav_deviation: true })).statusCode).toBe(200);
  });
});

describe('a failed commit', () => {
  it('answers 503 and leaves book and database as they were (SPEC Errors 13)', async () => {
    const { id: tokenId } = await sys.token();
    const seller = await funded(tokenId, '0', 10);
    const buyer = await funded(tokenId, '100.00');
    await place(seller, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 2,
      price: '10.00',
    });
    const before = (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    await sql`create function refuse_trades() returns trigger language plpgsql as
      $$ begin raise exception 'trades refused for the test'; end $$`.execute(sys.db);
    await sql`create trigger refuse_trades before insert on trades
      for each statement execute function refuse_trades()`.execute(sys.db);
    try {
      const refused = await place(buyer, {
        token_id: tokenId,
        side: 'buy',
        order_type: 'limit',
        quantity: 2,
        price: '10.00',
      });
      expect([refused.statusCode, refused.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      await sql`drop trigger refuse_trades on trades`.execute(sys.db);
      await sql`drop function refuse_trades()`.execute(sys.db);
    }
    expect((await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json()).toEqual(before);
    expect(await sys.fiat(buyer.id)).toBe('100.00');
    const orders = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(orders).toHaveLength(0);
    const retried = await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 2,
      price: '10.00',
    });
    expect(retried.json().order.status).toBe('filled');
  });
});

describe('order states', () => {
  it('expires GTD orders on time and releases their lock', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await funded(tokenId, '100.00');
    const gtd = await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 2,
      price: '10.00',
      time_in_force: 'GTD',
      expires_at: new Date(sys.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(gtd.statusCode).toBe(200);
    expect(await sys.fiat(buyer.id)).toBe('80.00');
    await sys.trading.books.tick();
    expect(
      (
        await sys.call('GET', `/api/v1/orders/${gtd.json().order.id}`, undefined, buyer.token)
      ).json().status,
    ).toBe('open');
    sys.clock.advance(60_000);
    await sys.trading.books.tick();
    const expired = await sys.call(
      'GET',
      `/api/v1/orders/${gtd.json().order.id}`,
      undefined,
      buyer.token,
    );
    expect(expired.json()).toMatchObject({
      status: 'expired',
      cancel_reason: 'EXPIRED',
      locked_fiat: '0.00',
    });
    const history = await sys.db
      .selectFrom('order_status_history')
      .select(['status', 'reason'])
      .where('order_id', '=', gtd.json().order.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { status: 'open', reason: null },
      { status: 'expired', reason: 'EXPIRED' },
    ]);
    expect(await sys.fiat(buyer.id)).toBe('100.00');
  });

  it('amends quantity and price, and cancels all', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await funded(tokenId, '1000.00');
    const first = await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 10,
      price: '10.00',
    });
    const id = first.json().order.id;
    const down = await sys.call('PATCH', `/api/v1/orders/${id}`, { quantity: 4 }, buyer.token);
    expect(down.json().order).toMatchObject({
      quantity: 4,
      remaining_quantity: 4,
      locked_fiat: '40.00',
    });
    expect(await sys.fiat(buyer.id)).toBe('960.00');
    const up = await sys.call('PATCH', `/api/v1/orders/${id}`, { price: '11.00' }, buyer.token);
    expect(up.json().order).toMatchObject({ price: '11.00', locked_fiat: '44.00' });
    expect(await sys.fiat(buyer.id)).toBe('956.00');
    const same = await sys.call('PATCH', `/api/v1/orders/${id}`, { price: '11.00' }, buyer.token);
    expect(same.json().code).toBe('INVALID_AMEND');
    await place(buyer, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '9.00',
    });
    const all = await sys.call(
      'DELETE',
      `/api/v1/orders?token_id=${tokenId}`,
      undefined,
      buyer.token,
    );
    expect(all.json().data.map((o: { status: string }) => o.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await sys.fiat(buyer.id)).toBe('1000.00');
  });

  it('a decrease keeps time priority, a price change loses it, and a restart keeps both', async () => {
    const { id: tokenId } = await sys.token();
    const [early, late, other, seller] = [
      await funded(tokenId),
      await funded(tokenId),
      await funded(tokenId),
      await funded(tokenId, '0', 100),
    ];
    const bid = (trader: Trader, quantity: number, price: string) =>
      place(trader, { token_id: tokenId, side: 'buy', order_type: 'limit', quantity, price });
    const amend = (trader: Trader, id: string, body: Record<string, unknown>) =>
      sys.call('PATCH', `/api/v1/orders/${id}`, body, trader.token);
    const priority = async (id: string) =>
      Number(
        (
          await sys.db
            .selectFrom('orders')
            .select('priority')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).priority,
      );

    // at 10.00: early (10) then late (5); early's decrease to 4 keeps it first
    const first = (await bid(early, 10, '10.00')).json().order.id;
    const second = (await bid(late, 5, '10.00')).json().order.id;
    const before = await priority(first);
    const down = await amend(early, first, { quantity: 4 });
    expect(down.json().order).toMatchObject({ quantity: 4, remaining_quantity: 4 });
    expect(await priority(first)).toBe(before);
    // at 9.99: other (5) first; late's order moves down from 10.00 and queues behind it
    const third = (await bid(other, 5, '9.99')).json().order.id;
    const moved = (await bid(late, 5, '10.00')).json().order.id;
    await amend(late, moved, { price: '9.99' });
    expect(await priority(moved)).toBeGreaterThan(await priority(third));

    const book = (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    await sys.restart();
    expectSameBook((await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json(), book);

    // selling 4 at 10.00 fills the amended order, not the later one
    const sell4 = await place(seller, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 4,
      price: '10.00',
    });
    expect(await bidsFilledBy(sell4.json().order.id)).toEqual([first]);
    // selling 5 at 10.00 then 5 at 9.99: the later 10.00 bid, then the earlier 9.99 bid
    const sell10 = await place(seller, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 10,
      price: '9.99',
    });
    expect(await bidsFilledBy(sell10.json().order.id)).toEqual([second, third]);
    const left = (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    expect(left.bids).toEqual([{ price: '9.99', quantity: 5, order_count: 1 }]);
    const history = await sys.db
      .selectFrom('order_status_history')
      .select('reason')
      .where('order_id', '=', moved)
      .execute();
    expect(history.map((row) => row.reason)).toContain('AMENDED');
  });

  it('cancels the orders of a delisted token and releases their locks', async () => {
    const { id: tokenId } = await sys.token();
    const trader = await funded(tokenId, '100.00', 5);
    await place(trader, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 3,
      price: '10.00',
    });
    await place(trader, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 5,
      price: '12.00',
    });
    await sys.db
      .updateTable('tokens')
      .set({ status: 'delisted' })
      .where('id', '=', tokenId)
      .execute();
    await sys.trading.books.tick();
    const orders = await sys.db
      .selectFrom('orders')
      .select(['status', 'cancel_reason'])
      .where('user_id', '=', trader.id)
      .execute();
    expect(orders).toEqual([
      { status: 'cancelled', cancel_reason: 'TOKEN_CLOSED' },
      { status: 'cancelled', cancel_reason: 'TOKEN_CLOSED' },
    ]);
    expect(await sys.fiat(trader.id)).toBe('100.00');
    expect(await sys.wallet(trader.id, tokenId)).toEqual({ balance: 5, locked: 0 });
  });

  it('replays a client_order_id and refuses it for another body', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await funded(tokenId);
    const body = {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '10.00',
      client_order_id: 'abc-1',
    };
    const one = await place(buyer, body);
    const two = await place(buyer, body);
    expect(two.json().order.id).toBe(one.json().order.id);
    expect((await place(buyer, { ...body, quantity: 2 })).json().code).toBe(
      'DUPLICATE_CLIENT_ORDER_ID',
    );
  });

  it('halts the book on a 10% move; staff lift it; the book survives a restart', async () => {
    const { id: tokenId } = await sys.token();
    const a = await funded(tokenId, '10000.00', 100);
    const b = await funded(tokenId, '10000.00', 100);
    const staff = await sys.user('staff');
    await place(a, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 1,
      price: '10.00',
    });
    await place(b, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '10.00',
    });
    await place(a, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 1,
      price: '11.00',
    });
    await place(b, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '11.00',
    });
    const refused = await place(b, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '9.00',
    });
    expect(refused.json().code).toBe('TRADING_HALTED');
    const resting = await place(a, {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 3,
      price: '12.00',
    });
    expect(resting.json().code).toBe('TRADING_HALTED');
    const lift = await sys.call(
      'POST',
      `/api/v1/admin/tokens/${tokenId}/lift-halt`,
      undefined,
      staff.token,
    );
    expect(lift.statusCode).toBe(200);
    // Staff halt it by hand, with the reason audited; lifted again, orders are taken.
    const manual = await sys.call(
      'POST',
      `/api/v1/admin/tokens/${tokenId}/halt`,
      { minutes: 30, reason: 'Issuer announcement pending' },
      staff.token,
    );
    expect(manual.statusCode).toBe(200);
    expect(Date.parse(manual.json().halted_until)).toBe(sys.clock.now().getTime() + 30 * 60_000);
    expect(
      (
        await place(a, {
          token_id: tokenId,
          side: 'sell',
          order_type: 'limit',
          quantity: 3,
          price: '12.00',
        })
      ).json().code,
    ).toBe('TRADING_HALTED');
    const audit = await sys.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'details'])
      .where('action', '=', 'token.trading_halted')
      .where('target_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: staff.id,
      details: { minutes: 30, reason: 'Issuer announcement pending' },
    });
    expect(
      (
        await sys.call(
          'POST',
          `/api/v1/admin/tokens/${tokenId}/halt`,
          { minutes: 0, reason: 'x' },
          staff.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await sys.call('POST', `/api/v1/admin/tokens/${tokenId}/lift-halt`, undefined, staff.token))
        .statusCode,
    ).toBe(200);
    const settings = await sys.call(
      'PATCH',
      `/api/v1/admin/tokens/${tokenId}/trading-settings`,
      { circuit_breaker_pct: '50' },
      staff.token,
    );
    expect(settings.json().circuit_breaker_pct).toBe('50.00');
    expect(
      (
        await place(a, {
          token_id: tokenId,
          side: 'sell',
          order_type: 'limit',
          quantity: 3,
          price: '12.00',
        })
      ).statusCode,
    ).toBe(200);
    const before = (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    await sys.restart();
    const after = (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    expectSameBook(after, before);
    const fill = await place(b, {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 3,
      price: '12.00',
    });
    expect(fill.json().order.status).toBe('filled');
  });
});

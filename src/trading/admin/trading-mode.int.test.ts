import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;
let staff: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  staff = await sys.user('staff');
});
afterAll(async () => {
  await sys.close();
});

async function funded(tokenId: string, fiat: string, tokens: number): Promise<Trader> {
  const trader = await sys.user('investor');
  if (fiat !== '0') await sys.deposit(trader.id, fiat);
  if (tokens > 0) await sys.giveTokens(trader.id, tokenId, tokens);
  return trader;
}

const switchTo = (tokenId: string, trading_mode: string, who = staff, reason = 'issuer asked') =>
  sys.call(
    'PUT',
    `/api/v1/admin/tokens/${tokenId}/trading-mode`,
    { trading_mode, reason },
    who.token,
  );

const order = (trader: Trader, tokenId: string, side: 'buy' | 'sell', quantity: number) =>
  sys.call(
    'POST',
    '/api/v1/orders',
    { token_id: tokenId, side, order_type: 'limit', price: '10.00', quantity },
    trader.token,
  );

async function audits(tokenId: string) {
  return sys.db
    .selectFrom('audit_logs')
    .select(['action', 'details', 'actor_id'])
    .where('target_id', '=', tokenId)
    .where('action', '=', 'token.trading_mode_changed')
    .execute();
}

describe('trading mode switch', () => {
  it('to OTC cancels the open book orders with the reason, releases their locks, refuses new ones', async () => {
    const { id: tokenId } = await sys.token({ price_per_token: '10.00' });
    const buyer = await funded(tokenId, '1000.00', 0);
    const seller = await funded(tokenId, '0', 50);
    const bid = await order(buyer, tokenId, 'buy', 5);
    expect(bid.statusCode).toBe(200);
    const ask = await sys.call(
      'POST',
      '/api/v1/orders',
      { token_id: tokenId, side: 'sell', order_type: 'limit', price: '12.00', quantity: 20 },
      seller.token,
    );
    expect(ask.statusCode).toBe(200);
    expect(await sys.fiat(buyer.id)).toBe('950.00');
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 50, locked: 20 });

    const res = await switchTo(tokenId, 'fixed_price_otc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token_id: tokenId,
      trading_mode: 'fixed_price_otc',
      otc_requests_cancelled: 0,
    });
    const orders = await sys.db
      .selectFrom('orders')
      .select(['status', 'cancel_reason'])
      .where('token_id', '=', tokenId)
      .execute();
    expect(orders).toEqual([
      { status: 'cancelled', cancel_reason: 'TRADING_MODE_CHANGED' },
      { status: 'cancelled', cancel_reason: 'TRADING_MODE_CHANGED' },
    ]);
    expect(await sys.fiat(buyer.id)).toBe('1000.00');
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 50, locked: 0 });
    // an order now becomes an OTC request at the fixed price
    const next = await order(buyer, tokenId, 'buy', 2);
    expect(next.statusCode).toBe(201);
    expect(next.json().otc_order).toMatchObject({ status: 'pending', price: '10.00' });

    const [audit] = await audits(tokenId);
    expect(audit).toMatchObject({
      actor_id: staff.id,
      details: { from: 'full_orderbook', to: 'fixed_price_otc', reason: 'issuer asked' },
    });
  });

  it('to the book cancels the live OTC requests, releases their locks and opens the book', async () => {
    const { id: tokenId } = await sys.token({
      trading_mode: 'fixed_price_otc',
      price_per_token: '10.00',
    });
    const buyer = await funded(tokenId, '1000.00', 0);
    const seller = await funded(tokenId, '0', 30);
    const bid = await order(buyer, tokenId, 'buy', 10);
    const ask = await order(seller, tokenId, 'sell', 30);
    expect([bid.statusCode, ask.statusCode]).toEqual([201, 201]);
    const approved = await sys.call(
      'POST',
      `/api/v1/admin/otc-orders/${ask.json().otc_order.id}/approve`,
      undefined,
      staff.token,
    );
    expect(approved.statusCode).toBe(200);

    const res = await switchTo(tokenId, 'full_orderbook');
    expect(res.statusCode).toBe(200);
    expect(res.json().otc_requests_cancelled).toBe(2);
    const requests = await sys.db
      .selectFrom('otc_orders')
      .select(['status', 'reason'])
      .where('token_id', '=', tokenId)
      .execute();
    expect(requests).toEqual([
      { status: 'cancelled', reason: 'TRADING_MODE_CHANGED' },
      { status: 'cancelled', reason: 'TRADING_MODE_CHANGED' },
    ]);
    expect(await sys.fiat(buyer.id)).toBe('1000.00');
    expect(await sys.wallet(seller.id, tokenId)).toEqual({ balance: 30, locked: 0 });
    expect((await order(buyer, tokenId, 'buy', 1)).statusCode).toBe(200);
  });

  it('refuses without changing anything: same mode, a token not live, no reason, an investor', async () => {
    const { id: tokenId } = await sys.token();
    const same = await switchTo(tokenId, 'full_orderbook');
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('TRADING_MODE_UNCHANGED');

    const { id: primary } = await sys.token({
      status: 'primary',
      trading_mode: 'primary_subscription',
    });
    const early = await switchTo(primary, 'fixed_price_otc');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('TOKEN_STATE_CONFLICT');

    const blank = await switchTo(tokenId, 'fixed_price_otc', staff, '');
    expect(blank.statusCode).toBe(400);
    const investor = await sys.user('investor');
    expect((await switchTo(tokenId, 'fixed_price_otc', investor)).statusCode).toBe(403);
    const unknown = await switchTo('01890000-0000-7000-8000-000000000000', 'fixed_price_otc');
    expect(unknown.statusCode).toBe(404);

    const tokens = await sys.db
      .selectFrom('tokens')
      .select('trading_mode')
      .where('id', 'in', [tokenId, primary])
      .orderBy('id')
      .execute();
    expect(tokens.map((t) => t.trading_mode).sort()).toEqual([
      'full_orderbook',
      'primary_subscription',
    ]);
    expect(await audits(tokenId)).toEqual([]);
  });

  it("the owner's tick cancels book orders a batch placed under the old mode", async () => {
    const { id: tokenId } = await sys.token({ price_per_token: '10.00' });
    const buyer = await funded(tokenId, '1000.00', 0);
    expect((await order(buyer, tokenId, 'buy', 3)).statusCode).toBe(200);
    // the mode written behind the writer's back, as another node's switch would
    await sys.db
      .updateTable('tokens')
      .set({ trading_mode: 'fixed_price_otc' })
      .where('id', '=', tokenId)
      .execute();
    await sys.trading.books.tick();
    const [row] = await sys.db
      .selectFrom('orders')
      .select(['status', 'cancel_reason'])
      .where('token_id', '=', tokenId)
      .execute();
    expect(row).toEqual({ status: 'cancelled', cancel_reason: 'TRADING_MODE_CHANGED' });
    expect(await sys.fiat(buyer.id)).toBe('1000.00');
  });
});

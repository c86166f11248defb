/**
 * Secondary trading end to end on `tessera start`: two investors from deposits the admin confirms,
 * through subscriptions minted on chain and the token opened for trading, to a limit order on
 * each side that fill each other over the trading process's HTTP API. Balances, locks, the fee in
 * the treasury, each side's trades and the empty book are read back as the users (and, for the
 * treasury, the database) see them.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json } from '../support/e2e-flows.js';
import { startE2eSystem, type E2eSystem } from '../support/e2e-system.js';

describe('trading, end to end', () => {
  let e2e: E2eSystem;

  beforeAll(async () => {
    e2e = await startE2eSystem();
  }, 120_000);
  afterAll(() => e2e.stop());

  async function treasuryFiat(): Promise<string> {
    const client = new pg.Client({
      connectionString: await e2e.databaseUrl(),
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ fiat_balance: string }>(
        "select fiat_balance from users where role = 'treasury'",
      );
      return rows[0]!.fiat_balance;
    } finally {
      await client.end();
    }
  }

  it('two investors trade a token from confirmed deposits to filled orders', async () => {
    const { flow: http, admin } = e2e;
    const issuer = await http.verifiedUser(admin, 'ceo@quay.example', { role: 'issuer' });
    const businessId = await http.activeBusiness(admin, issuer, 'Quay Estates');
    const token = await http.liveOffering(admin, issuer, businessId, 'QUAY');
    const individual = { role: 'investor', account_type: 'individual' };
    const seller = await http.verifiedUser(admin, 'sam@example.com', individual);
    const buyer = await http.verifiedUser(admin, 'bea@example.com', individual);
    for (const investor of [seller, buyer]) {
      await http.deposit(admin, investor, '1000.00');
      await http.subscribeMinted(admin, investor, token.id, 400);
    }
    await http.enableSecondary(admin, token.id);
    const treasuryBefore = await treasuryFiat();

    const ask = await http.trade(
      'POST',
      '/api/v1/orders',
      { token_id: token.id, side: 'sell', order_type: 'limit', quantity: 100, price: '1.50' },
      seller,
      200,
    );
    expect(ask.order.status).toBe('open');
    const lockedSeller = await http.call('GET', '/api/v1/portfolio', undefined, seller, 200);
    expect(lockedSeller.wallets).toMatchObject([{ balance: 400, locked_balance: 100 }]);

    const bid = await http.trade(
      'POST',
      '/api/v1/orders',
      { token_id: token.id, side: 'buy', order_type: 'limit', quantity: 100, price: '1.60' },
      buyer,
      200,
    );
    // the buy locked 160.00 at its own price, traded at the ask's 1.50 and got 10.00 back
    expect(bid.order).toMatchObject({
      status: 'filled',
      locked_fiat: '0.00',
      filled_quantity: 100,
    });
    expect(bid.trades).toMatchObject([
      { price: '1.50', quantity: 100, total: '150.00', side: 'buy', fee: '0.00' },
    ]);
    const tradeId = bid.trades[0].id as string;
    const askAfter = await http.trade('GET', `/api/v1/orders/${ask.order.id}`, undefined, seller);
    expect(askAfter).toMatchObject({ status: 'filled', remaining_quantity: 0 });

    // 1000 deposited - 500 subscribed; the seller gets 150.00 - 0.75, the buyer pays 150.00
    const sellerView = await http.call('GET', '/api/v1/portfolio', undefined, seller, 200);
    expect(sellerView.fiat_balance).toBe('649.25');
    expect(sellerView.wallets).toMatchObject([{ balance: 300, locked_balance: 0 }]);
    const buyerView = await http.call('GET', '/api/v1/portfolio', undefined, buyer, 200);
    expect(buyerView.fiat_balance).toBe('350.00');
    expect(buyerView.wallets).toMatchObject([{ balance: 500, locked_balance: 0 }]);
    expect(Number(await treasuryFiat()) - Number(treasuryBefore)).toBeCloseTo(0.75, 10);

    for (const investor of [seller, buyer]) {
      const trades = await http.trade('GET', '/api/v1/trades', undefined, investor, 200);
      expect((trades.data as Json[]).map((t) => t.id)).toEqual([tradeId]);
    }
    const book = await http.trade(
      'GET',
      `/api/v1/orderbook/${token.id}`,
      undefined,
      undefined,
      200,
    );
    expect(book).toMatchObject({ bids: [], asks: [], last_price: '1.50' });
  });
});

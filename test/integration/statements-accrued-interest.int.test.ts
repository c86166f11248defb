/**
 * A debt token's trade on the month's statements (the platform's statements over the trading
 * process's trade, one test database): the buyer's trade costs the clean total and the accrued
 * interest, the seller's pays the total less the fee plus the accrued interest, and the buyer's
 * cash shows the accrued interest paid apart from the purchases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Exact } from '../../src/lib/money.js';
import { statementsService } from '../../src/platform/statements/statements.service.js';
import { startTestTrading, type TestTrading } from '../support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

describe('accrued interest on statements', () => {
  it('charges it to the buyer and credits it to the seller', async () => {
    // as in src/trading/books/accrued-interest.int.test.ts: 7 units of a 1,000.00 note at 5 %
    // ACT/365, 126 days into its period on the clock's 2026-01-05: 120.82 accrued
    const { id: tokenId } = await sys.token({ price_per_token: '990.00' });
    await sys.db
      .insertInto('debt_terms')
      .values({
        token_id: tokenId,
        face_value: '1000.00',
        coupon_rate_pct: '5',
        frequency: 'semi_annual',
        day_count: 'act_365',
        first_coupon_date: '2026-03-01',
        maturity_date: '2027-03-01',
        record_days: 1,
      })
      .execute();
    const seller = await sys.user('investor');
    await sys.giveTokens(seller.id, tokenId, 100);
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '10000.00');
    const order = (side: 'buy' | 'sell', price: string) => ({
      token_id: tokenId,
      side,
      order_type: 'limit',
      quantity: 7,
      price,
    });
    const sell = await sys.call('POST', '/api/v1/orders', order('sell', '990.00'), seller.token);
    expect(sell.statusCode, sell.body).toBe(200);
    const buy = await sys.call('POST', '/api/v1/orders', order('buy', '991.00'), buyer.token);
    expect(buy.statusCode, buy.body).toBe(200);
    const trade = await sys.db
      .selectFrom('trades')
      .selectAll()
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(trade.accrued_interest).toBe('120.82');

    sys.clock.advance(1000); // a statement closes at its reading, after the trade
    const statements = statementsService({ db: sys.db, clock: sys.clock });
    const month = sys.clock.now().toISOString().slice(0, 7);
    const bought = await statements.monthly(buyer.id, month);
    expect(bought.trades).toEqual([
      expect.objectContaining({ side: 'buy', accrued_interest: '120.82', net: '-7050.82' }),
    ]);
    expect(Object.fromEntries(bought.cash[0]!.lines.map((l) => [l.key, l.amount]))).toMatchObject({
      purchases: '-6930.00',
      accrued_interest_paid: '-120.82',
    });
    const sold = await statements.monthly(seller.id, month);
    expect(sold.trades).toEqual([
      expect.objectContaining({
        side: 'sell',
        accrued_interest: '120.82',
        net: new Exact('6930.00').minus(trade.platform_fee).plus('120.82').toFixed(2),
      }),
    ]);
  });
});

/**
 * Accrued interest on a debt token's trades: the book trades the clean price; at each trade the
 * interest accrued on the quantity is taken from the buyer (out of the order's lock, which holds a
 * coupon's worth per unit beyond the price) and credited to the seller in the same batch. Money is
 * conserved to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Exact } from '../../lib/money.js';
import { totalFiat } from '../../../test/support/trading-checks.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

describe('accrued interest on debt token trades', () => {
  it('charges the buyer and credits the seller, to the cent', async () => {
    // The clock reads 2026-01-05. A 1,000.00 note at 5 % ACT/365, paid each 1 March and 1
    // September: interest runs from 2025-09-01, 126 days ago (30 + 31 + 30 + 31 + 4). On 7 units:
    // 7,000 x 5 % x 126/365 = 120.8219.. -> 120.82. The largest coupon (184 days,
    // 2026-03-01 to 09-01) is 50 x 184/365 = 25.2055.. a unit: a buy locks 25.21 a unit more.
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
    const short = await sys.user('investor');
    await sys.deposit(short.id, '6930.00');
    const before = await totalFiat(sys.db);
    const order = (side: 'buy' | 'sell', price: string) => ({
      token_id: tokenId,
      side,
      order_type: 'limit',
      quantity: 7,
      price,
    });

    // the price alone is not enough: the lock holds the accrued interest's bound too
    const refused = await sys.call('POST', '/api/v1/orders', order('buy', '990.00'), short.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(refused.json().detail).toContain('7106.47'); // (990.00 + 25.21) x 7

    const sell = await sys.call('POST', '/api/v1/orders', order('sell', '990.00'), seller.token);
    expect(sell.statusCode, sell.body).toBe(200);
    const buy = await sys.call('POST', '/api/v1/orders', order('buy', '991.00'), buyer.token);
    expect(buy.statusCode, buy.body).toBe(200);

    const trade = await sys.db
      .selectFrom('trades')
      .selectAll()
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(trade).toMatchObject({ price: '990.00', quantity: 7, total: '6930.00' });
    expect(trade.accrued_interest).toBe('120.82');
    // the buyer: 10,000 - 6,930.00 - 120.82, nothing left locked
    expect(await sys.fiat(buyer.id)).toBe('2949.18');
    // the seller: the total less the fee, and the accrued interest
    expect(await sys.fiat(seller.id)).toBe(
      new Exact('6930.00').minus(trade.platform_fee).plus('120.82').toFixed(2),
    );
    const ledger = await sys.db
      .selectFrom('fiat_ledger')
      .select(['user_id', 'amount'])
      .where('kind', '=', 'accrued_interest')
      .where('reference_id', '=', trade.id)
      .execute();
    expect(ledger).toEqual([{ user_id: seller.id, amount: '120.82' }]);
    expect(await totalFiat(sys.db)).toBe(before);

    const mine = await sys.call('GET', '/api/v1/trades', undefined, buyer.token);
    expect(mine.json().data[0]).toMatchObject({ accrued_interest: '120.82', side: 'buy' });
  });
});

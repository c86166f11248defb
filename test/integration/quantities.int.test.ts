/**
 * Quantities travel as JSON integers or as their digits in text (DECISIONS "Quantities"): an
 * order placed and amended either way is the same order, and a quantity that is not a whole
 * number is refused with a sentence for people, leaving the book as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading } from '../support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

describe('order quantities as integers or integer strings', () => {
  it('places and amends with 10 and "10" alike, answering integers', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    const bid = { token_id: tokenId, side: 'buy', order_type: 'limit', price: '10.00' };

    const asNumber = await sys.call(
      'POST',
      '/api/v1/orders',
      { ...bid, quantity: 10 },
      buyer.token,
    );
    const asText = await sys.call(
      'POST',
      '/api/v1/orders',
      { ...bid, quantity: '10' },
      buyer.token,
    );
    expect([asNumber.statusCode, asText.statusCode]).toEqual([200, 200]);
    expect(asText.json().order.quantity).toBe(10);
    expect(asText.json().order.locked_fiat).toBe(asNumber.json().order.locked_fiat);

    const amended = await sys.call(
      'PATCH',
      `/api/v1/orders/${asText.json().order.id}`,
      { quantity: '4' },
      buyer.token,
    );
    expect(amended.statusCode).toBe(200);
    expect(amended.json().order.quantity).toBe(4);
  });

  it('refuses a fraction, zero or a padded number in words, and the book stays as it was', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.user('investor');
    await sys.deposit(buyer.id, '1000.00');
    const before = (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    for (const quantity of ['10.5', 10.5, '0', '010', 'ten']) {
      const refused = await sys.call(
        'POST',
        '/api/v1/orders',
        { token_id: tokenId, side: 'buy', order_type: 'limit', price: '10.00', quantity },
        buyer.token,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'Quantity must be a whole number from 1 to 1000000000000, as a number or as text.',
      });
    }
    const offTick = await sys.call(
      'POST',
      '/api/v1/orders',
      { token_id: tokenId, side: 'buy', order_type: 'limit', price: '10.005', quantity: 1 },
      buyer.token,
    );
    expect(offTick.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Price must be above 0 with at most 2 decimals, such as 12.50.',
    });
    expect((await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json()).toEqual(before);
    expect(await sys.fiat(buyer.id)).toBe('1000.00');
  });
});

/**
 * Refused post-only orders: each is answered its own refusal, recorded in the audit trail's
 * refusals (`order_refusals`, docs/reports.md), and the other orders of its batch commit. (Their refusal's record once did not fit its column:
 * the order was answered 500, or its whole batch 503.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookFromDatabase } from '../../../test/support/trading-checks.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

const place = (trader: Trader, body: Record<string, unknown>) =>
  sys.call('POST', '/api/v1/orders', body, trader.token);

/** The status and the error code, or 'ok'. */
const answerOf = async (sent: ReturnType<typeof place>) => {
  const response = await sent;
  const { statusCode } = response;
  return [statusCode, statusCode === 200 ? 'ok' : response.json<{ code: string }>().code];
};

async function refusals(userId: string) {
  return sys.db
    .selectFrom('order_refusals')
    .select(['action', 'time_in_force', 'code'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function expectBookAsStored(tokenId: string): Promise<void> {
  const book = (await sys.call('GET', `/api/v1/orderbook/${tokenId}?depth=50`)).json();
  expect({ bids: book.bids, asks: book.asks }).toEqual(await bookFromDatabase(sys.db, tokenId));
}

describe('post-only orders', () => {
  it('refuses the crossing ones alone, in the batch of valid orders they came with', async () => {
    const { id: tokenId } = await sys.token();
    const seller = await sys.funded(tokenId);
    const buyer = await sys.funded(tokenId);
    const order = { token_id: tokenId, order_type: 'limit', quantity: 1 };
    expect((await place(seller, { ...order, side: 'sell', price: '10.00' })).statusCode).toBe(200);

    // three post-only buys that would trade with the ask, among ten orders that rest
    for (let round = 0; round < 3; round++) {
      const sent = Array.from({ length: 13 }, (_, i) =>
        i % 4 === 1
          ? place(buyer, { ...order, side: 'buy', price: '10.00', time_in_force: 'POST_ONLY' })
          : i % 2 === 0
            ? place(seller, { ...order, side: 'sell', price: '11.00' })
            : place(buyer, { ...order, side: 'buy', price: '9.00' }),
      );
      const answers = await Promise.all(sent.map(answerOf));
      expect(answers).toEqual(
        answers.map((_, i) => (i % 4 === 1 ? [422, 'POST_ONLY_WOULD_CROSS'] : [200, 'ok'])),
      );
    }

    const stored = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('token_id', '=', tokenId)
      .execute();
    expect(stored).toHaveLength(1 + 3 * 10);
    expect(await refusals(buyer.id)).toEqual(
      Array.from({ length: 9 }, () => ({
        action: 'place',
        time_in_force: 'POST_ONLY',
        code: 'POST_ONLY_WOULD_CROSS',
      })),
    );
    await expectBookAsStored(tokenId);
  });

  it('refuses an amend of a post-only order to a crossing or a fat-finger price', async () => {
    const { id: tokenId } = await sys.token();
    const seller = await sys.funded(tokenId);
    const buyer = await sys.funded(tokenId);
    const order = { token_id: tokenId, order_type: 'limit', quantity: 1 };
    const bid = await place(buyer, {
      ...order,
      side: 'buy',
      price: '9.00',
      time_in_force: 'POST_ONLY',
    });
    expect(bid.statusCode).toBe(200);
    const { id } = bid.json<{ order: { id: string } }>().order;
    const amend = (price: string) =>
      sys.call('PATCH', `/api/v1/orders/${id}`, { price }, buyer.token);

    // no ask yet: a price far from the token's is refused as such
    expect(await answerOf(amend('31.00'))).toEqual([422, 'FAT_FINGER_BLOCKED']);
    expect((await place(seller, { ...order, side: 'sell', price: '10.00' })).statusCode).toBe(200);
    expect(await answerOf(amend('10.00'))).toEqual([422, 'POST_ONLY_WOULD_CROSS']);
    // and the order is as it was, still amendable
    expect(await answerOf(amend('9.50'))).toEqual([200, 'ok']);

    expect(await refusals(buyer.id)).toEqual([
      { action: 'amend', time_in_force: 'POST_ONLY', code: 'FAT_FINGER_BLOCKED' },
      { action: 'amend', time_in_force: 'POST_ONLY', code: 'POST_ONLY_WOULD_CROSS' },
    ]);
    await expectBookAsStored(tokenId);
  });

  it('refuses a post-only order that reuses a client_order_id for another order', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await sys.funded(tokenId);
    const body = {
      token_id: tokenId,
      side: 'buy',
      order_type: 'limit',
      quantity: 1,
      price: '9.00',
      time_in_force: 'POST_ONLY',
      client_order_id: 'post-only-1',
    };
    expect(await answerOf(place(buyer, body))).toEqual([200, 'ok']);
    // the same order again is answered as it was; another under its id is refused
    expect(await answerOf(place(buyer, body))).toEqual([200, 'ok']);
    expect(await answerOf(place(buyer, { ...body, quantity: 2 }))).toEqual([
      409,
      'DUPLICATE_CLIENT_ORDER_ID',
    ]);
    expect(await refusals(buyer.id)).toEqual([
      { action: 'place', time_in_force: 'POST_ONLY', code: 'DUPLICATE_CLIENT_ORDER_ID' },
    ]);
  });
});

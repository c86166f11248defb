/**
 * What the token agent's actions do to trading, against the real PostgreSQL: the platform commits
 * a freeze or a revocation (here written as the platform writes it), orders that would sell
 * frozen units or trade from a frozen address are refused, and the book tick ends the orders the
 * agent no longer allows, with the reason on each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;
beforeAll(async () => {
  sys = await startTestTrading();
}, 60_000);
afterAll(async () => {
  await sys.close();
});

const sell = (trader: Trader, tokenId: string, quantity: number, price = '12.00') =>
  sys.call(
    'POST',
    '/api/v1/orders',
    { token_id: tokenId, side: 'sell', order_type: 'limit', quantity, price },
    trader.token,
  );
const buy = (trader: Trader, tokenId: string, quantity: number) =>
  sys.call(
    'POST',
    '/api/v1/orders',
    { token_id: tokenId, side: 'buy', order_type: 'limit', quantity, price: '10.00' },
    trader.token,
  );

async function freeze(
  userId: string,
  tokenId: string,
  changes: { frozen_quantity?: number; address_frozen?: boolean },
) {
  await sys.db
    .updateTable('wallets')
    .set(changes)
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .execute();
}

const ordersOf = (userId: string) =>
  sys.db
    .selectFrom('orders')
    .select(['quantity', 'side', 'status', 'cancel_reason'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('the token agent in trading', () => {
  it('refuses a sell of frozen units and any order from a frozen address, changing nothing', async () => {
    const { id: tokenId } = await sys.token();
    const holder = await sys.funded(tokenId, '1000.00', 10);
    await freeze(holder.id, tokenId, { frozen_quantity: 4 });

    const refused = await sell(holder, tokenId, 7);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'TOKEN_UNITS_FROZEN' });
    expect((await sell(holder, tokenId, 11)).json()).toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
    expect(await ordersOf(holder.id)).toEqual([]);
    expect((await sell(holder, tokenId, 6)).statusCode).toBe(200);
    expect(await sys.wallet(holder.id, tokenId)).toEqual({ balance: 10, locked: 6 });

    await freeze(holder.id, tokenId, { frozen_quantity: 0, address_frozen: true });
    for (const response of [await sell(holder, tokenId, 1), await buy(holder, tokenId, 1)]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'ADDRESS_FROZEN' });
    }
    expect(await sys.fiat(holder.id)).toBe('1000.00');
  });

  it('cancels the newest sells beyond the unfrozen units, and keeps the rest', async () => {
    const { id: tokenId } = await sys.token();
    const holder = await sys.funded(tokenId, '1000.00', 10);
    expect((await sell(holder, tokenId, 3)).statusCode).toBe(200);
    expect((await sell(holder, tokenId, 5, '13.00')).statusCode).toBe(200);
    expect((await buy(holder, tokenId, 2)).statusCode).toBe(200);
    await sys.trading.books.tick();
    expect((await ordersOf(holder.id)).map((o) => o.status)).toEqual(['open', 'open', 'open']);

    // 4 frozen of 10: 6 may stay on sale, so the newest sell (5) goes and the older (3) stays.
    await freeze(holder.id, tokenId, { frozen_quantity: 4 });
    await sys.trading.books.tick();
    expect(await ordersOf(holder.id)).toEqual([
      { quantity: 3, side: 'sell', status: 'open', cancel_reason: null },
      { quantity: 5, side: 'sell', status: 'cancelled', cancel_reason: 'TOKEN_UNITS_FROZEN' },
      { quantity: 2, side: 'buy', status: 'open', cancel_reason: null },
    ]);
    expect(await sys.wallet(holder.id, tokenId)).toEqual({ balance: 10, locked: 3 });

    await freeze(holder.id, tokenId, { address_frozen: true });
    await sys.trading.books.tick();
    expect((await ordersOf(holder.id)).map((o) => [o.status, o.cancel_reason])).toEqual([
      ['cancelled', 'ADDRESS_FROZEN'],
      ['cancelled', 'TOKEN_UNITS_FROZEN'],
      ['cancelled', 'ADDRESS_FROZEN'],
    ]);
    expect(await sys.wallet(holder.id, tokenId)).toEqual({ balance: 10, locked: 0 });
    expect(await sys.fiat(holder.id)).toBe('1000.00');
  });

  it('cancels every live order of a user whose verification was revoked, in every book', async () => {
    const { id: tokenId } = await sys.token();
    const { id: secondTokenId } = await sys.token();
    const holder = await sys.funded(tokenId, '1000.00', 10);
    const other = await sys.funded(tokenId, '1000.00', 10);
    expect((await sell(holder, tokenId, 3)).statusCode).toBe(200);
    expect((await buy(holder, tokenId, 2)).statusCode).toBe(200);
    expect((await buy(holder, secondTokenId, 1)).statusCode).toBe(200);
    expect((await sell(other, tokenId, 1)).statusCode).toBe(200);
    expect((await buy(other, secondTokenId, 1)).statusCode).toBe(200);
    await sys.db
      .updateTable('users')
      .set({ kyc_status: 'rejected' })
      .where('id', '=', holder.id)
      .execute();
    await sys.trading.books.tick();
    expect((await ordersOf(holder.id)).map((o) => [o.status, o.cancel_reason])).toEqual([
      ['cancelled', 'KYC_REVOKED'],
      ['cancelled', 'KYC_REVOKED'],
      ['cancelled', 'KYC_REVOKED'],
    ]);
    expect((await ordersOf(other.id)).map((o) => o.status)).toEqual(['open', 'open']);
    expect(await sys.fiat(holder.id)).toBe('1000.00');
    expect((await buy(holder, tokenId, 1)).json()).toMatchObject({ code: 'KYC_REQUIRED' });
  });
});

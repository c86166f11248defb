import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform.js';
import { newId } from '../../lib/ids.js';
import { insertToken, insertWallet } from './testing/token-fixture.js';
import { testBankAccount } from '../../../test/support/bank-account.js';

describe('GET /api/v1/portfolio', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.close());

  it('shows balance, holds, token wallets, allocations and the wallet address', async () => {
    const admin = await p.admin();
    const ann = await p.user('ann@example.com');
    const refused = await p.call('GET', '/api/v1/portfolio', undefined, ann.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'KYC_REQUIRED' });
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', ann.id)
      .execute();

    const empty = await p.call('GET', '/api/v1/portfolio', undefined, ann.token);
    expect(empty.json()).toEqual({
      fiat_balance: '0.00',
      fiat_held_withdrawals: '0.00',
      fiat_held_subscriptions: '0.00',
      trading_fees_paid: '0.00',
      wallet_address: null,
      wallet_custody: null,
      wallets: [],
      allocations: [],
      balances: [],
      dividends: [],
    });

    const deposit = await p.call('POST', '/api/v1/fiat/deposits', { amount: '500' }, ann.token);
    await p.call(
      'POST',
      `/api/v1/admin/fiat/deposits/${deposit.json<{ id: string }>().id}/confirm`,
      {},
      admin.token,
    );
    await p.enrol(ann); // a withdrawal needs a second factor
    await p.call('PUT', '/api/v1/fiat/bank-account', testBankAccount, ann.token);
    await p.call('POST', '/api/v1/fiat/withdrawals', { amount: '120.50' }, ann.token);
    const tokenId = await insertToken(p.test.db, admin.id, 'PRT1');
    await insertWallet(p.test.db, ann.id, tokenId, 7);
    const allocationId = newId();
    await p.test.db
      .insertInto('token_allocations')
      .values({
        id: allocationId,
        token_id: tokenId,
        user_id: ann.id,
        quantity: 7,
        amount: '70.00',
        price_per_token: '10.00',
        allocation_type: 'primary',
        status: 'pending_payment',
      })
      .execute();

    // Ann sold twice and bought once: she paid the two sellers' fees, none on her buy.
    const other = await p.user('bob@example.com');
    let engineKey = 0;
    const order = async (userId: string, side: 'buy' | 'sell') => {
      const id = newId();
      engineKey += 1;
      await p.test.db
        .insertInto('orders')
        .values({
          id,
          user_id: userId,
          token_id: tokenId,
          side,
          order_type: 'limit',
          time_in_force: 'GTC',
          price: '10.00',
          stop_price: null,
          quantity: 10,
          filled_quantity: 10,
          filled_value: '100.00',
          remaining_quantity: 0,
          status: 'filled',
          cancel_reason: null,
          engine_key: engineKey,
          priority: engineKey,
          expires_at: null,
          client_order_id: null,
          request_hash: null,
        })
        .execute();
      return id;
    };
    const trade = async (seller: string, buyer: string, fee: string) => ({
      id: newId(),
      token_id: tokenId,
      buy_order_id: await order(buyer, 'buy'),
      sell_order_id: await order(seller, 'sell'),
      buyer_id: buyer,
      seller_id: seller,
      taker_side: 'buy' as const,
      price: '10.00',
      quantity: 10,
      total: '100.00',
      platform_fee: fee,
      effective_fee_bps: 50,
    });
    await p.test.db
      .insertInto('trades')
      .values([
        await trade(ann.id, other.id, '0.50'),
        await trade(ann.id, other.id, '0.25'),
        await trade(other.id, ann.id, '0.50'),
      ])
      .execute();

    const res = await p.call('GET', '/api/v1/portfolio', undefined, ann.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trading_fees_paid: '0.75',
      fiat_balance: '379.50',
      fiat_held_withdrawals: '120.50',
      fiat_held_subscriptions: '70.00',
      wallets: [
        {
          token_id: tokenId,
          symbol: 'PRT1',
          name: 'PRT1 Tower',
          status: 'draft',
          contract_address: null,
          balance: 7,
          locked_balance: 0,
          address_frozen: false,
          frozen_quantity: 0,
        },
      ],
      allocations: [
        {
          id: allocationId,
          token_id: tokenId,
          symbol: 'PRT1',
          quantity: 7,
          amount: '70.00',
          status: 'pending_payment',
          on_chain_status: 'pending',
          on_chain_tx_hash: null,
          on_chain_error: null,
        },
      ],
    });

    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved' })
      .where('id', '=', other.id)
      .execute();
    const bobs = await p.call('GET', '/api/v1/portfolio', undefined, other.token);
    expect(bobs.json()).toMatchObject({
      fiat_balance: '0.00',
      trading_fees_paid: '0.50',
      wallets: [],
      allocations: [],
    });
    const staff = await p.staff();
    expect((await p.call('GET', '/api/v1/portfolio', undefined, staff.token)).statusCode).toBe(403);
  });
});

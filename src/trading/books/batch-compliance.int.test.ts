/**
 * The token's rules before an order, an amend that raises its quantity and an OTC request: each
 * refusal is problem+json with the rule's code and changes nothing (no order, no lock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedKyc,
  confirmedAllocation,
  de,
  setRules,
  us,
} from '../../../test/support/compliance.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

const day = 86_400_000;

/**
 * An investor with money and `tokens`, registered in `country` (alpha-2): of that nationality,
 * and resident there unless `residence` says otherwise.
 */
async function investor(
  tokenId: string,
  country = 'US',
  tokens = 0,
  residence?: string,
): Promise<Trader> {
  const trader = await sys.funded(tokenId, '100000.00', tokens);
  await approvedKyc(sys.db, trader.id, country, residence);
  return trader;
}

const limit = (tokenId: string, side: 'buy' | 'sell', quantity: number) => ({
  token_id: tokenId,
  side,
  order_type: 'limit',
  quantity,
  price: '10.00',
});

async function place(trader: Trader, body: Record<string, unknown>) {
  return sys.call('POST', '/api/v1/orders', body, trader.token);
}

/** The user's orders, OTC requests and money: what a refusal must leave as it was. */
async function footprint(trader: Trader, tokenId: string) {
  const orders = await sys.db
    .selectFrom('orders')
    .select(['id', 'quantity', 'status'])
    .where('user_id', '=', trader.id)
    .orderBy('id')
    .execute();
  const otc = await sys.db
    .selectFrom('otc_orders')
    .select('id')
    .where('user_id', '=', trader.id)
    .execute();
  return {
    orders,
    otc,
    fiat: await sys.fiat(trader.id),
    wallet: await sys.wallet(trader.id, tokenId),
  };
}

/** Sends the request and expects the rule's refusal, with nothing changed. */
async function expectRefused(
  trader: Trader,
  tokenId: string,
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  code: string,
  rule: string,
) {
  const before = await footprint(trader, tokenId);
  const response = await send();
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({ code, rule, status: 422 });
  expect(await footprint(trader, tokenId)).toEqual(before);
}

describe.each([
  { entry: 'order', mode: 'full_orderbook' },
  { entry: 'OTC request', mode: 'fixed_price_otc' },
])('the rules before an $entry', ({ mode }) => {
  const token = async () => (await sys.token({ trading_mode: mode })).id;

  it('refuses a buyer registered in a blocked country', async () => {
    const tokenId = await token();
    await setRules(sys.db, tokenId, { blocked_countries: [us] });
    const buyer = await investor(tokenId, 'US');
    const send = () => place(buyer, limit(tokenId, 'buy', 1));
    await expectRefused(buyer, tokenId, send, 'COMPLIANCE_COUNTRY_BLOCKED', 'blocked_countries');
    const german = await investor(tokenId, 'DE');
    expect((await place(german, limit(tokenId, 'buy', 1))).statusCode).toBeLessThan(300);
  });

  it('goes by where the buyer resides, not their nationality', async () => {
    const tokenId = await token();
    await setRules(sys.db, tokenId, { blocked_countries: [us] });
    const germanInUs = await investor(tokenId, 'DE', 0, 'US');
    const send = () => place(germanInUs, limit(tokenId, 'buy', 1));
    await expectRefused(
      germanInUs,
      tokenId,
      send,
      'COMPLIANCE_COUNTRY_BLOCKED',
      'blocked_countries',
    );
    const americanInDe = await investor(tokenId, 'US', 0, 'DE');
    expect((await place(americanInDe, limit(tokenId, 'buy', 1))).statusCode).toBeLessThan(300);
  });

  it('counts holders in the country they reside in', async () => {
    const tokenId = await token();
    await investor(tokenId, 'DE', 50, 'US');
    await setRules(sys.db, tokenId, { max_holders_per_country: 1 });
    const american = await investor(tokenId, 'US');
    const send = () => place(american, limit(tokenId, 'buy', 1));
    await expectRefused(
      american,
      tokenId,
      send,
      'COMPLIANCE_MAX_HOLDERS',
      'max_holders_per_country',
    );
    const german = await investor(tokenId, 'DE');
    expect((await place(german, limit(tokenId, 'buy', 1))).statusCode).toBeLessThan(300);
  });

  it('counts the open buys toward the maximum balance', async () => {
    const tokenId = await token();
    await setRules(sys.db, tokenId, { max_balance_units: 10 });
    const buyer = await investor(tokenId, 'US', 4);
    expect((await place(buyer, limit(tokenId, 'buy', 5))).statusCode).toBeLessThan(300);
    const send = () => place(buyer, limit(tokenId, 'buy', 2));
    await expectRefused(buyer, tokenId, send, 'COMPLIANCE_MAX_BALANCE', 'max_balance');
    expect((await place(buyer, limit(tokenId, 'buy', 1))).statusCode).toBeLessThan(300);
  });

  it('counts buyers with open buys toward the holder caps', async () => {
    const tokenId = await token();
    await investor(tokenId, 'US', 50);
    await setRules(sys.db, tokenId, { max_holders: 3, max_holders_per_country: 1 });
    const first = await investor(tokenId, 'DE');
    expect((await place(first, limit(tokenId, 'buy', 1))).statusCode).toBeLessThan(300);
    const american = await investor(tokenId, 'US');
    const perCountry = () => place(american, limit(tokenId, 'buy', 1));
    await expectRefused(
      american,
      tokenId,
      perCountry,
      'COMPLIANCE_MAX_HOLDERS',
      'max_holders_per_country',
    );
    const french = await investor(tokenId, 'FR');
    expect((await place(french, limit(tokenId, 'buy', 1))).statusCode).toBeLessThan(300);
    const british = await investor(tokenId, 'GB');
    const overall = () => place(british, limit(tokenId, 'buy', 1));
    await expectRefused(british, tokenId, overall, 'COMPLIANCE_MAX_HOLDERS', 'max_holders');
  });

  it('refuses to sell units under lock-up', async () => {
    const tokenId = await token();
    await setRules(sys.db, tokenId, { lock_up_days: 30 });
    const seller = await investor(tokenId, 'US', 15);
    await confirmedAllocation(
      sys.db,
      seller.id,
      tokenId,
      10,
      new Date(sys.clock.now().getTime() - day),
    );
    const send = () => place(seller, limit(tokenId, 'sell', 6));
    await expectRefused(seller, tokenId, send, 'COMPLIANCE_LOCKED_UP', 'lock_up');
    expect((await place(seller, limit(tokenId, 'sell', 5))).statusCode).toBeLessThan(300);
  });
});

describe('the rules before an amend that raises the quantity', () => {
  const amend = (trader: Trader, orderId: string, quantity: number) =>
    sys.call('PATCH', `/api/v1/orders/${orderId}`, { quantity }, trader.token);

  it('refuses a buy raised above the maximum balance, and lets it be lowered', async () => {
    const { id: tokenId } = await sys.token();
    await setRules(sys.db, tokenId, { max_balance_units: 10 });
    const buyer = await investor(tokenId, 'US', 2);
    const order = (await place(buyer, limit(tokenId, 'buy', 5))).json().order.id as string;
    const send = () => amend(buyer, order, 9);
    await expectRefused(buyer, tokenId, send, 'COMPLIANCE_MAX_BALANCE', 'max_balance');
    expect((await amend(buyer, order, 8)).json().order.quantity).toBe(8);
    expect((await amend(buyer, order, 3)).json().order.quantity).toBe(3);
  });

  it('refuses a buy raised once the buyer’s country is blocked', async () => {
    const { id: tokenId } = await sys.token();
    const buyer = await investor(tokenId, 'DE');
    const order = (await place(buyer, limit(tokenId, 'buy', 5))).json().order.id as string;
    await setRules(sys.db, tokenId, { blocked_countries: [de] });
    const send = () => amend(buyer, order, 6);
    await expectRefused(buyer, tokenId, send, 'COMPLIANCE_COUNTRY_BLOCKED', 'blocked_countries');
  });

  it('refuses a sell raised into locked-up units', async () => {
    const { id: tokenId } = await sys.token();
    await setRules(sys.db, tokenId, { lock_up_days: 30 });
    const seller = await investor(tokenId, 'US', 12);
    await confirmedAllocation(sys.db, seller.id, tokenId, 8, sys.clock.now());
    const order = (await place(seller, limit(tokenId, 'sell', 3))).json().order.id as string;
    const send = () => amend(seller, order, 5);
    await expectRefused(seller, tokenId, send, 'COMPLIANCE_LOCKED_UP', 'lock_up');
    expect((await amend(seller, order, 4)).json().order.quantity).toBe(4);
  });
});

describe('orders sent together', () => {
  const accepted = (responses: { statusCode: number }[]) =>
    responses.filter((r) => r.statusCode < 300).length;

  it('never lets two buyers take the last holder place', async () => {
    const { id: tokenId } = await sys.token();
    await investor(tokenId, 'US', 50);
    await setRules(sys.db, tokenId, { max_holders: 2 });
    const buyers = await Promise.all([1, 2, 3, 4].map(() => investor(tokenId, 'DE')));
    const responses = await Promise.all(buyers.map((b) => place(b, limit(tokenId, 'buy', 1))));
    expect(accepted(responses)).toBe(1);
  });

  it('never lets one buyer pass its maximum balance with orders sent together', async () => {
    const { id: tokenId } = await sys.token();
    await setRules(sys.db, tokenId, { max_balance_units: 10 });
    const buyer = await investor(tokenId, 'US');
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => place(buyer, limit(tokenId, 'buy', 4))),
    );
    expect(accepted(responses)).toBe(2);
  });
});

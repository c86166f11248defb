/**
 * The token's rules before a subscription and a token dividend payout, over HTTP on the real
 * database: each refusal is problem+json with the rule's code and changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  approvedKyc,
  confirmedAllocation,
  de,
  setRules,
  us,
} from '../../../test/support/compliance.js';
import { fiatOf, fund, insertHolder, liveToken } from '../../../test/support/dividends.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { insertToken, insertWallet } from '../portfolio/testing/token-fixture.js';

const hour = 3_600_000;
let p: TestPlatform;
let admin: Session;
let issuer: Session;
let users = 0;

beforeAll(async () => {
  p = await startTestPlatform();
  admin = await p.admin();
  issuer = await p.user('issuer@gates.example', { role: 'issuer' });
});
afterAll(() => p.close());

/** A verified, funded investor registered in `country`. */
async function investor(country: string): Promise<Session> {
  const session = await p.user(`investor-${++users}@gates.example`);
  await p.test.db
    .updateTable('users')
    .set({
      kyc_status: 'approved',
      kyc_level: 2,
      accreditation_status: 'institutional',
      fatca_status: 'clear',
    })
    .where('id', '=', session.id)
    .execute();
  await approvedKyc(p.test.db, session.id, country);
  await fund(p.test.db, session.id, '10000.00');
  return session;
}

const refusal = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('the rules before a subscription', () => {
  let tokenId: string;
  const subscribe = (session: Session, quantity: number) =>
    p.call('POST', `/api/v1/tokens/${tokenId}/subscribe`, { quantity }, session.token);
  /** what a refused subscription must leave as it was */
  const footprint = async (session: Session) => ({
    fiat: await fiatOf(p.test.db, session.id),
    allocations: await p.test.db
      .selectFrom('token_allocations')
      .select('id')
      .where('user_id', '=', session.id)
      .execute(),
  });
  const expectRefused = async (session: Session, quantity: number, code: string, rule: string) => {
    const before = await footprint(session);
    expect(refusal(await subscribe(session, quantity))).toMatchObject({
      status: 422,
      body: { code, rule },
    });
    expect(await footprint(session)).toEqual(before);
  };

  beforeEach(async () => {
    tokenId = await insertToken(p.test.db, issuer.id, `S${++users}`);
    await p.test.db
      .updateTable('tokens')
      .set({
        status: 'primary',
        trading_mode: 'primary_subscription',
        primary_start: new Date(Date.now() - hour),
        primary_end: new Date(Date.now() + hour),
      })
      .where('id', '=', tokenId)
      .execute();
  });

  it('refuses a subscriber registered in a country not allowed', async () => {
    await setRules(p.test.db, tokenId, { allowed_countries: [us] });
    await expectRefused(await investor('DE'), 1, 'COMPLIANCE_COUNTRY_BLOCKED', 'allowed_countries');
    expect((await subscribe(await investor('US'), 1)).statusCode).toBe(201);
  });

  it('counts subscriptions awaiting payment toward the maximum balance', async () => {
    await setRules(p.test.db, tokenId, { max_balance_units: 10 });
    const ann = await investor('US');
    expect((await subscribe(ann, 6)).statusCode).toBe(201);
    await expectRefused(ann, 5, 'COMPLIANCE_MAX_BALANCE', 'max_balance');
    expect((await subscribe(ann, 4)).statusCode).toBe(201);
  });

  it('counts subscribers awaiting payment toward the holder caps', async () => {
    await setRules(p.test.db, tokenId, { max_holders: 2, max_holders_per_country: 1 });
    expect((await subscribe(await investor('US'), 1)).statusCode).toBe(201);
    await expectRefused(
      await investor('US'),
      1,
      'COMPLIANCE_MAX_HOLDERS',
      'max_holders_per_country',
    );
    expect((await subscribe(await investor('DE'), 1)).statusCode).toBe(201);
    await expectRefused(await investor('FR'), 1, 'COMPLIANCE_MAX_HOLDERS', 'max_holders');
  });

  it('refuses a subscription past the supply cap', async () => {
    await setRules(p.test.db, tokenId, { supply_cap: 20 });
    const ann = await investor('US');
    expect((await subscribe(ann, 15)).statusCode).toBe(201);
    await expectRefused(await investor('US'), 6, 'COMPLIANCE_SUPPLY_CAP', 'supply_cap');
  });
});

describe('the rules before a token dividend payout', () => {
  /** a declared, submitted and approved token dividend of one token per token held */
  async function approvedDividend(tokenId: string): Promise<string> {
    const declared = await p.call(
      'POST',
      '/api/v1/dividends',
      { token_id: tokenId, dividend_type: 'token', per_token_qty: 1, fee_pct: 0 },
      issuer.token,
    );
    const id = declared.json<{ id: string }>().id;
    await p.call('POST', `/api/v1/dividends/${id}/submit`, {}, issuer.token);
    await p.call('POST', `/api/v1/admin/dividends/${id}/approve`, {}, admin.token);
    return id;
  }
  const distribute = (id: string) =>
    p.call('POST', `/api/v1/admin/dividends/${id}/distribute`, {}, admin.token);
  const state = async (id: string, tokenId: string) => ({
    dividend: await p.test.db
      .selectFrom('dividend_declarations')
      .select(['status', 'held_quantity'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    issuerWallet: await p.test.db
      .selectFrom('wallets')
      .select(['balance', 'locked_balance'])
      .where('user_id', '=', issuer.id)
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow(),
  });

  async function payoutToken(holders: [country: string, balance: number][]) {
    const tokenId = await liveToken(p.test.db, issuer.id, `D${++users}`);
    await p.test.db
      .updateTable('tokens')
      .set({ contract_address: `0x${tokenId.replace(/-/g, '').padEnd(40, '0')}` })
      .where('id', '=', tokenId)
      .execute();
    await insertWallet(p.test.db, issuer.id, tokenId, 100);
    for (const [country, balance] of holders) {
      await approvedKyc(p.test.db, await insertHolder(p.test.db, tokenId, balance), country);
    }
    return tokenId;
  }

  it.each([
    ['COMPLIANCE_COUNTRY_BLOCKED', 'blocked_countries', { blocked_countries: [de] }],
    ['COMPLIANCE_MAX_BALANCE', 'max_balance', { max_balance_units: 15 }],
  ] as const)('refuses a payout that breaks a rule: %s', async (code, rule, rules) => {
    const tokenId = await payoutToken([
      ['US', 5],
      ['DE', 8],
    ]);
    // the issuer's own allocation: 90 of its 100 units locked up
    await confirmedAllocation(p.test.db, issuer.id, tokenId, 90, new Date());
    const id = await approvedDividend(tokenId);
    await setRules(p.test.db, tokenId, rules);
    const before = await state(id, tokenId);
    expect(refusal(await distribute(id))).toMatchObject({ status: 422, body: { code, rule } });
    expect(await state(id, tokenId)).toEqual(before);
    expect(before.dividend.status).toBe('approved');
  });

  it('pays out from the issuer’s locked-up units: a payout is not a sale', async () => {
    const tokenId = await payoutToken([['US', 5]]);
    await confirmedAllocation(p.test.db, issuer.id, tokenId, 90, new Date());
    const id = await approvedDividend(tokenId);
    await setRules(p.test.db, tokenId, { lock_up_days: 30 });
    expect((await distribute(id)).json()).toMatchObject({ status: 'distributing' });
  });

  it('pays out when the rules allow it', async () => {
    const tokenId = await payoutToken([['US', 5]]);
    await setRules(p.test.db, tokenId, { blocked_countries: [de], max_balance_units: 10 });
    const id = await approvedDividend(tokenId);
    expect((await distribute(id)).json()).toMatchObject({ status: 'distributing' });
  });
});

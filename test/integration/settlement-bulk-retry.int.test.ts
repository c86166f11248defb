/**
 * Staff recovery in bulk (issue 32, item 3): `POST /api/v1/admin/trades/retry-settlement` retries
 * every failed trade its filters match (token, error code, failure time) in one call, with one
 * audit row, and leaves the others as they were; refusals change nothing. The trades are made
 * through the order route on tokens without a contract (settled off chain), then failed by hand:
 * how a trade comes to fail is the processor's business, not this route's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading, type Trader } from '../support/trading.js';

let sys: TestTrading;
let admin: Trader;
let investor: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  admin = await sys.user('admin');
  investor = await sys.user('investor');
});
afterAll(async () => {
  await sys.close();
});

/** one trade of 1 token at 10.00 between two funded investors, its id */
async function tradeOn(tokenId: string): Promise<string> {
  const seller = await sys.funded(tokenId);
  const buyer = await sys.funded(tokenId);
  const order = (trader: Trader, side: 'buy' | 'sell') =>
    sys.call(
      'POST',
      '/api/v1/orders',
      { token_id: tokenId, side, order_type: 'limit', quantity: 1, price: '10.00' },
      trader.token,
    );
  expect((await order(seller, 'sell')).statusCode).toBe(200);
  const bought = await order(buyer, 'buy');
  expect(bought.statusCode).toBe(200);
  return bought.json().trades[0].id;
}

/** as the processor fails a trade: its row, and its entry in the settlement queue */
async function fail(id: string, error: string, at: string) {
  const { created_at } = await sys.db
    .updateTable('trades')
    .set({ settlement_status: 'failed', settlement_error: error, updated_at: new Date(at) })
    .where('id', '=', id)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  await sys.db
    .insertInto('settlement_queue')
    .values({ trade_id: id, created_at, state: 'failed' })
    .onConflict((oc) => oc.column('trade_id').doUpdateSet({ state: 'failed' }))
    .execute();
}

const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await sys.db
        .selectFrom('trades')
        .select(['id', 'settlement_status', 'settlement_attempts'])
        .where('id', 'in', ids)
        .execute()
    ).map((t) => [t.id, t.settlement_status]),
  );

const bulkRetry = (body: unknown, token = admin.token) =>
  sys.call('POST', '/api/v1/admin/trades/retry-settlement', body, token);

describe('bulk retry of failed settlements', () => {
  it('retries exactly the failed trades the filters match, audited, and the processor settles them', async () => {
    const tokenA = (await sys.token()).id;
    const tokenB = (await sys.token()).id;
    const [a1, a2, a3, a4, b1] = [
      await tradeOn(tokenA),
      await tradeOn(tokenA),
      await tradeOn(tokenA),
      await tradeOn(tokenA),
      await tradeOn(tokenB),
    ];
    while ((await sys.trading.settlement.processor.tick()) > 0);
    const all = [a1, a2, a3, a4, b1];
    expect(Object.values(await statusOf(all))).toEqual(Array(5).fill('settled'));
    await fail(a1, 'CHAIN_UNAVAILABLE: the node did not answer', '2026-01-05T10:10:00Z');
    await fail(a2, 'COMPLIANCE_REFUSED: the compliance refused', '2026-01-05T10:10:00Z');
    await fail(a3, 'CHAIN_UNAVAILABLE: the node did not answer', '2026-01-05T09:00:00Z');
    await fail(b1, 'CHAIN_UNAVAILABLE: the node did not answer', '2026-01-05T10:10:00Z');
    const before = await statusOf(all);

    // refusals: an investor, a malformed filter, an empty range; nothing changes
    const forbidden = await bulkRetry({}, investor.token);
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'FORBIDDEN_ROLE']);
    const malformed = await bulkRetry({ error_code: 'chain unavailable' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
    const unknownField = await bulkRetry({ status: 'failed' });
    expect(unknownField.statusCode).toBe(400);
    const inverted = await bulkRetry({
      failed_from: '2026-01-05T11:00:00Z',
      failed_to: '2026-01-05T10:00:00Z',
    });
    expect([inverted.statusCode, inverted.json().code]).toEqual([422, 'INVALID_TIME_RANGE']);
    expect(await statusOf(all)).toEqual(before);

    const matched = await bulkRetry({
      token_id: tokenA,
      error_code: 'CHAIN_UNAVAILABLE',
      failed_from: '2026-01-05T10:00:00Z',
      failed_to: '2026-01-05T11:00:00Z',
    });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toEqual({ retried: 1, trade_ids: [a1] });
    expect(await statusOf(all)).toEqual({ ...before, [a1]: 'processing' });
    const attempts = await sys.db
      .selectFrom('trades')
      .select('settlement_attempts')
      .where('id', '=', a1)
      .executeTakeFirstOrThrow();
    expect(attempts.settlement_attempts).toBe(0);

    const audit = await sys.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'details'])
      .where('action', '=', 'settlement.bulk_retry')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        details: {
          token_id: tokenA,
          error_code: 'CHAIN_UNAVAILABLE',
          failed_from: '2026-01-05T10:00:00.000Z',
          failed_to: '2026-01-05T11:00:00.000Z',
          retried: 1,
        },
      },
    ]);

    // no filter: every failed trade, the settled one left alone
    const rest = await bulkRetry({});
    expect(rest.json()).toEqual({ retried: 3, trade_ids: [a2, a3, b1].sort() });
    expect((await bulkRetry({})).json()).toEqual({ retried: 0, trade_ids: [] });

    while ((await sys.trading.settlement.processor.tick()) > 0);
    expect(Object.values(await statusOf(all))).toEqual(Array(5).fill('settled'));
    const history = await sys.db
      .selectFrom('trade_settlement_history')
      .select(['status', 'error'])
      .where('trade_id', '=', a1)
      .orderBy('id')
      .execute();
    expect(history.slice(-3)).toEqual([
      { status: 'processing', error: 'admin retry' },
      { status: 'processing', error: null },
      { status: 'settled', error: null },
    ]);
  });

  it('audits the retry of one trade too', async () => {
    const tokenId = (await sys.token()).id;
    const id = await tradeOn(tokenId);
    while ((await sys.trading.settlement.processor.tick()) > 0);
    await fail(id, 'COMPLIANCE_REFUSED: the compliance refused', '2026-01-05T10:10:00Z');
    const retried = await sys.call(
      'POST',
      `/api/v1/admin/trades/${id}/retry-settlement`,
      undefined,
      admin.token,
    );
    expect(retried.statusCode).toBe(200);
    const audit = await sys.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'target_id'])
      .where('action', '=', 'settlement.retry')
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id, target_id: id }]);
  });
});

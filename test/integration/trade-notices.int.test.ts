/**
 * The notices trades cause, read off trades placed through the real order service: one digest of
 * fills per user and minute at most, by email unless the user turned it off; each party of a
 * trade whose settlement failed for good told once, never the chain's reason; two platform
 * processes ticking at once tell each window once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManualClock,
  startTestTrading,
  type TestTrading,
  type Trader,
} from '../support/trading.js';
import { transaction } from '../../src/lib/db/database.js';
import { failAbandoned } from '../../src/trading/settlement/settlement.queries.js';
import { saveEmailChoices } from '../../src/platform/notifications/notifications.queries.js';
import { tradeNotices } from '../../src/platform/notifications/trade-notices.js';

let sys: TestTrading;
let tokenId: string;
let symbol: string;
let ann: Trader;
let bob: Trader;
/**
 * The notices' clock, set to real time once the trades it should see are answered (trade ids
 * carry real time), so no window lags behind the commits
 */
const clock = new ManualClock(new Date());
const worker = () => tradeNotices({ db: sys.db, clock, commitLagMs: 0 });

beforeAll(async () => {
  sys = await startTestTrading();
  ({ id: tokenId } = await sys.token());
  symbol = (
    await sys.db
      .selectFrom('tokens')
      .select('symbol')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow()
  ).symbol;
  ann = await sys.funded(tokenId);
  bob = await sys.funded(tokenId);
});
afterAll(async () => {
  await sys.close();
});

async function trade(quantity: number, price: string): Promise<void> {
  const order = { token_id: tokenId, order_type: 'limit', quantity, price };
  const sell = await sys.call('POST', '/api/v1/orders', { ...order, side: 'sell' }, ann.token);
  const buy = await sys.call('POST', '/api/v1/orders', { ...order, side: 'buy' }, bob.token);
  expect([sell.statusCode, buy.statusCode], buy.body).toEqual([200, 200]);
}

const noticesOf = (user: Trader, kind: string) =>
  sys.db
    .selectFrom('user_notifications')
    .select(['title', 'body'])
    .where('user_id', '=', user.id)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

const emailsOf = (user: Trader, kind: string) =>
  sys.db
    .selectFrom('outbound_emails')
    .select('subject')
    .where('user_id', '=', user.id)
    .where('kind', '=', kind)
    .execute();

describe('trade notices', () => {
  it('digests each user’s fills, one notice a minute at most', async () => {
    // the last digest went out 70 s ago
    await sys.db
      .updateTable('notice_cursors')
      .set({ through: new Date(Date.now() - 70_000) })
      .execute();
    await trade(10, '10.00');
    await trade(5, '10.50');
    clock.current = new Date();
    expect(await worker().tick()).toBe(2);
    expect(await noticesOf(ann, 'order.filled')).toEqual([
      {
        title: 'Your orders were filled (2 fills)',
        body: `Sold 15 ${symbol} for 152.50 USD (2 fills). Fees are on your trade confirmations.`,
      },
    ]);
    expect((await noticesOf(bob, 'order.filled'))[0]?.body).toBe(
      `Bought 15 ${symbol} for 152.50 USD (2 fills). Fees are on your trade confirmations.`,
    );
    expect(await emailsOf(ann, 'order.filled')).toEqual([
      { subject: 'Your orders were filled (2 fills)' },
    ]);

    // a fill right after a digest waits for the next minute, then comes alone
    await transaction(sys.db, (trx) =>
      saveEmailChoices(trx, bob.id, [{ kind: 'order.filled', email: false }]),
    );
    await trade(1, '10.50');
    clock.current = new Date();
    expect(await worker().tick()).toBe(0);
    clock.advance(60_000);
    expect(await worker().tick()).toBe(2);
    expect((await noticesOf(ann, 'order.filled')).map((n) => n.title)).toEqual([
      'Your orders were filled (2 fills)',
      'Your order was filled',
    ]);
    expect((await noticesOf(ann, 'order.filled'))[1]?.body).toBe(
      `Sold 1 ${symbol} for 10.50 USD (1 fill). Fees are on your trade confirmations.`,
    );
    // bob turned the emails off: the in-app notice only
    expect(await noticesOf(bob, 'order.filled')).toHaveLength(2);
    expect(await emailsOf(bob, 'order.filled')).toHaveLength(1);
  });

  it('tells both parties once when a trade’s settlement fails for good, without the reason', async () => {
    const { id } = await sys.db
      .selectFrom('trades')
      .select('id')
      .where('token_id', '=', tokenId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // its worker died during the last attempt: failed once the lease is over
    await sys.db
      .updateTable('trades')
      .set({
        settlement_status: 'processing',
        settlement_attempts: 5,
        settlement_error: 'COMPLIANCE_REFUSED: identity of 0xabc not verified',
        lease_expires_at: new Date(clock.now().getTime() - 1000),
      })
      .where('id', '=', id)
      .execute();
    await sys.db
      .insertInto('settlement_queue')
      .values({ trade_id: id, created_at: clock.now(), state: 'last' })
      .onConflict((oc) => oc.column('trade_id').doUpdateSet({ state: 'last' }))
      .execute();
    expect(await failAbandoned(sys.db, clock.now())).toBe(1);

    clock.advance(16_000);
    // two platform processes at once: the window is told by one of them
    const told = await Promise.all([worker().tick(), worker().tick()]);
    expect(told.sort()).toEqual([0, 2]);
    for (const [party, side] of [
      [ann, 'sell'],
      [bob, 'buy'],
    ] as const) {
      const notices = await noticesOf(party, 'settlement.failed');
      expect(notices).toEqual([
        {
          title: `Your ${symbol} trade could not be settled`,
          body: expect.stringContaining(`Your trade to ${side} 10 ${symbol} at 10.00 USD on `),
        },
      ]);
      expect(notices[0]!.body).not.toMatch(/COMPLIANCE|identity|0xabc/);
      // money at stake: emailed unless turned off
      expect(await emailsOf(party, 'settlement.failed')).toHaveLength(1);
    }
    clock.advance(120_000);
    await worker().tick();
    expect(await noticesOf(ann, 'settlement.failed')).toHaveLength(1);
  });
});

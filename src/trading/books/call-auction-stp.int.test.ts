/**
 * Self-trade prevention in a call's uncross on the real sequencer and database (docs/auctions.md,
 * "The algorithm"): an investor whose bid and offer would both fill at the auction price has the
 * later of them cancelled with SELF_TRADE_PREVENTED, the indicative state shows the uncross as it
 * will run, no trade has the same buyer and seller, and money is conserved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitOrder as limit } from '../../../test/support/book-commands.js';
import { totalFiat } from '../../../test/support/trading-checks.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading({ random: () => 0.5 });
});
afterAll(async () => {
  await sys.close();
});

/** Monday 5 January 2026, UTC. */
const at = (time: string) => new Date(`2026-01-05T${time}Z`);

describe('self-trade prevention in the uncross', () => {
  it("cancels the owner's later order that would trade with their own", async () => {
    sys.clock.current = at('09:01:00');
    const token = await sys.token();
    await sys.db
      .insertInto('token_trading_sessions')
      .values({
        token_id: token.id,
        market_model: 'continuous_with_auctions',
        time_zone: 'UTC',
        calendar_code: null,
        opening_call_seconds: 300,
        closing_call_seconds: 300,
        random_end_seconds: 30,
        updated_by: null,
      })
      .execute();
    await sys.db
      .insertInto('token_session_hours')
      .values(
        [1, 2, 3, 4, 5].map((weekday) => ({
          token_id: token.id,
          weekday,
          opens: 540,
          closes: 1050,
        })),
      )
      .execute();
    const x = await sys.funded(token.id);
    const y = await sys.funded(token.id);
    const fiatBefore = await totalFiat(sys.db);
    const { books } = sys.trading;
    await books.tick();
    await books.submit(token.id, limit(x.id, 'buy', 10, '10.00'));
    await books.submit(token.id, limit(y.id, 'sell', 10, '10.00'));
    const own = await books.submit(token.id, limit(x.id, 'sell', 5, '9.90'));
    const ownId = own.orders[0]!.id;
    // x's offer would fill against x's bid: the indicative state leaves it out
    const view = (await sys.call('GET', `/api/v1/markets/${token.id}/phase`)).json();
    expect(view.indicative).toEqual({ price: '10.00', volume: 10, surplus_side: null, surplus: 0 });

    sys.clock.current = at('09:05:15');
    await books.tick();
    const trades = await sys.db
      .selectFrom('trades')
      .select(['price', 'quantity', 'buyer_id', 'seller_id'])
      .where('token_id', '=', token.id)
      .execute();
    expect(trades.map((t) => [t.price, Number(t.quantity), t.buyer_id, t.seller_id])).toEqual([
      ['10.00', 10, x.id, y.id],
    ]);
    const cancelled = await sys.db
      .selectFrom('orders')
      .select(['status', 'cancel_reason', 'filled_quantity'])
      .where('id', '=', ownId)
      .executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'SELF_TRADE_PREVENTED' });
    expect(Number(cancelled.filled_quantity)).toBe(0);
    expect(await sys.wallet(x.id, token.id)).toMatchObject({ locked: 0 });
    expect(await totalFiat(sys.db)).toBe(fiatBefore);
  });
});

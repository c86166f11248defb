/**
 * A trading day of a token with opening and closing calls, on the real sequencer and database
 * with a hand-set clock and a seeded random end (docs/auctions.md): orders entered while closed
 * wait, the opening call collects them without matching and uncrosses at its random end, the
 * book then trades continuously, a circuit breaker's halt reopens by a call, the closing call
 * uncrosses and the close expires DAY orders. An auction's trades share one auction id (one
 * settlement batch) and money is conserved throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { limitOrder as limit } from '../../../test/support/book-commands.js';
import { totalFiat } from '../../../test/support/trading-checks.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import type { BookCommand } from './book-command.js';

/** The random end: 0.5 of the 30 s window, so each call ends 15 s after its scheduled end. */
const half = () => 0.5;
let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading({ random: half });
});
afterAll(async () => {
  await sys.close();
});

const outcome = (answer: Promise<unknown>) =>
  answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

/** Monday 5 January 2026, UTC. */
const at = (time: string) => new Date(`2026-01-05T${time}Z`);

async function withSession(tokenId: string) {
  await sys.db
    .insertInto('token_trading_sessions')
    .values({
      token_id: tokenId,
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
      [1, 2, 3, 4, 5].map((weekday) => ({ token_id: tokenId, weekday, opens: 540, closes: 1050 })),
    )
    .execute();
}

describe('a day of call auctions', () => {
  it('waits while closed, uncrosses the calls at their random end, reopens a halt by a call and expires DAY at the close', async () => {
    sys.clock.current = at('08:00:00');
    const token = await sys.token();
    await withSession(token.id);
    const a = await sys.funded(token.id);
    const b = await sys.funded(token.id);
    const s = await sys.funded(token.id);
    const t = await sys.funded(token.id);
    const { books } = sys.trading;
    const submit = (command: BookCommand) => outcome(books.submit(token.id, command));
    const tick = () => books.tick();
    const fiatBefore = await totalFiat(sys.db);
    const trades = () =>
      sys.db
        .selectFrom('trades')
        .select(['price', 'quantity', 'auction_id'])
        .where('token_id', '=', token.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    const indicative = async () => {
      const view = (await sys.call('GET', `/api/v1/markets/${token.id}/phase`)).json();
      return {
        phase: view.phase,
        scheduled_end: view.scheduled_end,
        indicative: view.indicative,
      };
    };
    const order = (id: string) =>
      sys.db
        .selectFrom('orders')
        .select(['status', 'filled_quantity', 'remaining_quantity', 'cancel_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    // closed: resting orders wait for the opening call, immediate ones are refused
    expect(await submit(limit(a.id, 'buy', 10, '10.20'))).toBe('ok');
    expect(await submit(limit(s.id, 'sell', 5, '10.00', { timeInForce: 'DAY' }))).toBe('ok');
    expect(await submit(limit(a.id, 'buy', 1, '10.20', { timeInForce: 'IOC' }))).toBe(
      'TIME_IN_FORCE_NOT_IN_PHASE',
    );
    expect(await trades()).toEqual([]);

    // the opening call: more orders rest without matching, FOK is refused; the indicative
    // state moves with them (all surplus on the buy side: the highest price, then balanced)
    sys.clock.current = at('09:00:00');
    await tick();
    expect(await indicative()).toEqual({
      phase: 'pre_open',
      scheduled_end: at('09:05:00').toISOString(),
      indicative: { price: '10.20', volume: 5, surplus_side: 'buy', surplus: 5 },
    });
    expect(await submit(limit(b.id, 'buy', 5, '10.10', { timeInForce: 'DAY' }))).toBe('ok');
    expect(await submit(limit(t.id, 'sell', 10, '10.05'))).toBe('ok');
    expect(await submit(limit(a.id, 'buy', 1, '10.20', { timeInForce: 'FOK' }))).toBe(
      'TIME_IN_FORCE_NOT_IN_PHASE',
    );
    expect(await trades()).toEqual([]);
    expect((await indicative()).indicative).toEqual({
      price: '10.05',
      volume: 15,
      surplus_side: null,
      surplus: 0,
    });

    // at the scheduled end the call goes on: its random end is 15 s later
    sys.clock.current = at('09:05:10');
    await tick();
    expect(await trades()).toEqual([]);
    sys.clock.current = at('09:05:15');
    await tick();
    // 10.05 and 10.10 both execute 15 without surplus; 10.05 is nearest the offering price
    const opening = await trades();
    expect(opening.map((x) => [x.price, Number(x.quantity)])).toEqual([
      ['10.05', 5],
      ['10.05', 5],
      ['10.05', 5],
    ]);
    const openingId = opening[0]!.auction_id;
    expect(openingId).not.toBeNull();
    expect(new Set(opening.map((x) => x.auction_id))).toEqual(new Set([openingId]));
    // the buyer priced better paid the auction price: 10 x (10.20 - 10.05) back
    expect(await sys.fiat(a.id)).toBe('999899.50');
    const stamp = await sys.db
      .selectFrom('tokens')
      .select('last_uncross_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(stamp.last_uncross_at).toEqual(at('09:05:15'));

    // continuous trading: IOC matches at once; a DAY bid rests in the book
    expect(await submit(limit(t.id, 'sell', 3, '10.05'))).toBe('ok');
    expect(await submit(limit(a.id, 'buy', 3, '10.05', { timeInForce: 'IOC' }))).toBe('ok');
    expect((await trades()).slice(3).map((x) => [x.price, x.auction_id])).toEqual([
      ['10.05', null],
    ]);
    const day = await books.submit(token.id, limit(b.id, 'buy', 2, '9.00', { timeInForce: 'DAY' }));
    const dayId = day.orders[0]!.id;
    expect(await submit(limit(a.id, 'buy', 1, '9.00', { timeInForce: 'ATO' }))).toBe(
      'TIME_IN_FORCE_NOT_IN_PHASE',
    );

    // a circuit breaker's halt refuses orders, then reopens by a call
    await sys.db
      .updateTable('tokens')
      .set({ halted_until: at('12:01:00') })
      .where('id', '=', token.id)
      .execute();
    sys.clock.current = at('12:00:00');
    await tick();
    expect(await submit(limit(s.id, 'sell', 1, '10.00'))).toBe('TRADING_HALTED');
    sys.clock.current = at('12:01:00');
    await tick();
    expect(await submit(limit(s.id, 'sell', 2, '9.50'))).toBe('ok');
    expect(await submit(limit(a.id, 'buy', 2, '10.00'))).toBe('ok');
    expect((await trades()).length).toBe(4);
    sys.clock.current = at('12:06:15');
    await tick();
    const reopening = (await trades()).slice(4);
    expect(reopening.map((x) => [x.price, Number(x.quantity)])).toEqual([['10.00', 2]]);
    expect(reopening[0]!.auction_id).not.toBe(openingId);

    // the closing call: the book's resting orders join it, ATC with them
    sys.clock.current = at('17:25:00');
    await tick();
    expect(await submit(limit(s.id, 'sell', 4, '10.00'))).toBe('ok');
    expect(await submit(limit(a.id, 'buy', 4, '10.10', { timeInForce: 'ATC' }))).toBe('ok');
    // a large bid lifts the indicative price and is cancelled 5 s before the uncross
    const lift = await books.submit(token.id, limit(t.id, 'buy', 50, '10.40'));
    expect((await indicative()).indicative.price).toBe('10.40');
    sys.clock.current = at('17:30:10');
    expect(
      await submit({
        kind: 'cancel',
        orderId: lift.orders[0]!.id,
        userId: t.id,
        reason: 'CANCELLED_BY_OWNER',
      }),
    ).toBe('ok');
    sys.clock.current = at('17:30:15');
    await tick();
    await sys.trading.surveillance.idle();
    const alerts = await sys.db
      .selectFrom('surveillance_alerts')
      .select(['rule', 'user_id', 'summary'])
      .where('token_id', '=', token.id)
      .execute();
    expect(alerts).toEqual([
      {
        rule: 'auction_cancel',
        user_id: t.id,
        summary:
          'buy order of 50 at 10.40 cancelled 5 s before the uncross; it moved the indicative price from 10.00 to 10.40',
      },
    ]);
    const closing = (await trades()).slice(5);
    expect(closing.map((x) => [x.price, Number(x.quantity)])).toEqual([['10.00', 4]]);

    // closed: the DAY bid expired, its lock given back
    expect(await order(dayId)).toMatchObject({ status: 'expired', cancel_reason: 'EXPIRED' });
    expect(await totalFiat(sys.db)).toBe(fiatBefore);
  });
});

/**
 * A trading day of a token with opening and closing calls (docs/auctions.md) on the real stack: a
 * real anvil with the real contracts, the real chain process, the platform (offering, go-live)
 * and the trading app on a hand-set clock, with a seeded draw for each call's random end. Orders
 * entered while closed wait; the opening call uncrosses at its random end at the price the
 * uncross rules give; the book trades continuously; staff halt it and lift the halt, and it
 * reopens through a call; the closing call uncrosses and the close expires the DAY orders, their
 * locks given back. Settlement then sends each auction's trades as one chain transaction, and the
 * chain's balances equal the database's; money and tokens are conserved.
 */
import { createPublicClient, http, parseAbiItem, parseEventLogs, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Exact } from '../../src/lib/money.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildTradingApp, type TradingApp } from '../../src/trading/app.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { ManualClock } from '../support/trading.js';

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const units = 10n ** 18n;

/** A seeded draw in [0, 1) (mulberry32), each value kept to check the uncross against. */
function seededRandom(seed: number) {
  let state = seed;
  const drawn: number[] = [];
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const value = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    drawn.push(value);
    return value;
  };
  return { next, drawn };
}

/** Tomorrow (UTC): the day runs on the manual clock, ahead of every row the platform wrote. */
const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => new Date(`${day}T${time}Z`);

describe('a trading day with call auctions, settled on chain', () => {
  let s: IssuanceSystem;
  let trading: TradingApp;
  const clock = new ManualClock(at('08:00:00'));
  const random = seededRandom(41);
  let tokenId: string;
  let contract: `0x${string}`;
  const h: Record<'alice' | 'bob' | 'carol' | 'dave', Actor> = {} as never;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    trading = await buildTradingApp({
      config: s.config,
      db: s.test.db,
      logger: createLogger('test', 'silent'),
      chain: s.chain,
      clock,
      random: random.next,
      tickMs: 0,
      heartbeatMs: 0,
    });
    ({ tokenId } = await s.smallOffering('ceo@auction-day.example', 'DAYX'));
    for (const name of ['alice', 'bob', 'carol', 'dave'] as const) {
      h[name] = await s.verified(`${name}@auction-day.example`);
      await s.deposit(h[name], '1000.00');
      await s.confirm(tokenId, [(await s.subscribe(h[name], tokenId, 100)).id]);
    }
    await s.mintAll();
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${tokenId}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();
    while ((await s.workers.chainSync.tick()) > 0);
    contract = (await s.tokenRow(tokenId)).contract_address as `0x${string}`;
  }, 300_000);
  afterAll(async () => {
    await trading?.app.close();
    await s?.close();
  });

  const db = () => s.test.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, actor?: Actor) =>
    trading.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: actor ? { authorization: `Bearer ${actor.token}` } : {},
    });
  const submit = (
    actor: Actor,
    side: 'buy' | 'sell',
    quantity: number,
    price: string,
    timeInForce = 'GTC',
  ) => {
    const body = {
      token_id: tokenId,
      side,
      order_type: 'limit',
      quantity,
      price,
      time_in_force: timeInForce,
    };
    return call('POST', '/api/v1/orders', body, actor);
  };
  /** places a limit order the book accepts; answers its id */
  const place = async (...order: Parameters<typeof submit>) => {
    const response = await submit(...order);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order.id as string;
  };
  /** a limit order the book refuses: its status and code */
  const refused = async (...order: Parameters<typeof submit>) => {
    const response = await submit(...order);
    return `${response.statusCode} ${response.json().code}`;
  };
  const staff = async (path: string, body: Record<string, unknown>) => {
    const response = await call('POST', `/api/v1/admin/tokens/${tokenId}/${path}`, body, s.admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const phase = async () => {
    const view = (await call('GET', `/api/v1/markets/${tokenId}/phase`)).json();
    return { phase: view.phase, scheduled_end: view.scheduled_end, indicative: view.indicative };
  };
  const tick = () => trading.books.tick();
  const trades = () =>
    db()
      .selectFrom('trades')
      .selectAll()
      .where('token_id', '=', tokenId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const order = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lastUncross = async () =>
    (
      await db()
        .selectFrom('tokens')
        .select('last_uncross_at')
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow()
    ).last_uncross_at;
  /** fiat held by users plus fiat locked by live orders: what trading must conserve */
  const money = async () => {
    const result = await sql<{ sum: string }>`
      select (select sum(fiat_balance) from users)
        + (select coalesce(sum(locked_fiat), 0) from orders
           where status in ('open', 'partially_filled')) as sum`.execute(db());
    return new Exact(result.rows[0]!.sum).toFixed(2);
  };
  const tokensHeld = async () => {
    const result = await sql<{ sum: string }>`
      select sum(balance) as sum from wallets where token_id = ${tokenId}`.execute(db());
    return Number(result.rows[0]!.sum);
  };
  /**
   * Moves the clock through a call's random-end window a second at a time, ticking the book,
   * until the uncross makes trades; answers that moment. Nothing trades before it.
   */
  const untilUncross = async (scheduledEnd: Date, tradesBefore: number) => {
    for (let second = 0; second <= 30; second += 1) {
      clock.current = new Date(scheduledEnd.getTime() + second * 1000);
      await tick();
      if ((await trades()).length > tradesBefore) return clock.current;
    }
    throw new Error('the call did not uncross within its random-end window');
  };
  /** the draw's moment in the window, as the first whole second the clock reaches at or after it */
  const drawnEnd = (scheduledEnd: Date, draw: number) =>
    new Date(scheduledEnd.getTime() + Math.ceil(Math.floor(draw * 30_000) / 1000) * 1000);
  const summary = (rows: { price: string; quantity: number }[]) =>
    rows.map((t) => [t.price, Number(t.quantity)]);

  it('runs the day and settles each auction as one chain transaction', async () => {
    const session = await call(
      'PUT',
      `/api/v1/admin/tokens/${tokenId}/trading-session`,
      {
        market_model: 'continuous_with_auctions',
        time_zone: 'UTC',
        hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          opens: '09:00',
          closes: '17:30',
        })),
        calendar: null,
        opening_call_seconds: 300,
        closing_call_seconds: 300,
        call_seconds: 300,
        random_end_seconds: 30,
        reason: 'Opening and closing auctions for a thinly traded token',
      },
      s.admin,
    );
    expect(session.statusCode, session.body).toBe(200);
    const moneyBefore = await money();
    const tokensBefore = await tokensHeld();

    // closed: orders that rest wait for the opening call; an IOC is refused
    expect(await phase()).toMatchObject({
      phase: 'closed',
      scheduled_end: at('09:00:00').toISOString(),
    });
    const aliceDay = await place(h.alice, 'sell', 20, '1.00', 'DAY');
    const carolBid = await place(h.carol, 'buy', 15, '1.10');
    expect(await refused(h.carol, 'buy', 1, '1.10', 'IOC')).toBe('422 TIME_IN_FORCE_NOT_IN_PHASE');
    expect(await order(aliceDay)).toMatchObject({ status: 'open', filled_quantity: 0 });
    expect(await order(carolBid)).toMatchObject({ status: 'open', locked_fiat: '16.50' });

    // the opening call: more orders rest without matching
    clock.current = at('09:00:00');
    await tick();
    const daveDay = await place(h.dave, 'buy', 10, '1.05', 'DAY');
    await place(h.bob, 'sell', 10, '1.02');
    expect(await refused(h.dave, 'buy', 1, '1.10', 'FOK')).toBe('422 TIME_IN_FORCE_NOT_IN_PHASE');
    expect(await trades()).toEqual([]);
    // 1.02 to 1.05 all execute 25 leaving 5 on the sell side: market pressure takes the lowest
    expect(await phase()).toEqual({
      phase: 'pre_open',
      scheduled_end: at('09:05:00').toISOString(),
      indicative: { price: '1.02', volume: 25, surplus_side: 'sell', surplus: 5 },
    });

    // the uncross comes at the drawn moment inside the window, not at the scheduled end
    const opened = await untilUncross(at('09:05:00'), 0);
    expect(random.drawn).toHaveLength(1);
    expect(opened).toEqual(drawnEnd(at('09:05:00'), random.drawn[0]!));
    expect(opened.getTime()).toBeLessThan(at('09:05:30').getTime());
    expect(await lastUncross()).toEqual(opened);
    const opening = await trades();
    // buys and sells paired in arrival order; bob, at the price, fills 5 of his 10
    expect(summary(opening)).toEqual([
      ['1.02', 15],
      ['1.02', 5],
      ['1.02', 5],
    ]);
    expect(new Set(opening.map((t) => t.auction_id)).size).toBe(1);
    expect(opening[0]!.auction_id).not.toBeNull();
    expect(await order(aliceDay)).toMatchObject({ status: 'filled', filled_quantity: 20 });
    // carol's lock was at 1.10: the difference to 1.02 came back with the fill
    expect(await order(carolBid)).toMatchObject({ status: 'filled', locked_fiat: '0.00' });
    expect(await order(daveDay)).toMatchObject({ status: 'filled' });
    expect((await phase()).phase).toBe('continuous');

    // continuous trading: carol's IOC takes the rest of bob's offer at once
    clock.current = at('10:00:00');
    const carolIoc = await place(h.carol, 'buy', 5, '1.02', 'IOC');
    expect(await order(carolIoc)).toMatchObject({ status: 'filled', filled_quantity: 5 });
    const continuous = (await trades()).slice(3);
    expect(continuous.map((t) => [t.price, Number(t.quantity), t.auction_id])).toEqual([
      ['1.02', 5, null],
    ]);
    // orders left resting: DAY ones that will expire at the close, a GTC one that will not
    const daveRests = await place(h.dave, 'buy', 10, '0.95', 'DAY');
    const bobRests = await place(h.bob, 'sell', 4, '1.20', 'DAY');
    const aliceGtc = await place(h.alice, 'sell', 5, '1.08');

    // staff halt the book: it refuses orders; lifting the halt reopens it through a call
    clock.current = at('11:00:00');
    await staff('halt', { minutes: 30, reason: 'Issuer announcement pending' });
    expect((await phase()).phase).toBe('halted');
    expect(await refused(h.bob, 'sell', 1, '1.00')).toBe('422 TRADING_HALTED');
    clock.current = at('11:10:00');
    await staff('lift-halt', {});
    expect(await phase()).toMatchObject({
      phase: 'auction',
      scheduled_end: at('11:15:00').toISOString(),
    });
    await place(h.bob, 'sell', 8, '1.00');
    await place(h.carol, 'buy', 8, '1.01');
    expect(await trades()).toHaveLength(4);
    // 1.00 and 1.01 both execute 8 without surplus: the nearest the last trade (1.02)
    expect((await phase()).indicative).toEqual({
      price: '1.01',
      volume: 8,
      surplus_side: null,
      surplus: 0,
    });
    const reopened = await untilUncross(at('11:15:00'), 4);
    expect(random.drawn).toHaveLength(2);
    expect(reopened).toEqual(drawnEnd(at('11:15:00'), random.drawn[1]!));
    const reopening = (await trades()).slice(4);
    expect(summary(reopening)).toEqual([['1.01', 8]]);
    expect(reopening[0]!.auction_id).not.toBe(opening[0]!.auction_id);
    expect((await phase()).phase).toBe('continuous');

    // the closing call: the book's resting orders join it, an ATC order with them
    clock.current = at('17:25:00');
    await tick();
    expect((await phase()).phase).toBe('closing_call');
    await place(h.alice, 'sell', 6, '1.00', 'ATC');
    await place(h.carol, 'buy', 6, '1.03');
    // 1.00 to 1.03 all execute 6 without surplus: the last trade, 1.01
    expect((await phase()).indicative).toEqual({
      price: '1.01',
      volume: 6,
      surplus_side: null,
      surplus: 0,
    });
    const closed = await untilUncross(at('17:30:00'), 5);
    expect(random.drawn).toHaveLength(3);
    expect(closed).toEqual(drawnEnd(at('17:30:00'), random.drawn[2]!));
    const closing = (await trades()).slice(5);
    expect(summary(closing)).toEqual([['1.01', 6]]);
    expect(new Set([opening, reopening, closing].map((x) => x[0]!.auction_id)).size).toBe(3);

    // the close: the DAY orders expired with their locks given back; the GTC order rests on
    expect((await phase()).phase).toBe('closed');
    expect(await order(daveRests)).toMatchObject({
      status: 'expired',
      cancel_reason: 'EXPIRED',
      locked_fiat: '0.00',
    });
    expect(await order(bobRests)).toMatchObject({ status: 'expired', cancel_reason: 'EXPIRED' });
    expect(await order(aliceGtc)).toMatchObject({ status: 'open', remaining_quantity: 5 });
    const wallets = await db()
      .selectFrom('wallets')
      .select(['user_id', 'locked_balance'])
      .where('token_id', '=', tokenId)
      .where('user_id', 'in', [h.bob.id, h.dave.id])
      .execute();
    expect(wallets.map((w) => Number(w.locked_balance))).toEqual([0, 0]);
    const daveLocks = await db()
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', h.dave.id)
      .where('status', 'in', ['open', 'partially_filled'])
      .execute();
    expect(daveLocks).toEqual([]);
    expect(await money()).toBe(moneyBefore);
    expect(await tokensHeld()).toBe(tokensBefore);

    // settlement: one chain transaction per auction, the continuous trade in one of its own
    while ((await trading.settlement.processor.tick()) > 0);
    const settled = await trades();
    expect(settled.every((t) => t.settlement_status === 'settled')).toBe(true);
    expect(settled.every((t) => t.settlement_type === 'on_chain')).toBe(true);
    const groups = [opening, continuous, reopening, closing].map((group) =>
      settled.filter((t) => group.some((g) => g.id === t.id)),
    );
    const hashes = groups.map((group) => new Set(group.map((t) => t.tx_hash)));
    expect(hashes.map((set) => set.size)).toEqual([1, 1, 1, 1]);
    expect(new Set(hashes.map((set) => [...set][0])).size).toBe(4);
    for (const group of groups) {
      expect(new Set(group.map((t) => t.settlement_batch_key)).size).toBe(1);
    }
    // each transaction carries exactly its trades' transfers
    const client = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    const walletOf = new Map(
      (
        await db()
          .selectFrom('users')
          .select(['id', 'wallet_address'])
          .where(
            'id',
            'in',
            Object.values(h).map((a) => a.id),
          )
          .execute()
      ).map((u) => [u.id, u.wallet_address!.toLowerCase()]),
    );
    for (const group of groups) {
      const receipt = await client.getTransactionReceipt({ hash: group[0]!.tx_hash as Hash });
      expect(receipt.status).toBe('success');
      const transfers = parseEventLogs({ abi: [transferEvent], logs: receipt.logs })
        .filter((log) => log.address.toLowerCase() === contract.toLowerCase())
        .map((log) => [log.args.from.toLowerCase(), log.args.to.toLowerCase(), log.args.value]);
      expect(transfers).toEqual(
        group.map((t) => [
          walletOf.get(t.seller_id),
          walletOf.get(t.buyer_id),
          BigInt(t.quantity) * units,
        ]),
      );
    }
    // the chain's balances equal the database's
    const token = { id: tokenId, contract_address: contract };
    for (const actor of Object.values(h)) {
      const balances = await s.holderBalances(token, actor.id);
      expect(balances.chain).toBe(balances.database);
    }
    expect(await money()).toBe(moneyBefore);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import { Prng } from '../engine/testing/seeded-random.js';
import { newId } from '../../lib/ids.js';
import { Exact } from '../../lib/money.js';

let sys: TestTrading;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

const funded = (tokenId: string) => sys.funded(tokenId);

const order = (tokenId: string, side: 'buy' | 'sell', quantity: number, price: string) => ({
  token_id: tokenId,
  side,
  order_type: 'limit',
  quantity,
  price,
});

/** Candles computed here from the trades table's rows, the reference the API must equal. */
function expectedCandles(
  trades: { price: string; quantity: string | number; created_at: Date }[],
  seconds: number,
) {
  const buckets = new Map<number, typeof trades>();
  for (const trade of trades) {
    const start = Math.floor(trade.created_at.getTime() / 1000 / seconds) * seconds * 1000;
    buckets.set(start, [...(buckets.get(start) ?? []), trade]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, rows]) => {
      const prices = rows.map((r) => Number(r.price));
      return {
        start: new Date(start).toISOString(),
        open: Number(rows[0]!.price).toFixed(2),
        high: Math.max(...prices).toFixed(2),
        low: Math.min(...prices).toFixed(2),
        close: Number(rows.at(-1)!.price).toFixed(2),
        volume: rows.reduce((sum, r) => sum + Number(r.quantity), 0),
        trades: rows.length,
      };
    });
}

/** Two orders that cross: `quantity` at `price`, a minute after the last. */
async function trade(
  tokenId: string,
  pair: { token: string }[],
  quantity: number,
  price: string,
): Promise<void> {
  sys.clock.advance(60_000);
  for (const [side, who] of [
    ['sell', pair[0]!],
    ['buy', pair[1]!],
  ] as const) {
    const response = await sys.call(
      'POST',
      '/api/v1/orders',
      order(tokenId, side, quantity, price),
      who.token,
    );
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** A 2:1 split done a minute after the last trade, as the split runner leaves it. */
async function doneSplit(tokenId: string, issuerId: string, lastPrice: string): Promise<void> {
  sys.clock.advance(60_000);
  const startedAt = sys.clock.now();
  await sys.db
    .insertInto('share_splits')
    .values({
      id: newId(),
      token_id: tokenId,
      issuer_id: issuerId,
      proposed_by: issuerId,
      ratio_new: 2,
      ratio_old: 1,
      effective_at: startedAt,
      reason: 'board resolution',
      status: 'done',
      decided_by: null,
      decided_at: startedAt,
      reference_price: lastPrice,
      reference_source: 'last_trade',
      error: null,
      job_error: null,
      started_at: startedAt,
      finished_at: startedAt,
      claim_id: null,
      due_at: null,
    })
    .execute();
  // the last price in new units
  await sys.db
    .updateTable('tokens')
    .set({ last_price: new Exact(lastPrice).dividedBy(2).toFixed(2) })
    .where('id', '=', tokenId)
    .execute();
}

describe('candles and tickers', () => {
  it('equal what the trades table gives, in UTC buckets, and survive a restart', async () => {
    const { id: tokenId } = await sys.token();
    const [maker, taker] = [await funded(tokenId), await funded(tokenId)];
    const random = new Prng(7);
    const start = sys.clock.now();
    for (let i = 0; i < 60; i += 1) {
      sys.clock.advance(random.int(5, 400) * 1000);
      const price = (10 + random.int(-20, 20) / 100).toFixed(2);
      const quantity = random.int(1, 5);
      expect(
        (
          await sys.call(
            'POST',
            '/api/v1/orders',
            order(tokenId, 'sell', quantity, price),
            maker.token,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await sys.call(
            'POST',
            '/api/v1/orders',
            order(tokenId, 'buy', quantity, price),
            taker.token,
          )
        ).statusCode,
      ).toBe(200);
    }
    const trades = await sys.db
      .selectFrom('trades')
      .select(['price', 'quantity', 'created_at'])
      .where('token_id', '=', tokenId)
      .orderBy('id')
      .execute();
    expect(trades).toHaveLength(60);
    const from = start.toISOString();
    const to = new Date(sys.clock.now().getTime() + 1000).toISOString();
    const expectCandles = async () => {
      for (const [interval, seconds] of [
        ['1m', 60],
        ['5m', 300],
        ['1h', 3600],
        ['1d', 86_400],
      ] as const) {
        const response = await sys.call(
          'GET',
          `/api/v1/markets/${tokenId}/candles?interval=${interval}&from=${from}&to=${to}`,
        );
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toEqual(expectedCandles(trades, seconds));
      }
    };
    await expectCandles();
    const book = async () => (await sys.call('GET', `/api/v1/orderbook/${tokenId}`)).json();
    const bookBefore = await book();
    // the candles are rows of their own, kept with the trades: a restart keeps them
    await sys.restart();
    await expectCandles();
    // the feed's sequence starts again from the book's persisted engine sequence: never lower
    const bookAfter = await book();
    expect(bookAfter.sequence).toBeGreaterThanOrEqual(bookBefore.sequence);
    expect([bookAfter.bids, bookAfter.asks]).toEqual([bookBefore.bids, bookBefore.asks]);

    const day = trades.filter(
      (t) => t.created_at.getTime() > sys.clock.now().getTime() - 86_400_000,
    );
    const ticker = (await sys.call('GET', '/api/v1/tickers'))
      .json()
      .data.find((t: { token_id: string }) => t.token_id === tokenId);
    const open = Number(day[0]!.price);
    const last = Number(day.at(-1)!.price);
    expect(ticker).toMatchObject({
      last: last.toFixed(2),
      open_24h: open.toFixed(2),
      high_24h: Math.max(...day.map((t) => Number(t.price))).toFixed(2),
      low_24h: Math.min(...day.map((t) => Number(t.price))).toFixed(2),
      volume_24h: day.reduce((sum, t) => sum + Number(t.quantity), 0),
      change_24h: (last - open).toFixed(2),
    });

    const page = await sys.call('GET', `/api/v1/markets/${tokenId}/trades?limit=50`);
    expect(page.json().data).toHaveLength(50);
    const rest = await sys.call(
      'GET',
      `/api/v1/markets/${tokenId}/trades?limit=50&cursor=${page.json().next_cursor}`,
    );
    expect(rest.json().data).toHaveLength(10);
    expect(rest.json().next_cursor).toBeNull();
    expect(Object.keys(rest.json().data[0]).sort()).toEqual([
      'created_at',
      'id',
      'price',
      'quantity',
      'taker_side',
    ]);
  });

  it("reads the 24 h ticker in today's units across a split, not as a 50 % fall", async () => {
    const { id: tokenId, issuer } = await sys.token();
    const [maker, taker] = [await funded(tokenId), await funded(tokenId)];
    const pair = [maker, taker];
    await trade(tokenId, pair, 4, '10.00');
    await trade(tokenId, pair, 2, '10.50');
    await doneSplit(tokenId, issuer.id, '10.50');
    await trade(tokenId, pair, 3, '5.50');
    const ticker = (await sys.call('GET', '/api/v1/tickers'))
      .json()
      .data.find((t: { token_id: string }) => t.token_id === tokenId);
    expect(ticker).toEqual({
      token_id: tokenId,
      symbol: ticker.symbol,
      last: '5.50',
      open_24h: '5.00',
      high_24h: '5.50',
      low_24h: '5.00',
      volume_24h: 4 * 2 + 2 * 2 + 3,
      change_24h: '0.50',
      change_pct_24h: '10.00',
    });
  });

  it('makes the candle holding a split again from its trades, each by when it traded', async () => {
    const { id: tokenId, issuer } = await sys.token();
    const pair = [await funded(tokenId), await funded(tokenId)];
    // from the start of an hour, so the trades and the split share its 1 h and 1 d candles
    const hour = 3_600_000;
    sys.clock.advance(hour - (sys.clock.now().getTime() % hour));
    const from = sys.clock.now().toISOString();
    await trade(tokenId, pair, 4, '10.00');
    await trade(tokenId, pair, 2, '10.50');
    await doneSplit(tokenId, issuer.id, '10.50');
    await trade(tokenId, pair, 3, '5.50');
    // the circuit breaker takes 5.50 after 10.50 for a fall and halts the book for 5 minutes
    sys.clock.advance(6 * 60_000);
    await trade(tokenId, pair, 1, '5.40');
    const to = new Date(sys.clock.now().getTime() + 1000).toISOString();
    const read = async (interval: string) => {
      const response = await sys.call(
        'GET',
        `/api/v1/markets/${tokenId}/candles?interval=${interval}&from=${from}&to=${to}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json().data as Record<string, unknown>[];
    };
    // 10.00 and 10.50 before the split are 5.00 and 5.25 a new token, 6 old tokens 12 new ones;
    // read as of the candle's start, the trades after it would be halved again (a close of 2.70)
    for (const interval of ['1h', '1d']) {
      expect(await read(interval)).toEqual([
        {
          start: expect.any(String),
          open: '5.00',
          high: '5.50',
          low: '5.00',
          close: '5.40',
          volume: 16,
          trades: 4,
        },
      ]);
    }
    // a minute's candles each lie wholly on one side of the split: read as of their start
    expect((await read('1m')).map((c) => [c.open, c.volume])).toEqual([
      ['5.00', 8],
      ['5.25', 4],
      ['5.50', 3],
      ['5.40', 1],
    ]);
  });

  it('refuses bad ranges and unknown tokens', async () => {
    const { id: tokenId } = await sys.token();
    expect(
      (await sys.call('GET', `/api/v1/markets/${tokenId}/candles?interval=2m`)).statusCode,
    ).toBe(400);
    expect(
      (
        await sys.call(
          'GET',
          `/api/v1/markets/${tokenId}/candles?interval=1m&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sys.call(
          'GET',
          `/api/v1/markets/${tokenId}/candles?interval=1m&from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
        )
      ).statusCode,
    ).toBe(400);
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect((await sys.call('GET', `/api/v1/markets/${unknown}/trades`)).statusCode).toBe(404);
    expect(
      (await sys.call('GET', `/api/v1/markets/${tokenId}/candles?interval=1m`)).json(),
    ).toEqual({ data: [] });
  });
});

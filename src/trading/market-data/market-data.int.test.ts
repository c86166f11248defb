import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestSocket } from '../../../test/support/market-data.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';
import { newId } from '../../lib/ids.js';
import { Prng } from '../engine/testing/seeded-random.js';
import { bookChecksum, type WireLevel } from './checksum.js';

let sys: TestTrading;
let url: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  sys = await startTestTrading();
  const address = await sys.trading.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await sys.close();
});

async function open(): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  sockets.push(socket);
  return socket;
}

async function funded(tokenId: string): Promise<Trader> {
  const trader = await sys.user('investor');
  await sys.deposit(trader.id, '10000000.00');
  await sys.giveTokens(trader.id, tokenId, 1_000_000);
  return trader;
}

function place(trader: Trader, body: Record<string, unknown>) {
  return sys.call('POST', '/api/v1/orders', body, trader.token);
}

/** A trader's socket, authenticated and on its orders channel, with the hub's side of it. */
async function subscribedToOrders() {
  const { id: tokenId } = await sys.token();
  const alice = await funded(tokenId);
  const socket = await open();
  await socket.request({ op: 'auth', id: 'a', token: alice.token });
  await socket.request({ op: 'subscribe', id: 'o', channels: [{ name: 'orders' }] });
  const server = [...sys.trading.hub.clients].find((c) => c.userId === alice.id)!;
  return { alice, socket, server };
}

/** Seeded limit orders around 10.00 from a few traders, sent in concurrent groups (batches). */
async function seedOrders(tokenId: string, traders: Trader[], count: number, seed: number) {
  const random = new Prng(seed);
  for (let sent = 0; sent < count; sent += 100) {
    const group = Array.from({ length: Math.min(100, count - sent) }, () => {
      const side = random.chance(0.5) ? 'buy' : 'sell';
      const offset = random.int(-40, 40) + (side === 'buy' ? -5 : 5);
      return place(random.pick(traders), {
        token_id: tokenId,
        side,
        order_type: 'limit',
        quantity: random.int(1, 20),
        price: (10 + offset / 100).toFixed(2),
      });
    });
    for (const response of await Promise.all(group)) expect(response.statusCode).toBe(200);
  }
}

async function restBook(tokenId: string, depth: number) {
  const response = await sys.call('GET', `/api/v1/orderbook/${tokenId}?depth=${depth}`);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const wire = (l: { price: string; quantity: number }): WireLevel => [l.price, String(l.quantity)];
  return {
    seq: body.sequence as number,
    bids: (body.bids as { price: string; quantity: number }[]).map(wire),
    asks: (body.asks as { price: string; quantity: number }[]).map(wire),
  };
}

describe('book channel', () => {
  it('snapshot plus updates end exactly at the REST book after 10,000 seeded orders', async () => {
    const { id: tokenId } = await sys.token();
    const traders = await Promise.all([1, 2, 3, 4].map(() => funded(tokenId)));
    await seedOrders(tokenId, traders, 300, 1);

    const socket = await open();
    const book = socket.trackBook(tokenId, 25);
    const ack = await socket.request({
      op: 'subscribe',
      id: 's1',
      channels: [{ name: 'book', token_id: tokenId, depth: 25 }],
    });
    expect(ack.type).toBe('ack');
    await socket.next((m) => m.channel === 'book' && m.type === 'snapshot');
    const startSeq = book.seq;
    expect(startSeq).toBeGreaterThan(0);

    await seedOrders(tokenId, traders, 9700, 2);
    const rest = await restBook(tokenId, 25);
    await socket.next((m) => m.channel === 'book' && m.seq === rest.seq);

    expect(book.failures).toEqual([]);
    expect(book.seq).toBe(rest.seq);
    expect(book.bidLevels).toEqual(rest.bids);
    expect(book.askLevels).toEqual(rest.asks);
    expect(book.checksum).toBe(bookChecksum(rest.asks, rest.bids));
    const trades = await sys.db
      .selectFrom('trades')
      .select(sys.db.fn.countAll<string>().as('n'))
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    // the stream crossed: levels were taken as well as added
    expect(Number(trades.n)).toBeGreaterThan(0);
  }, 600_000);

  it('sockets subscribing at once to a book not loaded yet each get its snapshot', async () => {
    const { id: tokenId } = await sys.token();
    const sockets = await Promise.all([1, 2, 3].map(() => open()));
    const channels = [{ name: 'book', token_id: tokenId, depth: 10 }];
    const answers = await Promise.all(
      sockets.map((socket) => socket.request({ op: 'subscribe', id: 'at-once', channels })),
    );
    expect(answers.map((m) => m.type)).toEqual(['ack', 'ack', 'ack']);
    for (const socket of sockets) {
      const snapshot = await socket.next((m) => m.channel === 'book' && m.type === 'snapshot');
      expect(snapshot.data).toEqual({ bids: [], asks: [] });
    }
  });

  it('a slow consumer gets one resync, is dropped, and recovers by subscribing again', async () => {
    const { id: tokenId } = await sys.token();
    const traders = await Promise.all([1, 2].map(() => funded(tokenId)));
    // a deep book, so that each depth-100 snapshot is a few kilobytes
    const levels = Array.from({ length: 100 }, (_, i) => [
      place(traders[0]!, {
        token_id: tokenId,
        side: 'buy',
        order_type: 'limit',
        quantity: 1,
        price: (9 - i / 100).toFixed(2),
      }),
      place(traders[1]!, {
        token_id: tokenId,
        side: 'sell',
        order_type: 'limit',
        quantity: 1,
        price: (11 + i / 100).toFixed(2),
      }),
    ]).flat();
    for (const response of await Promise.all(levels)) expect(response.statusCode).toBe(200);

    const slow = await open();
    const channel = { name: 'book', token_id: tokenId, depth: 100 };
    await slow.request({ op: 'subscribe', id: 'first', channels: [channel] });
    const server = [...sys.trading.hub.clients].find((c) =>
      c.subscriptions.has(`book:${tokenId}`),
    )!;
    // The client stops reading and keeps asking for snapshots: what the server cannot hand to
    // the kernel any more waits in the socket's send buffer.
    const tcp = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    const from = slow.received.length;
    const handled = vi.spyOn(sys.trading.hub, 'subscribe');
    for (let i = 0; i < 4000; i += 1)
      slow.send({ op: 'subscribe', id: `again-${i}`, channels: [channel] });
    // every request handled before the drop, so no snapshot answers one after the resync
    await vi.waitFor(() => expect(handled).toHaveBeenCalledTimes(4000), {
      timeout: 60_000,
      interval: 100,
    });
    handled.mockRestore();
    await server.queue;
    expect(server.socket.bufferedAmount).toBeGreaterThan(64 * 1024);
    const limits = sys.trading.hub.limits;
    const bound = limits.maxBufferedBytes;
    limits.maxBufferedBytes = 64 * 1024;
    try {
      const taker = await place(traders[0]!, {
        token_id: tokenId,
        side: 'buy',
        order_type: 'limit',
        quantity: 1,
        price: '11.00',
      });
      expect(taker.statusCode).toBe(200);
      // the book update goes out right after the order's answer
      await vi.waitFor(() => expect(server.subscriptions.has(`book:${tokenId}`)).toBe(false));
    } finally {
      limits.maxBufferedBytes = bound;
    }
    tcp.resume();

    const resync = await slow.next((m) => m.type === 'resync', from);
    expect(resync).toMatchObject({ channel: 'book', token_id: tokenId });
    const after = slow.received.indexOf(resync);
    await slow.request({ op: 'ping', id: 'after' });
    // one resync and nothing more of the dropped channel
    expect(slow.received.slice(after + 1).filter((m) => m.channel === 'book')).toEqual([]);

    const book = slow.trackBook(tokenId, 10);
    const mark = slow.received.length;
    await slow.request({ op: 'subscribe', id: 'recover', channels: [{ ...channel, depth: 10 }] });
    await slow.next((m) => m.type === 'snapshot', mark);
    await seedOrders(tokenId, traders, 100, 99);
    const rest = await restBook(tokenId, 10);
    await slow.next((m) => m.channel === 'book' && m.seq === rest.seq, mark);
    expect(book.failures).toEqual([]);
    expect(book.bidLevels).toEqual(rest.bids);
    expect(book.askLevels).toEqual(rest.asks);
  });
});

describe('private orders channel', () => {
  it("shows each user only their own orders' status changes and fills", async () => {
    const { id: tokenId } = await sys.token();
    const alice = await funded(tokenId);
    const bob = await funded(tokenId);
    const [aliceSocket, bobSocket] = [await open(), await open()];
    for (const [socket, trader] of [
      [aliceSocket, alice],
      [bobSocket, bob],
    ] as const) {
      expect(
        (await socket.request({ op: 'auth', id: 'a', token: trader.token })).data,
      ).toMatchObject({ user_id: trader.id });
      expect(
        (
          await socket.request({
            op: 'subscribe',
            id: 'o',
            channels: [{ name: 'orders' }, { name: 'balances' }],
          })
        ).type,
      ).toBe('ack');
    }
    const ask = (
      await place(alice, {
        token_id: tokenId,
        side: 'sell',
        order_type: 'limit',
        quantity: 10,
        price: '10.00',
      })
    ).json().order;
    const bid = (
      await place(bob, {
        token_id: tokenId,
        side: 'buy',
        order_type: 'limit',
        quantity: 4,
        price: '10.00',
      })
    ).json().order;
    await sys.call('DELETE', `/api/v1/orders/${ask.id}`, undefined, alice.token);

    const cancelled = await aliceSocket.next(
      (m) => m.channel === 'orders' && m.data.status === 'cancelled',
    );
    expect(cancelled.data).toMatchObject({
      id: ask.id,
      filled_quantity: 4,
      remaining_quantity: 6,
      average_price: '10.00',
    });
    const filled = await bobSocket.next(
      (m) => m.channel === 'orders' && m.data.status === 'filled',
    );
    expect(filled.data).toMatchObject({ id: bid.id, filled_quantity: 4, remaining_quantity: 0 });

    const aliceOrders = aliceSocket.received.filter((m) => m.channel === 'orders');
    const bobOrders = bobSocket.received.filter((m) => m.channel === 'orders');
    expect(aliceOrders.map((m) => m.data.status)).toEqual([
      'open',
      'partially_filled',
      'cancelled',
    ]);
    expect(aliceOrders.every((m) => m.data.user_id === alice.id)).toBe(true);
    await bobSocket.request({ op: 'ping', id: 'sync' });
    expect(bobOrders.map((m) => m.data.status)).toEqual(['filled']);
    expect(bobOrders.every((m) => m.data.user_id === bob.id)).toBe(true);

    // balances after the batches: alice sold 4 at 10.00 (fee 0.20) and her rest was released
    const aliceBalances = await aliceSocket.next(
      (m) => m.channel === 'balances' && m.data.token_locked === 0,
    );
    expect(aliceBalances.data).toEqual({
      fiat_balance: '10000039.80',
      fiat_locked: '0.00',
      token_id: tokenId,
      token_balance: 999_996,
      token_locked: 0,
    });
    const bobBalances = await bobSocket.next((m) => m.channel === 'balances');
    expect(bobBalances.data).toEqual({
      fiat_balance: '9999960.00',
      fiat_locked: '0.00',
      token_id: tokenId,
      token_balance: 1_000_004,
      token_locked: 0,
    });
    await bobSocket.request({ op: 'ping', id: 'sync2' });
    // bob's balances moved once (his fill), never for alice's placing or cancelling
    expect(bobSocket.received.filter((m) => m.channel === 'balances')).toHaveLength(1);
  });

  it('closes the private channels when the access token expires', async () => {
    const { socket, server } = await subscribedToOrders();
    sys.clock.current = new Date(server.expiresAt!.getTime() + 1000);
    // a valid message at the new time, so that the socket is not idle
    await socket.request({ op: 'ping', id: 'p' });
    await sys.trading.socketTick();
    const told = await socket.next((m) => m.type === 'error');
    expect(told.data.code).toBe('TOKEN_EXPIRED');
    expect(told.data.message).toBe(
      'The access token has expired; private channels are closed, auth again',
    );
    expect(server.subscriptions.size).toBe(0);
    expect(server.userId).toBeNull();
  });

  it('closes the private channels of a revoked session at the poll that sees it, not at the heartbeat', async () => {
    const { alice, socket, server } = await subscribedToOrders();
    // a logout: the session's refresh-token family is revoked
    await sys.db
      .insertInto('refresh_tokens')
      .values({
        id: newId(),
        user_id: alice.id,
        family_id: server.sessionId!,
        token_hash: newId(),
        expires_at: new Date(Date.now() + 3_600_000),
        revoked_at: new Date(),
      })
      .execute();
    // the revocation poll (every second in a running process); no heartbeat tick is run
    await sys.trading.sessions.refresh();
    const told = await socket.next((m) => m.type === 'error');
    expect(told.data.code).toBe('INVALID_TOKEN');
    expect(server.subscriptions.size).toBe(0);
    expect(server.userId).toBeNull();
  });
});

describe('bad input', () => {
  it('answers each with an error code and the socket stays usable', async () => {
    const socket = await open();
    const errorAfter = async (message: unknown) => {
      const from = socket.received.length;
      socket.send(message);
      return (await socket.next((m) => m.type === 'error', from)).data.code as string;
    };
    expect(await errorAfter('{not json')).toBe('MALFORMED_JSON');
    expect(await errorAfter({ op: 'dance', id: 1 })).toBe('UNKNOWN_OP');
    expect(await errorAfter([1, 2])).toBe('INVALID_MESSAGE');
    expect(
      await errorAfter({
        op: 'subscribe',
        id: 2,
        channels: [{ name: 'book', token_id: '0190a0a0-0000-7000-8000-000000000000' }],
      }),
    ).toBe('UNKNOWN_TOKEN');
    expect(await errorAfter({ op: 'subscribe', id: 3, channels: [{ name: 'candles!' }] })).toBe(
      'UNKNOWN_CHANNEL',
    );
    expect(await errorAfter({ op: 'subscribe', id: 4, channels: [{ name: 'orders' }] })).toBe(
      'AUTH_REQUIRED',
    );
    expect(await errorAfter({ op: 'auth', id: 5, token: 'not-a-jwt' })).toBe('INVALID_TOKEN');
    const { id: tokenId } = await sys.token();
    expect(
      await errorAfter({
        op: 'subscribe',
        id: 6,
        channels: [{ name: 'book', token_id: tokenId, depth: 5000 }],
      }),
    ).toBe('INVALID_DEPTH');
    const limits = sys.trading.hub.limits;
    const max = limits.maxSubscriptions;
    limits.maxSubscriptions = 1;
    try {
      await socket.request({
        op: 'subscribe',
        id: '7',
        channels: [{ name: 'trades', token_id: tokenId }],
      });
      expect(
        await errorAfter({
          op: 'subscribe',
          id: 8,
          channels: [{ name: 'book', token_id: tokenId }],
        }),
      ).toBe('TOO_MANY_SUBSCRIPTIONS');
    } finally {
      limits.maxSubscriptions = max;
    }
    expect((await socket.request({ op: 'ping', id: 'still' })).type).toBe('ack');
  });

  it('closes a socket that sends nothing valid for the idle limit, and limits sockets per IP', async () => {
    const idle = await open();
    idle.send('nonsense');
    await idle.next((m) => m.type === 'error');
    sys.clock.advance(sys.trading.hub.limits.idleMs + 1000);
    await sys.trading.socketTick();
    expect((await idle.whenClosed).code).toBe(4000);

    const limits = sys.trading.hub.limits;
    const max = limits.maxSocketsPerIp;
    limits.maxSocketsPerIp = sys.trading.hub.clients.size;
    try {
      const refused = await open();
      expect((await refused.next((m) => m.type === 'error')).data.code).toBe('TOO_MANY_SOCKETS');
      expect((await refused.whenClosed).code).toBe(1008);
    } finally {
      limits.maxSocketsPerIp = max;
    }
  });
});

describe('ticker and candles channels', () => {
  it('send the ticker and the changed candles of each interval after a batch with trades, as REST has them', async () => {
    const { id: tokenId } = await sys.token();
    const [maker, taker] = [await funded(tokenId), await funded(tokenId)];
    const socket = await open();
    await socket.request({
      op: 'subscribe',
      id: 'm',
      channels: [
        { name: 'ticker', token_id: tokenId },
        { name: 'candles', token_id: tokenId, interval: '1m' },
        { name: 'candles', token_id: tokenId, interval: '5m' },
      ],
    });
    const sell = {
      token_id: tokenId,
      side: 'sell',
      order_type: 'limit',
      quantity: 3,
      price: '10.20',
    };
    expect((await place(maker, sell)).statusCode).toBe(200);
    expect((await place(taker, { ...sell, side: 'buy' })).statusCode).toBe(200);

    const ticker = await socket.next((m) => m.channel === 'ticker');
    expect(ticker.data).toMatchObject({ token_id: tokenId, last: '10.20', volume_24h: 3 });
    // one socket follows two intervals of the token: each message names its own
    for (const interval of ['1m', '5m']) {
      const candle = await socket.next((m) => m.channel === 'candles' && m.interval === interval);
      const rest = await sys.call('GET', `/api/v1/markets/${tokenId}/candles?interval=${interval}`);
      expect(candle.data).toEqual(rest.json().data);
      expect(candle.data).toHaveLength(1);
    }
  });
});

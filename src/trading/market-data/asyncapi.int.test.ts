/**
 * The AsyncAPI document the trading process serves at /asyncapi.json against the traffic of a live
 * /ws: a socket subscribes to every channel the document lists, orders are placed, traded and
 * cancelled, staff halt the book and lift the halt, a socket falls behind (the hub's buffer bound
 * lowered to nothing) and is resynced, refused ops are answered; every frame the server sent and
 * every op the client sent must fit a message of the document, and every channel and every
 * message the document lists must have been seen, so its coverage cannot shrink unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkMessage, documentMessages } from '../../../test/support/asyncapi.js';
import { TestSocket, type Message } from '../../../test/support/market-data.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';
import { readAsyncApiDocument } from './asyncapi.js';

let sys: TestTrading;
let address: string;
const sockets: TestSocket[] = [];
/** every text frame the server sent and every op a client sent, in order */
const received: Record<string, unknown>[] = [];
const sent: Record<string, unknown>[] = [];

beforeAll(async () => {
  sys = await startTestTrading();
  address = await sys.trading.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await sys.close();
});

/** A socket whose every received frame is recorded (the heartbeat too). */
async function open(): Promise<TestSocket> {
  const socket = await TestSocket.open(`${address.replace('http', 'ws')}/ws`);
  sockets.push(socket);
  socket.ws.on('message', (data: Buffer) => {
    received.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>);
  });
  return socket;
}

/** Sends an op (recorded) and waits for its answer. */
function request(socket: TestSocket, message: { id: string } & Record<string, unknown>) {
  sent.push(message);
  return socket.request(message);
}

describe('the AsyncAPI document served at /asyncapi.json', () => {
  it('is the YAML source, as JSON', async () => {
    const response = await fetch(`${address}/asyncapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(await readAsyncApiDocument());
  });

  it('describes every message of a live socket, and each of its messages is seen', async () => {
    const served = (await (await fetch(`${address}/asyncapi.json`)).json()) as Record<
      string,
      unknown
    >;
    const messages = documentMessages(served);

    const token = await sys.token();
    const tokenId = token.id;
    const alice = await sys.funded(tokenId);
    const bob = await sys.funded(tokenId);
    const staff = await sys.user('staff');
    const place = async (trader: Trader, side: 'buy' | 'sell', quantity: number) => {
      const body = { token_id: tokenId, side, order_type: 'limit', quantity, price: '10.00' };
      const response = await sys.call('POST', '/api/v1/orders', body, trader.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ order: { id: string } }>().order;
    };
    const staffCall = async (path: string, body: unknown) => {
      const response = await sys.call('POST', path, body, staff.token);
      expect(response.statusCode, response.body).toBe(200);
    };

    // refusals and a ping on a socket of its own
    const anonymous = await open();
    const raw = 'not json';
    anonymous.send(raw);
    expect(await anonymous.next((m) => m.type === 'error')).toMatchObject({
      data: { code: 'MALFORMED_JSON' },
    });
    const refused = await request(anonymous, {
      op: 'subscribe',
      id: 'private',
      channels: [{ name: 'orders' }],
    });
    expect(refused).toMatchObject({ type: 'error', data: { code: 'AUTH_REQUIRED' } });
    expect(await request(anonymous, { op: 'ping', id: 'p' })).toMatchObject({ channel: 'pong' });

    // every channel the document lists, on one socket
    const socket = await open();
    expect(await request(socket, { op: 'auth', id: 'a', token: alice.token })).toMatchObject({
      channel: 'auth',
      type: 'ack',
    });
    const channels = [
      { name: 'book', token_id: tokenId, depth: 10 },
      { name: 'trades', token_id: tokenId },
      { name: 'ticker', token_id: tokenId },
      { name: 'candles', token_id: tokenId, interval: '1m' },
      { name: 'phase', token_id: tokenId },
      { name: 'orders' },
      { name: 'balances' },
    ];
    expect(await request(socket, { op: 'subscribe', id: 's', channels })).toMatchObject({
      type: 'ack',
    });
    await socket.next((m) => m.channel === 'phase' && m.type === 'snapshot');
    const seen = (test: (m: Message) => boolean) => socket.next(test);

    // a resting sell, a buy that trades against it, the rest cancelled
    const sell = await place(alice, 'sell', 10);
    await place(bob, 'buy', 4);
    await seen((m) => m.channel === 'trades');
    await seen((m) => m.channel === 'ticker');
    await seen((m) => m.channel === 'candles');
    const cancel = await sys.call('DELETE', `/api/v1/orders/${sell.id}`, undefined, alice.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await seen((m) => m.channel === 'orders' && m.data?.status === 'cancelled');
    await seen((m) => m.channel === 'balances' && m.data?.fiat_locked === '0.00');

    // staff halt the book, then lift the halt: the phase channel follows (the process's tick)
    await staffCall(`/api/v1/admin/tokens/${tokenId}/halt`, {
      minutes: 5,
      reason: 'AsyncAPI recording',
    });
    sys.trading.hub.phaseTick();
    await seen((m) => m.channel === 'phase' && m.data?.phase === 'halted');
    await staffCall(`/api/v1/admin/tokens/${tokenId}/lift-halt`, { reopen: 'continuous' });
    sys.trading.hub.phaseTick();
    await seen((m) => m.channel === 'phase' && m.type === 'update' && m.data?.phase !== 'halted');

    // the socket falls behind: with no buffer allowed, each channel about to send is resynced
    const limits = sys.trading.hub.limits;
    const bound = limits.maxBufferedBytes;
    limits.maxBufferedBytes = -1;
    try {
      await place(alice, 'sell', 3);
      await place(bob, 'buy', 3);
      for (const name of ['book', 'trades', 'ticker', 'candles', 'orders', 'balances']) {
        await seen((m) => m.channel === name && m.type === 'resync');
      }
      await staffCall(`/api/v1/admin/tokens/${tokenId}/halt`, {
        minutes: 5,
        reason: 'AsyncAPI recording',
      });
      sys.trading.hub.phaseTick();
      await seen((m) => m.channel === 'phase' && m.type === 'resync');
    } finally {
      limits.maxBufferedBytes = bound;
    }
    expect(await request(socket, { op: 'unsubscribe', id: 'u', channels })).toMatchObject({
      type: 'ack',
    });
    // the heartbeat, as the process's timer sends it
    await sys.trading.socketTick();
    await vi.waitFor(() => expect(received.some((m) => m.channel === 'heartbeat')).toBe(true));

    const errors: string[] = [];
    const channelsSeen = new Set<string>();
    const messagesSeen = new Set<string>();
    for (const [action, recorded] of [
      ['receive', received],
      ['send', sent],
    ] as const) {
      for (const message of recorded) {
        const verdict = checkMessage(messages, action, message);
        if (verdict.error) errors.push(verdict.error);
        else messagesSeen.add(verdict.message!);
        if (action === 'receive' && verdict.channel) channelsSeen.add(verdict.channel);
      }
    }
    expect(errors).toEqual([]);
    const listed = new Set(messages.filter((m) => m.action === 'receive').map((m) => m.channel));
    expect([...listed].filter((channel) => !channelsSeen.has(channel))).toEqual([]);
    // every message the server can send was sent; of the client's, all but a key-signed auth
    // (an API key is the platform's to make; api-keys.int.test.ts signs one)
    const unseen = messages.map((m) => m.name).filter((name) => !messagesSeen.has(name));
    expect(unseen).toEqual(['authWithKey']);
  }, 120_000);
});

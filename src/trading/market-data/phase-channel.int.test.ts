/**
 * The `phase` WebSocket channel on the real trading app, database and sequencer, with a real
 * WebSocket client, a hand-set clock and the throttle's waits released by hand (so the throttle is
 * checked by counting messages, not by timing them): the snapshot, the opening call's indicative
 * state moved by orders entered over HTTP, one message per window however many batches it
 * gathers, and the phase change at the uncross.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket, type Message } from '../../../test/support/market-data.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';
import type { Schedule } from './phase-feed.js';

/** The throttle's waits, held until the test releases them. */
const waits: (() => void)[] = [];
const schedule: Schedule = (_ms, run) => {
  waits.push(run);
};
/** Ends every wait now; answers how many there were. */
function release(): number {
  const runs = waits.splice(0);
  for (const run of runs) run();
  return runs.length;
}

let sys: TestTrading;
let url: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // each call ends 15 s into its 30 s random-end window
  sys = await startTestTrading({ random: () => 0.5, phaseSchedule: schedule });
  const address = await sys.trading.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await sys.close();
});

/** Monday 5 January 2026, UTC. */
const at = (time: string) => new Date(`2026-01-05T${time}Z`);

async function withAuctions(tokenId: string) {
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

async function open(): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  sockets.push(socket);
  return socket;
}

const phaseMessages = (socket: TestSocket) => socket.received.filter((m) => m.channel === 'phase');

describe('the phase channel', () => {
  it('streams the phase and the indicative uncross of a call, throttled, numbered, to the uncross', async () => {
    sys.clock.current = at('08:00:00');
    const token = await sys.token();
    await withAuctions(token.id);
    const a = await sys.funded(token.id);
    const b = await sys.funded(token.id);
    const s = await sys.funded(token.id);
    const t = await sys.funded(token.id);
    const place = async (trader: Trader, side: string, quantity: number, price: string) => {
      const body = { token_id: token.id, side, order_type: 'limit', quantity, price };
      const response = await sys.call('POST', '/api/v1/orders', body, trader.token);
      expect(response.statusCode).toBe(200);
    };
    const socket = await open();
    const next = (seq: number): Promise<Message> =>
      socket.next((m) => m.channel === 'phase' && m.seq === seq);

    // the snapshot: closed until 09:00, no indicative state
    const ack = await socket.request({
      op: 'subscribe',
      id: 's',
      channels: [{ name: 'phase', token_id: token.id }],
    });
    expect(ack).toMatchObject({ channel: 'control', type: 'ack' });
    const snapshot = await next(0);
    expect(snapshot).toMatchObject({
      type: 'snapshot',
      token_id: token.id,
      data: {
        phase: 'closed',
        scheduled_end: at('09:00:00').toISOString(),
        indicative: null,
      },
    });
    expect(waits).toHaveLength(0);

    // the opening: no batch, the process's tick has the next window read it
    sys.clock.current = at('09:00:00');
    await sys.trading.books.tick();
    sys.trading.hub.phaseTick();
    expect(release()).toBe(1);
    expect(await next(1)).toMatchObject({
      type: 'update',
      data: {
        phase: 'pre_open',
        scheduled_end: at('09:05:00').toISOString(),
        random_end_window_seconds: 30,
        indicative: { price: null, volume: 0, surplus_side: null, surplus: 0 },
      },
    });

    // four orders in four batches: one window gathers them, one message carries the last state
    await place(a, 'buy', 10, '10.20');
    await place(s, 'sell', 5, '10.00');
    await place(b, 'buy', 5, '10.10');
    await place(t, 'sell', 10, '10.05');
    expect(waits).toHaveLength(1);
    expect(phaseMessages(socket)).toHaveLength(2);
    expect(release()).toBe(1);
    expect((await next(2)).data).toMatchObject({
      phase: 'pre_open',
      indicative: { price: '10.05', volume: 15, surplus_side: null, surplus: 0 },
    });

    // a late subscriber starts from the same state at the same seq
    const late = await open();
    await late.request({
      op: 'subscribe',
      id: 'l',
      channels: [{ name: 'phase', token_id: token.id }],
    });
    const lateSnapshot = await late.next((m) => m.channel === 'phase');
    expect(lateSnapshot.seq).toBe(2);
    expect(lateSnapshot.data).toEqual((await next(2)).data);

    // a large bid lifts the indicative price (all surplus on the buy side: the highest price)
    await place(a, 'buy', 20, '10.30');
    expect(release()).toBe(1);
    expect((await next(3)).data.indicative).toEqual({
      price: '10.30',
      volume: 15,
      surplus_side: 'buy',
      surplus: 5,
    });

    // the random end: the uncross's batch ends the call, the next message says continuous
    sys.clock.current = at('09:05:15');
    await sys.trading.books.tick();
    expect(release()).toBe(1);
    const uncrossed = await next(4);
    expect(uncrossed.data).toMatchObject({
      phase: 'continuous',
      scheduled_end: at('17:25:00').toISOString(),
      random_end_window_seconds: null,
      indicative: null,
    });
    expect(await late.next((m) => m.channel === 'phase' && m.seq === 4)).toEqual(uncrossed);

    // by count: the snapshot and one update per released window with a change, numbered 0..4
    expect(phaseMessages(socket).map((m) => [m.type, m.seq])).toEqual([
      ['snapshot', 0],
      ['update', 1],
      ['update', 2],
      ['update', 3],
      ['update', 4],
    ]);
    // a window with nothing new sends nothing
    sys.trading.hub.phaseTick();
    expect(release()).toBe(1);
    await sys.trading.hub.phaseIdle();
    // the server answers the ping after anything it sent before it
    await socket.request({ op: 'ping', id: 'p' });
    expect(phaseMessages(socket)).toHaveLength(5);
  });

  it('refuses an unknown token', async () => {
    const socket = await open();
    const answer = await socket.request({
      op: 'subscribe',
      id: 'x',
      channels: [{ name: 'phase', token_id: '00000000-0000-7000-8000-000000000000' }],
    });
    expect(answer).toMatchObject({ type: 'error', data: { code: 'UNKNOWN_TOKEN' } });
  });
});

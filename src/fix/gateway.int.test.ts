/**
 * The FIX gateway end to end: a real jspurefix initiator logs on with an API key and trades
 * through the gateway, which places orders over HTTP on a running trading app (the same order
 * path as every program's), and reports every event of the user's orders as execution reports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/embedded/ports.js';
import { createLogger } from '../lib/logger.js';
import { buildPlatformApp } from '../platform/app.js';
import type { HttpApp } from '../lib/http/app.js';
import { testConfig, testEnv } from '../../test/support/config.js';
import { FixTestClient } from '../../test/support/fix-initiator.js';
import type { TestKey } from '../../test/support/api-keys.js';
import { startTestTrading, type TestTrading, type Trader } from '../../test/support/trading.js';
import type { Clock } from '../lib/clock.js';
import { startFixGateway } from './main.js';

let sys: TestTrading;
let platform: HttpApp;
let gateway: Awaited<ReturnType<typeof startFixGateway>>;
let fixPort: number;
let token: { id: string; symbol: string };
let investor: Trader;
let staff: Trader;
let key: TestKey;
const clients: FixTestClient[] = [];

function startGatewayOn(port: number, clock?: Clock) {
  return startFixGateway({
    config: testConfig({
      DATABASE_URL: sys.databaseUrl,
      TRADING_URL: tradingUrl,
      FIX_PORT: String(port),
      FIX_EVENT_POLL_MS: '50',
    }),
    db: sys.db,
    logger: createLogger('test', 'silent'),
    keyPollMs: 0,
    ...(clock ? { clock } : {}),
  });
}

async function startGateway() {
  gateway = await startGatewayOn(fixPort);
}

/** Whether a TCP connection to the address is taken. */
const reaches = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** The real `tessera fix` command on the test's database, as a process the test may kill. */
async function startGatewayProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bin/tessera.js', 'fix'], {
    env: {
      ...process.env,
      ...testEnv({
        DATABASE_URL: sys.databaseUrl,
        TRADING_URL: tradingUrl,
        FIX_PORT: String(port),
        FIX_EVENT_POLL_MS: '50',
      }),
    },
    stdio: 'ignore',
  });
  await expect
    .poll(() => reaches('127.0.0.1', port), { timeout: 60_000, interval: 250 })
    .toBe(true);
  return child;
}

/**
 * A fresh trader's key and order-entry session: the only session that reports its orders (the
 * investor's sessions of the earlier tests see none of them).
 */
async function ownSession(senderCompId: string) {
  const trader = await sys.funded(token.id);
  const traderKey = await createKey(trader, ['read', 'trade']);
  const session = await createSession(senderCompId, traderKey, { user_id: trader.id });
  return { key: traderKey, session };
}

/** The body the store keeps of the message sent under `seq`. */
async function storedBody(sessionId: string, seq: number) {
  const row = await sys.db
    .selectFrom('fix_messages')
    .select('body')
    .where('session_id', '=', sessionId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.body;
}

/**
 * Runs `during` while another connection holds the sent messages' table, once the order `clOrdId`
 * (sent by `client`) has its report's INSERT waiting for the lock.
 */
async function withReportHeld(
  client: FixTestClient,
  clOrdId: string,
  during: (waiting: number[]) => Promise<void>,
) {
  await sys.db.transaction().execute(async (trx) => {
    await sql`lock table fix_messages in exclusive mode`.execute(trx);
    await client.send('D', limitOrder(clOrdId));
    await expect.poll(waitingMessageInserts, { timeout: 20_000, interval: 100 }).not.toEqual([]);
    await during(await waitingMessageInserts());
  });
}

/** The gateway's writes of sent messages waiting for a lock, by their backends' ids. */
async function waitingMessageInserts(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where wait_event_type = 'Lock' and query ilike '%insert into fix_messages%'`.execute(sys.db);
  return rows.map((row) => row.pid);
}

/** The events marked reported on a session, among `historyIds`. */
async function markedReported(sessionId: string, historyIds: readonly number[]) {
  const rows = await sys.db
    .selectFrom('fix_reported_events')
    .select('history_id')
    .where('session_id', '=', sessionId)
    .where('history_id', 'in', historyIds)
    .execute();
  return rows.map((row) => Number(row.history_id));
}
let tradingUrl: string;

async function createKey(trader: Trader, scopes: string[], extra = {}): Promise<TestKey> {
  const response = await platform.inject({
    method: 'POST',
    url: '/api/v1/me/api-keys',
    payload: { label: 'fix', scopes, ...extra },
    headers: { authorization: `Bearer ${trader.token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  await sys.trading.apiKeys.refresh();
  await gateway.keys.refresh();
  return response.json<TestKey>();
}

async function createSession(senderCompId: string, apiKey: TestKey, extra = {}) {
  const response = await platform.inject({
    method: 'POST',
    url: '/api/v1/admin/fix-sessions',
    payload: {
      user_id: investor.id,
      api_key_id: apiKey.id,
      sender_comp_id: senderCompId,
      target_comp_id: 'TESSERA',
      kind: 'order_entry',
      ...extra,
    },
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

/** What the store holds of a session: its numbers and the messages kept for resending. */
async function stored(sessionId: string) {
  const row = await sys.db
    .selectFrom('fix_sessions')
    .select(['next_sender_seq', 'next_target_seq', 'sequence_day'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const messages = await sys.db
    .selectFrom('fix_messages')
    .select(['seq', 'msg_type'])
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute();
  return { ...row, messages };
}

/**
 * What the store holds once it has written what the session sent up to `seq` and is still: it
 * writes as the session sends, the last writes (a Logout's) after the client has stopped.
 */
async function settled(sessionId: string, seq: number) {
  await expect
    .poll(async () => (await stored(sessionId)).messages.map((m) => m.seq))
    .toContain(seq);
  // unchanged for longer than the gateway's coalesced saves and its once-a-second catch-up
  let last = await stored(sessionId);
  for (let quiet = 0; quiet < 3;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await stored(sessionId);
    quiet = JSON.stringify(now) === JSON.stringify(last) ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

function connect(
  senderCompId: string,
  options: Partial<ConstructorParameters<typeof FixTestClient>[0]> = {},
) {
  const client = new FixTestClient({ port: fixPort, senderCompId, key, ...options });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  sys = await startTestTrading();
  // signatures are checked against the real time
  sys.clock.now = () => new Date();
  tradingUrl = await sys.trading.app.listen({ host: '127.0.0.1', port: 0 });
  platform = await buildPlatformApp({
    config: testConfig({ DATABASE_URL: sys.databaseUrl }),
    db: sys.db,
    logger: createLogger('test', 'silent'),
    clock: sys.clock,
    apiKeyPollMs: 0,
  });
  fixPort = await freePort();
  await startGateway();
  const created = await sys.token();
  const row = await sys.db
    .selectFrom('tokens')
    .select(['id', 'symbol'])
    .where('id', '=', created.id)
    .executeTakeFirstOrThrow();
  token = row;
  investor = await sys.funded(token.id);
  staff = await sys.user('staff');
  key = await createKey(investor, ['read', 'trade']);
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.stop().catch(() => undefined);
  await gateway.stop();
  await platform.close();
  await sys.close();
});

const limitOrder = (clOrdId: string, extra: Record<string, unknown> = {}) => ({
  ClOrdID: clOrdId,
  Instrument: { Symbol: token.symbol },
  Side: '1',
  OrderQtyData: { OrderQty: 5 },
  OrdType: '2',
  Price: 10,
  TransactTime: new Date(),
  ...extra,
});

describe('the FIX gateway', () => {
  it('takes a Logon signed with the session’s key and places a limit order', async () => {
    await createSession('CLIENT1', key);
    const client = connect('CLIENT1');
    await client.ready();
    await client.send('D', limitOrder('fix-1'));
    const report = await client.next('8', (m) => m.fields.get(11) === 'fix-1');
    expect(report.fields.get(150)).toBe('0');
    expect(report.fields.get(39)).toBe('0');
    expect(report.fields.get(151)).toBe('5');
    const order = await sys.db
      .selectFrom('orders')
      .select(['id', 'status', 'quantity', 'price'])
      .where('client_order_id', '=', 'fix-1')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'open', quantity: 5, price: '10.00' });
    expect(report.fields.get(37)).toBe(order.id);
  });

  it('answers a refusal as an ExecutionReport with OrdStatus 8 and Tessera’s code in Text', async () => {
    const client = clients[0]!;
    const from = client.received.length;
    await client.send('D', limitOrder('fix-bad', { Price: 10.001 }));
    const report = await client.next('8', (m) => m.fields.get(11) === 'fix-bad', from);
    expect(report.fields.get(39)).toBe('8');
    expect(report.fields.get(58)).toMatch(/^VALIDATION_FAILED: /);
    await client.send('D', limitOrder('fix-unknown', { Instrument: { Symbol: 'NOPE' } }));
    const unknown = await client.next('8', (m) => m.fields.get(11) === 'fix-unknown', from);
    expect(unknown.fields.get(58)).toMatch(/^NOT_FOUND: /);
  });

  it('takes orders for a token listed after the gateway started', async () => {
    const created = await sys.token();
    const listed = await sys.db
      .selectFrom('tokens')
      .select('symbol')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const trader = await sys.funded(created.id);
    const traderKey = await createKey(trader, ['read', 'trade']);
    await createSession('LISTED1', traderKey, { user_id: trader.id });
    const client = connect('LISTED1', { key: traderKey });
    await client.ready();
    await client.send('D', limitOrder('listed-1', { Instrument: { Symbol: listed.symbol } }));
    const report = await client.next('8', (m) => m.fields.get(11) === 'listed-1');
    expect(report.fields.get(39)).toBe('0');
    expect(report.fields.get(55)).toBe(listed.symbol);
    await client.stop();
  });

  it('replaces, reports status, cancels, and refuses a cancel of an unknown order', async () => {
    const client = clients[0]!;
    let from = client.received.length;
    await client.send('G', {
      ClOrdID: 'fix-1-r',
      OrigClOrdID: 'fix-1',
      Instrument: { Symbol: token.symbol },
      Side: '1',
      OrderQtyData: { OrderQty: 8 },
      OrdType: '2',
      Price: 10,
      TransactTime: new Date(),
    });
    const replaced = await client.next('8', (m) => m.fields.get(150) === '5', from);
    expect(replaced.fields.get(38)).toBe('8');
    expect(replaced.fields.get(151)).toBe('8');

    from = client.received.length;
    await client.send('H', { ClOrdID: 'fix-1', Instrument: { Symbol: token.symbol }, Side: '1' });
    const status = await client.next('8', (m) => m.fields.get(150) === 'I', from);
    expect(status.fields.get(39)).toBe('0');

    from = client.received.length;
    await client.send('F', {
      ClOrdID: 'fix-1-c',
      OrigClOrdID: 'fix-1',
      Instrument: { Symbol: token.symbol },
      Side: '1',
      TransactTime: new Date(),
    });
    const cancelled = await client.next('8', (m) => m.fields.get(150) === '4', from);
    expect(cancelled.fields.get(39)).toBe('4');
    expect(cancelled.fields.get(151)).toBe('0');

    await client.send('F', {
      ClOrdID: 'fix-x-c',
      OrigClOrdID: 'never-sent',
      Instrument: { Symbol: token.symbol },
      Side: '1',
      TransactTime: new Date(),
    });
    const rejected = await client.next('9', () => true, from);
    expect(rejected.fields.get(434)).toBe('1');
    expect(rejected.fields.get(58)).toMatch(/^NOT_FOUND: /);
  });

  it('reports fills of an order met by a web-app order, with LastQty, LastPx, AvgPx and fee', async () => {
    const client = clients[0]!;
    const from = client.received.length;
    await client.send('D', limitOrder('fix-sell', { Side: '2', Price: 12 }));
    await client.next(
      '8',
      (m) => m.fields.get(11) === 'fix-sell' && m.fields.get(150) === '0',
      from,
    );
    const buyer = await sys.funded(token.id);
    const placed = await sys.call(
      'POST',
      '/api/v1/orders',
      { token_id: token.id, side: 'buy', order_type: 'limit', quantity: 3, price: '12.00' },
      buyer.token,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const fill = await client.next(
      '8',
      (m) => m.fields.get(11) === 'fix-sell' && m.fields.get(150) === 'F',
      from,
    );
    expect(fill.fields.get(39)).toBe('1');
    expect(fill.fields.get(32)).toBe('3');
    expect(Number(fill.fields.get(31))).toBe(12);
    expect(fill.fields.get(14)).toBe('3');
    expect(fill.fields.get(151)).toBe('2');
    expect(Number(fill.fields.get(6))).toBe(12);
    // the seller pays the fee: 0.5 % of 36.00
    expect(
      Number(
        fill.body.CommissionData && (fill.body.CommissionData as { Commission: number }).Commission,
      ),
    ).toBe(0.18);
  });

  it('cancels all orders with OrderMassCancelRequest and answers OrderMassCancelReport', async () => {
    const client = clients[0]!;
    const from = client.received.length;
    await client.send('q', {
      ClOrdID: 'mass-1',
      MassCancelRequestType: '7',
      TransactTime: new Date(),
    });
    const report = await client.next('r', () => true, from);
    expect(report.fields.get(531)).toBe('7');
    expect(report.fields.get(533)).toBe('1');
  });

  it('answers an unsupported message with BusinessMessageReject', async () => {
    const client = clients[0]!;
    const from = client.received.length;
    await client.send('AE', {
      TradeReportID: 't1',
      PreviouslyReported: false,
      Instrument: { Symbol: token.symbol },
      LastQty: 1,
      LastPx: 1,
      TradeDate: '20260105',
      TransactTime: new Date(),
    });
    const reject = await client.next('j', () => true, from);
    expect(reject.fields.get(372)).toBe('AE');
    expect(reject.fields.get(380)).toBe('3');
  });

  it('refuses a Logon with a wrong signature or for CompIDs without a session', async () => {
    await createSession('CLIENT2', key);
    const wrong = connect('CLIENT2', { password: 'ab'.repeat(32) });
    await wrong.until(() => wrong.stopped !== undefined, 'stop');
    expect(wrong.session).toBeUndefined();
    const unknown = connect('NOBODY');
    await unknown.until(() => unknown.stopped !== undefined, 'stop');
    expect(unknown.session).toBeUndefined();
  });

  it('keeps its sequence numbers in PostgreSQL across a restart, and serves again', async () => {
    const session = await createSession('CLIENT3', key);
    const first = connect('CLIENT3');
    await first.ready();
    await first.send('D', limitOrder('fix-r1'));
    const original = await first.next('8', (m) => m.fields.get(11) === 'fix-r1');
    await first.stop();
    // The store writes as the session sends; under load the last write may land after the stop.
    await expect
      .poll(
        async () =>
          (
            await sys.db
              .selectFrom('fix_sessions')
              .select('next_sender_seq')
              .where('id', '=', session.id)
              .executeTakeFirstOrThrow()
          ).next_sender_seq,
      )
      .toBeGreaterThan(original.seq);
    await expect
      .poll(() =>
        sys.db
          .selectFrom('fix_messages')
          .select(['seq', 'msg_type'])
          .where('session_id', '=', session.id)
          .execute(),
      )
      .toContainEqual({ seq: original.seq, msg_type: '8' });

    await gateway.stop();
    await startGateway();
    const again = connect('CLIENT3');
    await again.ready();
    await again.send('D', limitOrder('fix-r2'));
    const next = await again.next('8', (m) => m.fields.get(11) === 'fix-r2');
    await again.stop();
    await settled(session.id, next.seq);
  });

  it('ends a session whose Logon MsgSeqNum is lower than expected, changing nothing stored', async () => {
    const session = await sys.db
      .selectFrom('fix_sessions')
      .select('id')
      .where('sender_comp_id', '=', 'CLIENT3')
      .executeTakeFirstOrThrow();
    const before = await stored(session.id);
    expect(before.next_target_seq).toBeGreaterThan(1);
    const low = connect('CLIENT3', { resetSeqNum: false, lastSentSeqNum: 0 });
    await low.until(() => low.stopped !== undefined, 'stop');
    expect(low.session).toBeUndefined();
    expect(await stored(session.id)).toEqual(before);
  });

  it('lets an unauthenticated Logon with ResetSeqNumFlag change nothing stored', async () => {
    const session = await createSession('CLIENT4', key);
    const first = connect('CLIENT4');
    await first.send('D', limitOrder('fix-u1'));
    const report = await first.next('8', (m) => m.fields.get(11) === 'fix-u1');
    await first.stop();
    const before = await settled(session.id, report.seq);
    const forged = connect('CLIENT4', { password: 'ab'.repeat(32), resetSeqNum: true });
    await forged.until(() => forged.stopped !== undefined, 'stop');
    expect(forged.session).toBeUndefined();
    expect(await stored(session.id)).toEqual(before);
  });

  it('binds the configured host only', async () => {
    // the whole of 127.0.0.0/8 reaches this machine: a listener on every interface answers 127.0.0.2
    expect(await reaches('127.0.0.2', fixPort)).toBe(false);
  });

  it('starts without a probe connection that jspurefix logs as a broken session', async () => {
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const writeErr = process.stderr.write.bind(process.stderr);
    const keep = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    process.stdout.write = keep;
    process.stderr.write = keep;
    try {
      const port = await freePort();
      const other = await startGatewayOn(port);
      // a session through it: any probe's end would have been logged by then
      await createSession('CLIENT5', key);
      const client = connect('CLIENT5', { port });
      await client.ready();
      await client.stop();
      await other.stop();
    } finally {
      process.stdout.write = write;
      process.stderr.write = writeErr;
    }
    expect(written.join('')).not.toMatch(/DetectBrokenNetworkConnection/);
  });

  it('checks the key’s allow-list against the FIX client’s address', async () => {
    const fenced = await createKey(investor, ['read', 'trade'], {
      allowed_ips: ['203.0.113.0/24'],
    });
    await createSession('CLIENT6', fenced);
    const outside = connect('CLIENT6', { key: fenced });
    await outside.until(() => outside.stopped !== undefined, 'stop');
    expect(outside.session).toBeUndefined();

    // a key that allows the client (here 127.0.0.1) places orders through the gateway
    const allowing = await createKey(investor, ['read', 'trade'], {
      allowed_ips: ['127.0.0.1'],
    });
    await createSession('CLIENT7', allowing);
    const inside = connect('CLIENT7', { key: allowing });
    await inside.send('D', limitOrder('fix-ip'));
    const report = await inside.next('8', (m) => m.fields.get(11) === 'fix-ip');
    expect(report.fields.get(39)).toBe('0');
    await inside.stop();
  });

  it('answers a ResendRequest after a restart with the original reports, PossDupFlag and OrigSendingTime', async () => {
    const session = await createSession('CLIENT8', key);
    const first = connect('CLIENT8');
    await first.send('D', limitOrder('fix-away'));
    const original = await first.next('8', (m) => m.fields.get(11) === 'fix-away');
    await first.stop();
    const before = await settled(session.id, original.seq);

    // while the client is away, its order is cancelled on the web app
    const order = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('client_order_id', '=', 'fix-away')
      .executeTakeFirstOrThrow();
    const cancelled = await sys.call(
      'DELETE',
      `/api/v1/orders/${order.id}`,
      undefined,
      investor.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    await gateway.stop();
    await startGateway();
    // the client goes on from its numbers, having missed everything from the report on
    const again = connect('CLIENT8', {
      resetSeqNum: false,
      lastSentSeqNum: before.next_target_seq - 1,
      lastReceivedSeqNum: original.seq - 1,
    });
    const resent = await again.next('8', (m) => m.possDup && m.seq === original.seq);
    // the body as first sent; the header says it is a resend; the trailer's checksum is new
    const bodyOf = (message: typeof original) => {
      const body = { ...message.body };
      delete body.StandardHeader;
      delete body.StandardTrailer;
      return body;
    };
    const resentBody = bodyOf(resent);
    const originalBody = bodyOf(original);
    expect(resentBody).toEqual(originalBody);
    expect(resentBody).toMatchObject({ ClOrdID: 'fix-away', ExecType: '0' });
    const header = resent.body.StandardHeader as Record<string, unknown>;
    const sentFirst = original.body.StandardHeader as Record<string, unknown>;
    expect(header.MsgSeqNum).toBe(sentFirst.MsgSeqNum);
    expect(header.PossDupFlag).toBe(true);
    expect(header.OrigSendingTime).toEqual(sentFirst.SendingTime);
    const away = await again.next(
      '8',
      (m) => !m.possDup && m.fields.get(37) === order.id && m.fields.get(150) === '4',
    );
    expect(away.fields.get(39)).toBe('4');
    await again.stop();
  });

  it('lets a Logon with another firm’s SenderCompID and wrong credentials leave its live session alone', async () => {
    const session = await createSession('CLIENT10', key);
    const live = connect('CLIENT10');
    await live.send('D', limitOrder('fix-live-1'));
    const first = await live.next('8', (m) => m.fields.get(11) === 'fix-live-1');
    const before = await settled(session.id, first.seq);

    for (const resetSeqNum of [true, false]) {
      const forged = connect('CLIENT10', {
        password: 'ab'.repeat(32),
        resetSeqNum,
        lastSentSeqNum: resetSeqNum ? 0 : 1000,
      });
      await forged.until(() => forged.stopped !== undefined, 'stop');
      expect(forged.session).toBeUndefined();
    }
    expect(await stored(session.id)).toEqual(before);

    // the live session goes on, its numbers where they were
    const from = live.received.length;
    await live.send('D', limitOrder('fix-live-2'));
    const second = await live.next('8', (m) => m.fields.get(11) === 'fix-live-2', from);
    expect(second.seq).toBe(first.seq + 1);
    expect(second.possDup).toBe(false);
    expect(live.stopped).toBeUndefined();
    await live.stop();
  });

  it('ends the sessions at the day’s end, and the next Logon starts the numbers at 1', async () => {
    let offset = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offset) };
    const port = await freePort();
    const other = await startGatewayOn(port, clock);
    try {
      const session = await createSession('CLIENT9', key);
      const today = connect('CLIENT9', { port });
      await today.ready();
      const midnight = new Date(new Date().toISOString().slice(0, 10));
      midnight.setUTCDate(midnight.getUTCDate() + 1);
      offset = midnight.getTime() - Date.now() + 1000;
      await today.until(() => today.stopped !== undefined, 'logout at the day’s end');

      // the next day's first Logon comes with MsgSeqNum 1 and no ResetSeqNumFlag
      const tomorrow = connect('CLIENT9', {
        port,
        resetSeqNum: false,
        clockOffsetMs: offset,
      });
      await tomorrow.ready();
      await expect
        .poll(async () => (await stored(session.id)).sequence_day)
        .toBe(midnight.toISOString().slice(0, 10));
      expect((await stored(session.id)).next_target_seq).toBe(2);
      await tomorrow.stop();
    } finally {
      await other.stop();
    }
  });

  it('copies every report of the user’s orders to a drop copy, marked CopyMsgIndicator, and refuses it orders', async () => {
    const readKey = await createKey(investor, ['read']);
    await createSession('COPY1', readKey, { kind: 'drop_copy' });
    const copy = connect('COPY1', { key: readKey });
    await copy.ready();
    const placed = await sys.call(
      'POST',
      '/api/v1/orders',
      {
        token_id: token.id,
        side: 'buy',
        order_type: 'limit',
        quantity: 2,
        price: '9.00',
        client_order_id: 'web-copy',
      },
      investor.token,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const report = await copy.next('8', (m) => m.fields.get(11) === 'web-copy');
    expect(report.fields.get(150)).toBe('0');
    expect(report.fields.get(797)).toBe('Y');

    const from = copy.received.length;
    await copy.send('D', limitOrder('copy-d'));
    const reject = await copy.next('j', () => true, from);
    expect(reject.fields.get(372)).toBe('D');
    expect(reject.fields.get(380)).toBe('6');
    const entered = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('client_order_id', '=', 'copy-d')
      .execute();
    expect(entered).toEqual([]);
    await copy.stop();
  });

  it('copies every order of the venue to a staff drop copy, across a restart, and an investor’s own copy only theirs', async () => {
    const staffKey = await createKey(staff, ['read']);
    const venue = await createSession('VENUE1', staffKey, {
      user_id: staff.id,
      kind: 'drop_copy',
      scope: 'venue',
    });
    const ownKey = await createKey(investor, ['read']);
    await createSession('COPY2', ownKey, { kind: 'drop_copy' });
    await createSession('CLIENT11', key);
    // one after another: each initiator first loads its dictionary, a second of CPU or more
    const venueCopy = connect('VENUE1', { key: staffKey });
    await venueCopy.ready();
    const ownCopy = connect('COPY2', { key: ownKey });
    await ownCopy.ready();
    const entry = connect('CLIENT11');
    await entry.ready();

    // another user's order over REST, then the investor's over FIX
    const other = await sys.funded(token.id);
    const placed = await sys.call(
      'POST',
      '/api/v1/orders',
      {
        token_id: token.id,
        side: 'buy',
        order_type: 'limit',
        quantity: 1,
        price: '8.00',
        client_order_id: 'venue-web',
      },
      other.token,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    await entry.send('D', limitOrder('venue-fix', { Price: 8 }));
    await entry.next('8', (m) => m.fields.get(11) === 'venue-fix');

    const web = await venueCopy.next('8', (m) => m.fields.get(11) === 'venue-web');
    const fix = await venueCopy.next('8', (m) => m.fields.get(11) === 'venue-fix');
    for (const report of [web, fix]) {
      expect(report.fields.get(150)).toBe('0');
      expect(report.fields.get(797)).toBe('Y');
    }
    expect(web.seq).toBeLessThan(fix.seq);
    // the investor's copy reports in the order events were written: had it taken the other
    // user's order (written first), it would have come before the investor's own
    const own = await ownCopy.next('8', (m) => m.fields.get(11) === 'venue-fix');
    expect(own.fields.get(797)).toBe('Y');
    expect(ownCopy.received.map((m) => m.fields.get(11))).not.toContain('venue-web');

    // read-only like every drop copy
    const from = venueCopy.received.length;
    await venueCopy.send('D', limitOrder('venue-d'));
    const reject = await venueCopy.next('j', () => true, from);
    expect(reject.fields.get(380)).toBe('6');
    await Promise.all([venueCopy.stop(), ownCopy.stop(), entry.stop()]);
    const before = await settled(venue.id, fix.seq);

    // away over a restart: the other user's order is cancelled, the numbers go on
    const order = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('client_order_id', '=', 'venue-web')
      .executeTakeFirstOrThrow();
    const cancelled = await sys.call(
      'DELETE',
      `/api/v1/orders/${order.id}`,
      undefined,
      other.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await gateway.stop();
    await startGateway();
    const again = connect('VENUE1', {
      key: staffKey,
      resetSeqNum: false,
      lastSentSeqNum: before.next_target_seq - 1,
      lastReceivedSeqNum: web.seq - 1,
    });
    const resent = await again.next('8', (m) => m.possDup && m.seq === fix.seq);
    expect(resent.fields.get(11)).toBe('venue-fix');
    expect(resent.fields.get(797)).toBe('Y');
    const away = await again.next(
      '8',
      (m) => !m.possDup && m.fields.get(37) === order.id && m.fields.get(150) === '4',
    );
    expect(away.fields.get(797)).toBe('Y');
    await again.stop();
  });

  it('lets a test client stop while its Logon is unanswered, ending its connection', async () => {
    // a peer that takes the connection and never answers the Logon
    const peers: Socket[] = [];
    const silent = createServer((socket) => peers.push(socket));
    const arrived = new Promise<Socket>((resolve) => silent.once('connection', resolve));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const client = new FixTestClient({ port, senderCompId: 'SILENT1', key });
      const peer = await arrived;
      const ended = new Promise((resolve) => peer.once('end', resolve));
      await client.stop();
      await ended;
      expect(client.session).toBeUndefined();
    } finally {
      for (const peer of peers) peer.destroy();
      silent.close();
    }
  });

  it('lets no execution report reach the client before the store has committed it', async () => {
    const { key: ownKey, session } = await ownSession('DURABLE1');
    const client = connect('DURABLE1', { key: ownKey });
    await client.ready();
    const from = client.received.length;
    await withReportHeld(client, 'durable-1', async () => {
      const order = await sys.db
        .selectFrom('orders')
        .select('status')
        .where('client_order_id', '=', 'durable-1')
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('open');
      // the report is built and handed over; held while its row is not committed
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(client.received.slice(from)).toEqual([]);
    });
    const report = await client.next('8', (m) => m.fields.get(11) === 'durable-1', from);
    expect(await storedBody(session.id, report.seq)).toContain(
      `\x0117=${report.fields.get(17)}\x01`,
    );
    // the event was marked reported in the report's own commit: marked as the report arrives
    const execId = Number(report.fields.get(17));
    expect(await markedReported(session.id, [execId])).toEqual([execId]);
    await client.stop();
  });

  it('cuts the connection when the store cannot commit a report, and reports it at the next Logon', async () => {
    const { key: ownKey, session } = await ownSession('DURABLE2');
    const client = connect('DURABLE2', { key: ownKey });
    const logon = await client.ready();
    const from = client.received.length;
    await withReportHeld(client, 'durable-2', async (waiting) => {
      // the report's INSERT fails (as a write cut off by the server would)
      for (const pid of waiting) await sql`select pg_cancel_backend(${pid})`.execute(sys.db);
      await client.until(() => client.stopped !== undefined, 'the connection cut');
    });
    expect(client.received.slice(from)).toEqual([]);
    const order = await sys.db
      .selectFrom('orders')
      .select('id')
      .where('client_order_id', '=', 'durable-2')
      .executeTakeFirstOrThrow();
    // the mark went in the report's write, and failed with it
    const events = await sys.db
      .selectFrom('order_status_history')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(
      await markedReported(
        session.id,
        events.map((event) => Number(event.id)),
      ),
    ).toEqual([]);
    // not marked reported: the next Logon reports it, numbers going on from the client's own
    const again = connect('DURABLE2', {
      key: ownKey,
      resetSeqNum: false,
      lastSentSeqNum: logon.lastSentSeqNum(),
      lastReceivedSeqNum: logon.lastPeerSeqNum(),
    });
    const report = await again.next('8', (m) => m.fields.get(11) === 'durable-2');
    expect(report.fields.get(37)).toBe(order.id);
    expect(report.fields.get(150)).toBe('0');
    expect(again.stopped).toBeUndefined();
    expect(await storedBody(session.id, report.seq)).toContain(`\x0111=durable-2\x01`);
    await again.stop();
  });

  it('resumes after the gateway process is killed as its reports go out: the next Logon is accepted and a ResendRequest answered from the store', async () => {
    const { key: traderKey, session } = await ownSession('CRASH1');
    const port = await freePort();
    let child = await startGatewayProcess(port);
    try {
      const first = connect('CRASH1', { port, key: traderKey });
      const logon = await first.ready();
      const orders = ['crash-1', 'crash-2', 'crash-3'];
      for (const clOrdId of orders) await first.send('D', limitOrder(clOrdId));
      const reports = await first.until(() => {
        const got = first.received.filter((m) => m.msgType === '8');
        return got.length >= orders.length ? got : undefined;
      }, 'the reports');
      // killed at once: the gateway may be between a report's write and the next step
      child.kill('SIGKILL');
      const lastSent = logon.lastSentSeqNum();
      const lastReceived = Math.max(...reports.map((m) => m.seq));
      const execIds = new Map(reports.map((m) => [m.seq, m.fields.get(17)]));
      await first.until(() => first.stopped !== undefined, 'the connection lost');
      await first.stop();

      child = await startGatewayProcess(port);
      const again = connect('CRASH1', {
        port,
        key: traderKey,
        resetSeqNum: false,
        lastSentSeqNum: lastSent,
        lastReceivedSeqNum: lastReceived,
      });
      // accepted: the gateway's number is not behind what the client saw
      const resumed = await again.ready();
      // the reports again from the store, as first sent
      const firstSeq = Math.min(...reports.map((m) => m.seq));
      resumed.sendApp('2', { BeginSeqNo: firstSeq, EndSeqNo: lastReceived });
      for (const [seq, execId] of execIds) {
        const resent = await again.next('8', (m) => m.possDup && m.seq === seq);
        expect(resent.fields.get(17)).toBe(execId);
      }
      // a resend leaves the stored number where it was: past the Logon answer's (at least
      // lastReceived + 1), which the client saw
      expect((await stored(session.id)).next_sender_seq).toBeGreaterThan(lastReceived + 1);
      await again.send('D', limitOrder('crash-4'));
      const next = await again.next('8', (m) => m.fields.get(11) === 'crash-4' && !m.possDup);
      expect(next.seq).toBeGreaterThan(lastReceived);
      // a report the crash kept from being marked reported comes again under its ExecID
      for (const m of again.received.filter((m) => m.msgType === '8' && !m.possDup)) {
        if (orders.includes(m.fields.get(11) ?? '')) {
          expect([...execIds.values()]).toContain(m.fields.get(17));
        }
      }
      expect(again.stopped).toBeUndefined();
      await again.stop();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

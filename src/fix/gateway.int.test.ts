/**
 * The FIX gateway end to end: a real jspurefix initiator logs on with an API key and trades
 * through the gateway, which places orders over HTTP on a running trading app (the same order
 * path as every program's), and reports every event of the user's orders as execution reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/embedded/ports.js';
import { createLogger } from '../lib/logger.js';
import { buildPlatformApp } from '../platform/app.js';
import type { HttpApp } from '../lib/http/app.js';
import { testConfig } from '../../test/support/config.js';
import { FixTestClient } from '../../test/support/fix-initiator.js';
import type { TestKey } from '../../test/support/api-keys.js';
import { startTestTrading, type TestTrading, type Trader } from '../../test/support/trading.js';
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

async function startGateway() {
  gateway = await startFixGateway({
    config: testConfig({
      DATABASE_URL: sys.databaseUrl,
      TRADING_URL: tradingUrl,
      FIX_PORT: String(fixPort),
      FIX_EVENT_POLL_MS: '50',
    }),
    db: sys.db,
    logger: createLogger('test', 'error'),
    keyPollMs: 0,
  });
}
let tradingUrl: string;

async function createKey(trader: Trader, scopes: string[]): Promise<TestKey> {
  const response = await platform.inject({
    method: 'POST',
    url: '/api/v1/me/api-keys',
    payload: { label: 'fix', scopes },
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
});

/**
 * API keys end to end on the real apps: keys created on the platform, signed requests verified by
 * the trading process (and the platform), each refusal with its code and nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../lib/auth/request-signing.js';
import type { HttpApp } from '../../lib/http/app.js';
import { createLogger } from '../../lib/logger.js';
import { buildPlatformApp } from '../app.js';
import { clientAddressHeaders } from '../../lib/auth/client-address.js';
import {
  signedCall,
  signedHeaders,
  type SignedCall,
  type TestKey,
} from '../../../test/support/api-keys.js';
import { testConfig } from '../../../test/support/config.js';
import { TestSocket } from '../../../test/support/market-data.js';
import { startTestTrading, type TestTrading, type Trader } from '../../../test/support/trading.js';

let sys: TestTrading;
let platform: HttpApp;
let tokenId: string;
let investor: Trader;

beforeAll(async () => {
  sys = await startTestTrading();
  // the platform on the trading test's database and clock; its key poll is the test's to run
  platform = await buildPlatformApp({
    config: testConfig({ DATABASE_URL: sys.databaseUrl }),
    db: sys.db,
    logger: createLogger('test', 'silent'),
    clock: sys.clock,
    apiKeyPollMs: 0,
  });
  tokenId = (await sys.token()).id;
  investor = await sys.funded(tokenId);
});
afterAll(async () => {
  await platform.close();
  await sys.close();
});

async function createKey(trader: Trader, body: Record<string, unknown>): Promise<TestKey> {
  const response = await platform.inject({
    method: 'POST',
    url: '/api/v1/me/api-keys',
    payload: { label: 'bot', ...body },
    headers: { authorization: `Bearer ${trader.token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  // the trading process's poll (each second on a running node)
  await sys.trading.apiKeys.refresh();
  return response.json<TestKey>();
}

const now = () => sys.clock.now().getTime();
const trading = (key: TestKey, call: Omit<SignedCall, 'timestamp'> & { timestamp?: number }) =>
  signedCall(sys.trading.app, key, { timestamp: now(), ...call });

const order = (clientOrderId: string) => ({
  token_id: tokenId,
  side: 'buy',
  order_type: 'limit',
  quantity: 1,
  price: '10.00',
  client_order_id: clientOrderId,
});

async function ordersOf(userId: string): Promise<number> {
  return (await sys.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute())
    .length;
}

describe('API keys', () => {
  it('creates a key whose secret is shown once and stored sealed', async () => {
    const key = await createKey(investor, { scopes: ['read', 'trade'] });
    expect(key.secret).toMatch(/^[0-9a-f]{64}$/);
    const listed = await platform.inject({
      method: 'GET',
      url: '/api/v1/me/api-keys',
      headers: { authorization: `Bearer ${investor.token}` },
    });
    const item = listed.json<{ items: Record<string, unknown>[] }>().items[0]!;
    expect(item).toMatchObject({
      id: key.id,
      access_key: key.access_key,
      scopes: ['read', 'trade'],
    });
    expect(item).not.toHaveProperty('secret');
    const row = await sys.db
      .selectFrom('api_keys')
      .select('secret_ciphertext')
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(key.secret);
    const audit = await sys.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', key.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['api_key.created']);
  });

  it('places a signed order, and refuses a wrong signature, a replay and a stale timestamp', async () => {
    const key = await createKey(investor, { scopes: ['trade'] });
    const placed = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('signed-1'),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<{ order: { status: string } }>().order.status).toBe('open');
    const before = await ordersOf(investor.id);
    const fiat = await sys.fiat(investor.id);

    const wrong = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('signed-2'),
      signature: signRequest('not the secret', {
        timestamp: String(now()),
        method: 'POST',
        pathWithQuery: '/api/v1/orders',
        body: JSON.stringify(order('signed-2')),
      }),
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_SIGNATURE']);

    // the body is signed: the same headers with another body do not pass
    const timestamp = now();
    const signedBody = JSON.stringify(order('signed-3'));
    const tampered = await sys.trading.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: JSON.stringify(order('signed-4')),
      headers: {
        'content-type': 'application/json',
        'x-tessera-key': key.access_key,
        'x-tessera-timestamp': String(timestamp),
        'x-tessera-signature': signRequest(key.secret, {
          timestamp: String(timestamp),
          method: 'POST',
          pathWithQuery: '/api/v1/orders',
          body: signedBody,
        }),
      },
    });
    expect(tampered.json().code).toBe('INVALID_SIGNATURE');
    expect(await sys.fiat(investor.id)).toBe(fiat);

    const once = { method: 'POST' as const, url: '/api/v1/orders', body: order('signed-5') };
    const first = await trading(key, { ...once, timestamp });
    expect(first.statusCode).toBe(200);
    const fiatAfter = await sys.fiat(investor.id);
    const replayed = await trading(key, { ...once, timestamp });
    expect([replayed.statusCode, replayed.json().code]).toEqual([401, 'REPLAYED_REQUEST']);

    const stale = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('signed-6'),
      timestamp: now() - 5001,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([401, 'TIMESTAMP_OUTSIDE_WINDOW']);
    const ahead = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('signed-7'),
      timestamp: now() + 5001,
    });
    expect(ahead.json().code).toBe('TIMESTAMP_OUTSIDE_WINDOW');

    // only signed-5 placed since: the refusals changed nothing
    expect(await ordersOf(investor.id)).toBe(before + 1);
    const orders = await sys.db
      .selectFrom('orders')
      .select('client_order_id')
      .where('user_id', '=', investor.id)
      .execute();
    expect(orders.map((o) => o.client_order_id).sort()).toEqual(['signed-1', 'signed-5']);
    expect(await sys.fiat(investor.id)).toBe(fiatAfter);
  });

  it('refuses a read-only key placing an order, and takes it for reading', async () => {
    const key = await createKey(investor, { scopes: ['read'] });
    const before = await ordersOf(investor.id);
    const refused = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('read-only'),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'API_KEY_SCOPE_MISSING']);
    expect(await ordersOf(investor.id)).toBe(before);
    const listed = await trading(key, { method: 'GET', url: '/api/v1/orders?limit=5' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
    // its use is recorded off the request's path, once a minute per key and process
    expect((await trading(key, { method: 'GET', url: '/api/v1/trades' })).statusCode).toBe(200);
    const uses = () =>
      sys.db
        .selectFrom('audit_logs')
        .select(['action', 'actor_id', 'ip'])
        .where('target_id', '=', key.id)
        .where('action', '=', 'api_key.used')
        .execute();
    await expect.poll(uses).toHaveLength(1);
    expect((await uses())[0]).toMatchObject({ actor_id: investor.id, ip: '127.0.0.1' });
    const row = await sys.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at?.getTime()).toBe(now());
  });

  it('refuses a request from outside the allow-list', async () => {
    const key = await createKey(investor, {
      scopes: ['read', 'trade'],
      allowed_ips: ['203.0.113.0/24', '2001:db8::/32'],
    });
    const before = await ordersOf(investor.id);
    const outside = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('outside'),
      remoteAddress: '198.51.100.7',
    });
    expect([outside.statusCode, outside.json().code]).toEqual([403, 'API_KEY_IP_NOT_ALLOWED']);
    expect(await ordersOf(investor.id)).toBe(before);
    const inside = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('inside'),
      remoteAddress: '203.0.113.9',
    });
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('checks the client address a gateway proves with the service token, not the gateway’s', async () => {
    const key = await createKey(investor, {
      scopes: ['read', 'trade'],
      allowed_ips: ['203.0.113.0/24'],
    });
    const { serviceToken } = testConfig().auth;
    const call = (clientOrderId: string, proofKey: string) => {
      const { body, headers } = signedHeaders(key, {
        method: 'POST',
        url: '/api/v1/orders',
        body: order(clientOrderId),
        timestamp: now(),
      });
      return sys.trading.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload: body,
        // the gateway's own address is outside the key's allow-list; its client's is inside
        remoteAddress: '127.0.0.1',
        headers: {
          ...headers,
          ...clientAddressHeaders(proofKey, '203.0.113.9', headers['x-tessera-signature']),
        },
      });
    };
    const proven = await call('proven', serviceToken);
    expect(proven.statusCode, proven.body).toBe(200);
    const before = await ordersOf(investor.id);
    const forged = await call('forged', 'not-the-service-token-but-long-enough-0123');
    expect([forged.statusCode, forged.json().code]).toEqual([403, 'API_KEY_IP_NOT_ALLOWED']);
    expect(await ordersOf(investor.id)).toBe(before);
  });

  it('refuses an expired key', async () => {
    const key = await createKey(investor, {
      scopes: ['read'],
      expires_at: new Date(now() + 60_000).toISOString(),
    });
    expect((await trading(key, { method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(200);
    sys.clock.advance(60_000);
    const expired = await trading(key, { method: 'GET', url: '/api/v1/trades' });
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'API_KEY_EXPIRED']);
  });

  it('refuses a key on a withdrawal and on key management', async () => {
    const key = await createKey(investor, { scopes: ['read', 'trade'] });
    const fiat = await sys.fiat(investor.id);
    const withdrawal = await signedCall(platform, key, {
      method: 'POST',
      url: '/api/v1/fiat/withdrawals',
      body: { amount: '10.00' },
      timestamp: now(),
    });
    expect([withdrawal.statusCode, withdrawal.json().code]).toEqual([403, 'API_KEY_NOT_ACCEPTED']);
    const withdrawals = await sys.db
      .selectFrom('fiat_requests')
      .select('id')
      .where('user_id', '=', investor.id)
      .where('kind', '=', 'withdrawal')
      .execute();
    expect(withdrawals).toEqual([]);
    expect(await sys.fiat(investor.id)).toBe(fiat);
    const another = await signedCall(platform, key, {
      method: 'POST',
      url: '/api/v1/me/api-keys',
      body: { label: 'more', scopes: ['trade'] },
      timestamp: now(),
    });
    expect(another.json().code).toBe('API_KEY_NOT_ACCEPTED');
    // the platform's own routes open to keys take it
    const me = await signedCall(platform, key, {
      method: 'GET',
      url: '/api/v1/me',
      timestamp: now(),
    });
    expect(me.json()).toMatchObject({ id: investor.id });
  });

  it('revokes a key: the platform refuses it at once, each trading process at its next poll', async () => {
    const key = await createKey(investor, { scopes: ['read', 'trade'] });
    const address = await sys.trading.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/ws`);
    const timestamp = String(now());
    const forged = await socket.request({
      id: 'a0',
      op: 'auth',
      key: key.access_key,
      timestamp,
      signature: signRequest('not the secret', {
        timestamp,
        method: 'GET',
        pathWithQuery: '/ws',
        body: '',
      }),
    });
    expect(forged).toMatchObject({ type: 'error', data: { code: 'INVALID_SIGNATURE' } });
    const authed = await socket.request({
      id: 'a1',
      op: 'auth',
      key: key.access_key,
      timestamp,
      signature: signRequest(key.secret, {
        timestamp,
        method: 'GET',
        pathWithQuery: '/ws',
        body: '',
      }),
    });
    expect(authed).toMatchObject({ channel: 'auth', type: 'ack', data: { user_id: investor.id } });
    const replayed = await socket.request({
      id: 'a2',
      op: 'auth',
      key: key.access_key,
      timestamp,
      signature: signRequest(key.secret, {
        timestamp,
        method: 'GET',
        pathWithQuery: '/ws',
        body: '',
      }),
    });
    expect(replayed).toMatchObject({ type: 'error', data: { code: 'REPLAYED_REQUEST' } });
    const subscribed = await socket.request({
      id: 's1',
      op: 'subscribe',
      channels: [{ name: 'orders' }],
    });
    expect(subscribed.type).toBe('ack');

    const revoked = await platform.inject({
      method: 'DELETE',
      url: `/api/v1/me/api-keys/${key.id}`,
      headers: { authorization: `Bearer ${investor.token}` },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ revoked_at: string | null }>().revoked_at).not.toBeNull();
    const onPlatform = await signedCall(platform, key, {
      method: 'GET',
      url: '/api/v1/me',
      timestamp: now(),
    });
    expect([onPlatform.statusCode, onPlatform.json().code]).toEqual([401, 'INVALID_API_KEY']);

    // the trading process learns it from its poll, the same one its timer runs each second
    const from = socket.received.length;
    await sys.trading.apiKeys.refresh();
    const before = await ordersOf(investor.id);
    const refused = await trading(key, {
      method: 'POST',
      url: '/api/v1/orders',
      body: order('gone'),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'INVALID_API_KEY']);
    expect(await ordersOf(investor.id)).toBe(before);
    // and the socket signed in with it loses its private channels then
    const ended = await socket.next((m) => m.type === 'error', from);
    expect(ended.data).toMatchObject({ code: 'INVALID_TOKEN' });
    socket.ws.close();
  });

  it('gives staff read-only keys no API takes, and ends the keys of an account that becomes staff', async () => {
    const staff = await sys.user('staff');
    const refused = await platform.inject({
      method: 'POST',
      url: '/api/v1/me/api-keys',
      payload: { label: 'staff bot', scopes: ['read', 'trade'] },
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN_ROLE']);
    // a staff key is a FIX drop copy's credential (docs/fix.md): the API refuses it
    const staffKey = await createKey(staff, { scopes: ['read'] });
    const read = await trading(staffKey, { method: 'GET', url: '/api/v1/orders' });
    expect([read.statusCode, read.json().code]).toEqual([401, 'INVALID_API_KEY']);
    const promoted = await sys.user('investor');
    const key = await createKey(promoted, { scopes: ['read'] });
    expect((await trading(key, { method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(200);
    await sys.db
      .updateTable('users')
      .set({ role: 'staff', account_type: null })
      .where('id', '=', promoted.id)
      .execute();
    await sys.trading.apiKeys.refresh();
    const after = await trading(key, { method: 'GET', url: '/api/v1/admin/trades' });
    expect([after.statusCode, after.json().code]).toEqual([401, 'INVALID_API_KEY']);
  });

  it('refuses malformed key requests with stable codes', async () => {
    const key = await createKey(investor, { scopes: ['read', 'trade'] });
    const before = await ordersOf(investor.id);
    const send = (headers: Record<string, string>, payload = JSON.stringify(order('bad'))) =>
      sys.trading.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const timestamp = String(now());
    const good = signRequest(key.secret, {
      timestamp,
      method: 'POST',
      pathWithQuery: '/api/v1/orders',
      body: JSON.stringify(order('bad')),
    });
    const malformed: Record<string, string>[] = [
      { 'x-tessera-key': '', 'x-tessera-timestamp': timestamp, 'x-tessera-signature': good },
      { 'x-tessera-key': key.access_key, 'x-tessera-timestamp': timestamp },
      {
        'x-tessera-key': key.access_key,
        'x-tessera-timestamp': 'now',
        'x-tessera-signature': good,
      },
      {
        'x-tessera-key': key.access_key,
        'x-tessera-timestamp': timestamp,
        'x-tessera-signature': 'zz',
      },
      {
        'x-tessera-key': key.access_key,
        'x-tessera-timestamp': timestamp,
        'x-tessera-signature': good,
        authorization: `Bearer ${investor.token}`,
      },
    ];
    const codes = await Promise.all(
      malformed.map(async (headers) => (await send(headers)).json<{ code: string }>().code),
    );
    expect(codes).toEqual([
      'INVALID_API_KEY',
      'INVALID_SIGNATURE',
      'TIMESTAMP_OUTSIDE_WINDOW',
      'INVALID_SIGNATURE',
      'UNAUTHENTICATED',
    ]);
    // a body over the limit is refused while it is read, before any signature is computed
    const large = await send(
      {
        'x-tessera-key': key.access_key,
        'x-tessera-timestamp': timestamp,
        'x-tessera-signature': good,
      },
      `"${'x'.repeat(1_100_000)}"`,
    );
    expect([large.statusCode, large.json().code]).toEqual([400, 'BODY_TOO_LARGE']);
    expect(await ordersOf(investor.id)).toBe(before);
  });

  it('refuses bad input to key creation with stable codes', async () => {
    const create = (body: Record<string, unknown>) =>
      platform.inject({
        method: 'POST',
        url: '/api/v1/me/api-keys',
        payload: { label: 'x', scopes: ['read'], ...body },
        headers: { authorization: `Bearer ${investor.token}` },
      });
    expect((await create({ allowed_ips: ['10.0.0.0/33'] })).json().code).toBe(
      'INVALID_IP_ALLOW_LIST',
    );
    expect((await create({ allowed_ips: ['example.com'] })).json().code).toBe(
      'INVALID_IP_ALLOW_LIST',
    );
    expect((await create({ expires_at: new Date(now() - 1000).toISOString() })).json().code).toBe(
      'INVALID_API_KEY_EXPIRY',
    );
    expect((await create({ scopes: ['withdraw'] })).json().code).toBe('VALIDATION_FAILED');
    expect((await create({ scopes: [] })).json().code).toBe('VALIDATION_FAILED');
  });
});

describe('routes open to API keys', () => {
  const marked = {
    platform: ['GET /api/v1/fiat/ledger read', 'GET /api/v1/me read', 'GET /api/v1/portfolio read'],
    trading: [
      'DELETE /api/v1/orders trade',
      'DELETE /api/v1/orders/{id} trade',
      'DELETE /api/v1/otc-orders/{id} trade',
      'GET /api/v1/orders read',
      'GET /api/v1/orders/{id} read',
      'GET /api/v1/otc-orders read',
      'GET /api/v1/otc-orders/{id} read',
      'GET /api/v1/trades read',
      'PATCH /api/v1/orders/{id} trade',
      'POST /api/v1/orders trade',
    ],
  };
  /** Key refusals: the guard's answers to a key on a route. */
  const keyRefusals = [
    'UNAUTHENTICATED',
    'INVALID_API_KEY',
    'INVALID_SIGNATURE',
    'REPLAYED_REQUEST',
    'API_KEY_NOT_ACCEPTED',
    'API_KEY_SCOPE_MISSING',
    'FORBIDDEN_ROLE',
  ];

  type Operation = { security?: Record<string, string[]>[] };

  it.each(['platform', 'trading'] as const)(
    'on the %s: a route takes a key exactly when its OpenAPI security names the key',
    async (name) => {
      const app = name === 'platform' ? platform : sys.trading.app;
      // a user of its own: the sweep cancels its orders and reads its accounts
      const owner = await sys.funded(tokenId);
      const key = await createKey(owner, { scopes: ['read', 'trade'] });
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
        paths: Record<string, Record<string, Operation>>;
      }>();
      const open: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const security = operation.security ?? [];
          if (!security.some((scheme) => 'bearer' in scheme)) continue;
          const scope = security.find((scheme) => 'apiKey' in scheme)?.apiKey?.[0];
          const verb = method.toUpperCase() as SignedCall['method'];
          const response = await signedCall(app, key, {
            method: verb,
            url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
            ...(['POST', 'PUT', 'PATCH'].includes(verb) ? { body: {} } : {}),
            timestamp: now(),
          });
          const code = String(response.headers['content-type']).includes('json')
            ? response.json<{ code?: string }>().code
            : undefined;
          const route = `${verb} ${path}`;
          if (scope === undefined) {
            expect([route, code]).toEqual([route, 'API_KEY_NOT_ACCEPTED']);
          } else {
            open.push(`${route} ${scope}`);
            expect([route, keyRefusals.includes(code ?? '')]).toEqual([route, false]);
          }
        }
      }
      expect(open.sort()).toEqual(marked[name]);
    },
  );

  it('limits the requests of one key per minute', async () => {
    const key = await createKey(investor, { scopes: ['read'] });
    // a platform that loads the key at its start
    const limited = await buildPlatformApp({
      config: testConfig({ DATABASE_URL: sys.databaseUrl, API_KEY_RATE_LIMIT_PER_MINUTE: '2' }),
      db: sys.db,
      logger: createLogger('test', 'silent'),
      clock: sys.clock,
      apiKeyPollMs: 0,
    });
    try {
      const me = () =>
        signedCall(limited, key, { method: 'GET', url: '/api/v1/me', timestamp: now() });
      expect((await me()).statusCode).toBe(200);
      sys.clock.advance(1);
      expect((await me()).statusCode).toBe(200);
      sys.clock.advance(1);
      const third = await me();
      expect([third.statusCode, third.json().code]).toEqual([429, 'API_KEY_RATE_LIMITED']);
    } finally {
      await limited.close();
    }
  });
});

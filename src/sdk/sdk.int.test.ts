/**
 * The typed SDK: its generated types are the ones the routes give now (a route changed without
 * `npm run sdk:generate` fails here), and a program using it signs in with an API key, places an
 * order and cancels it on a running platform and trading process.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDir, sdkSources } from '../../scripts/sdk-sources.js';
import { createLogger } from '../lib/logger.js';
import type { HttpApp } from '../lib/http/app.js';
import { buildPlatformApp } from '../platform/app.js';
import { testConfig } from '../../test/support/config.js';
import { createTestDatabase } from '../../test/support/database.js';
import { startTestTrading, type TestTrading } from '../../test/support/trading.js';
import { tessera } from './index.js';

let sys: TestTrading;
let platform: HttpApp;
let platformUrl: string;
let tradingUrl: string;

beforeAll(async () => {
  sys = await startTestTrading();
  // the key's signatures are checked against the real time
  sys.clock.now = () => new Date();
  tradingUrl = await sys.trading.app.listen({ host: '127.0.0.1', port: 0 });
  platform = await buildPlatformApp({
    config: testConfig({ DATABASE_URL: sys.databaseUrl }),
    db: sys.db,
    logger: createLogger('test', 'silent'),
    clock: sys.clock,
    apiKeyPollMs: 0,
  });
  platformUrl = await platform.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await sys?.close();
});

describe('the typed SDK', () => {
  it('is generated from the routes as they are', async () => {
    const test = await createTestDatabase();
    try {
      const sources = await sdkSources(testConfig({ DATABASE_URL: test.url }), test.db);
      expect([...sources.keys()].sort()).toEqual(
        (await fs.readdir(generatedDir)).filter((file) => file.endsWith('.ts')).sort(),
      );
      for (const [file, contents] of sources) {
        const current = await fs.readFile(path.join(generatedDir, file), 'utf8');
        // a difference here: a route changed; run `npm run sdk:generate`
        expect(current === contents, `src/sdk/generated/${file} is current`).toBe(true);
      }
    } finally {
      await test.drop();
    }
  }, 120_000);

  it('signs in with an API key, places an order and cancels it', async () => {
    const token = await sys.token();
    const investor = await sys.funded(token.id);
    const signedIn = tessera({
      platformUrl,
      tradingUrl,
      credentials: { accessToken: investor.token },
    });
    const created = await signedIn.platform.POST('/api/v1/me/api-keys', {
      body: { label: 'sdk', scopes: ['read', 'trade'] },
    });
    expect(created.response.status).toBe(201);
    const key = created.data!;
    await sys.trading.apiKeys.refresh();

    const program = tessera({
      platformUrl,
      tradingUrl,
      credentials: { accessKey: key.access_key, secret: key.secret },
    });
    const placed = await program.trading.POST('/api/v1/orders', {
      body: {
        token_id: token.id,
        side: 'buy',
        order_type: 'limit',
        quantity: 3,
        price: '9.00',
        client_order_id: 'sdk-1',
      },
    });
    expect(placed.response.status, JSON.stringify(placed.error)).toBe(200);
    // 200 an order on the book (201 would be an OTC order)
    const data = placed.data;
    if (!data || !('order' in data)) throw new Error('not an order on the book');
    const order = data.order;
    expect(order).toMatchObject({ status: 'open', quantity: 3, price: '9.00' });

    const cancelled = await program.trading.DELETE('/api/v1/orders/{id}', {
      params: { path: { id: order.id } },
    });
    expect(cancelled.response.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.data).toMatchObject({ id: order.id, status: 'cancelled' });

    // a key without the secret's signature is refused, with Tessera's code
    const forged = tessera({
      platformUrl,
      tradingUrl,
      credentials: { accessKey: key.access_key, secret: 'not-the-secret' },
    });
    const refused = await forged.trading.GET('/api/v1/orders');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });
});

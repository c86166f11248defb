/**
 * The typed SDK: its generated types are the ones the four processes' routes give now (a route
 * changed without `npm run sdk:generate` fails here); a program using it signs in with an API key,
 * places an order and cancels it on a running platform and trading process; the README's first
 * order runs as written; the chain and provider sandbox clients carry their own credentials.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDir, sdkSources } from '../../scripts/sdk-sources.js';
import { investors, startChainFixture, type ChainFixture } from '../chain/testing/chain-fixture.js';
import { newId } from '../lib/ids.js';
import { createLogger } from '../lib/logger.js';
import type { HttpApp } from '../lib/http/app.js';
import { buildPlatformApp } from '../platform/app.js';
import { startSandbox, type RunningSandbox } from '../provider-sandbox/test-harness.js';
import { testConfig } from '../../test/support/config.js';
import { createTestDatabase } from '../../test/support/database.js';
import { startTestTrading, type TestTrading } from '../../test/support/trading.js';
import { tessera } from './index.js';

const repository = path.join(import.meta.dirname, '..', '..');

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

/** A funded investor's API key (read, trade), made with their bearer token as a program would. */
async function apiKeyOf(investorToken: string) {
  const signedIn = tessera({
    platformUrl,
    tradingUrl,
    credentials: { accessToken: investorToken },
  });
  const created = await signedIn.platform.POST('/api/v1/me/api-keys', {
    body: { label: 'sdk', scopes: ['read', 'trade'] },
  });
  expect(created.response.status).toBe(201);
  await sys.trading.apiKeys.refresh();
  return created.data!;
}

/** The README's code block that follows `<!-- first-order -->`, exactly as written. */
async function readmeFirstOrder(): Promise<string> {
  const readme = await fs.readFile(path.join(repository, 'README.md'), 'utf8');
  const block = /<!-- first-order -->\s*```ts\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ts block after <!-- first-order -->');
  return block[1]!;
}

/** The compiler's errors in `file` under the repository's tsconfig.json (what a reader's editor says). */
function typeErrors(file: string): string[] {
  const configPath = path.join(repository, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, (name) => ts.sys.readFile(name));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repository);
  const program = ts.createProgram([file], options);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the typed SDK', () => {
  it('is generated from the routes of the four processes as they are', async () => {
    const test = await createTestDatabase();
    try {
      const sources = await sdkSources(test.url, test.db);
      expect([...sources.keys()].sort()).toEqual(
        (await fs.readdir(generatedDir)).filter((file) => file.endsWith('.ts')).sort(),
      );
      expect([...sources.keys()].sort()).toEqual([
        'chain.ts',
        'platform.ts',
        'provider-sandbox.ts',
        'trading.ts',
      ]);
      for (const [file, contents] of sources) {
        const current = await fs.readFile(path.join(generatedDir, file), 'utf8');
        // a difference here: a route changed; run `npm run sdk:generate`
        expect(current === contents, `src/sdk/generated/${file} is current`).toBe(true);
      }
    } finally {
      await test.drop();
    }
  }, 180_000);

  it('signs in with an API key, places an order and cancels it', async () => {
    const token = await sys.token();
    const investor = await sys.funded(token.id);
    const key = await apiKeyOf(investor.token);

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

  it("runs the README's first order as written: the order is on the book, read back", async () => {
    const token = await sys.token();
    const investor = await sys.funded(token.id);
    const key = await apiKeyOf(investor.token);
    // beside README.md, so its import of ./src/sdk/index.js resolves as it does for a reader
    const program = path.join(repository, `readme-first-order-${newId()}.ts`);
    await fs.writeFile(program, await readmeFirstOrder());
    try {
      // the block is what the compiler accepts: a renamed field or route fails here
      expect(typeErrors(program)).toEqual([]);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', program], {
        cwd: repository,
        env: {
          ...process.env,
          TESSERA_PLATFORM_URL: platformUrl,
          TESSERA_TRADING_URL: tradingUrl,
          TESSERA_KEY: key.access_key,
          TESSERA_SECRET: key.secret,
          TESSERA_TOKEN_ID: token.id,
        },
      });
      expect(stdout.trim()).toBe('open 3');
    } finally {
      await fs.rm(program, { force: true });
    }
    const orders = await tessera({
      platformUrl,
      tradingUrl,
      credentials: { accessToken: investor.token },
    }).trading.GET('/api/v1/orders');
    expect(orders.data?.data).toMatchObject([
      { token_id: token.id, side: 'buy', quantity: 3, price: '9.00', status: 'open' },
    ]);
  }, 120_000);
});

describe('the chain and provider sandbox clients', () => {
  let chain: ChainFixture;
  let chainUrl: string;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    chain = await startChainFixture({ testConfig, createTestDatabase });
    chainUrl = await chain.app.listen({ host: '127.0.0.1', port: 0 });
    sandbox = await startSandbox(testConfig());
  }, 120_000);

  afterAll(async () => {
    await sandbox?.stop();
    await chain?.stop();
  });

  it('the chain client sends the service token; without it the chain process refuses', async () => {
    const wallet = investors[0]!;
    const service = tessera({
      platformUrl,
      tradingUrl,
      chainUrl,
      serviceToken: chain.config.auth.serviceToken,
    });
    const identity = await service.chain.GET('/api/v1/identities/{wallet_addr}', {
      params: { path: { wallet_addr: wallet } },
    });
    expect(identity.response.status, JSON.stringify(identity.error)).toBe(200);
    expect(identity.data).toMatchObject({ wallet_addr: wallet });

    const anonymous = tessera({ platformUrl, tradingUrl, chainUrl });
    const refused = await anonymous.chain.GET('/api/v1/identities/{wallet_addr}', {
      params: { path: { wallet_addr: wallet } },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'INVALID_SERVICE_CREDENTIAL' });
  });

  it('the provider client signs with the app token and secret key, refused with another key', async () => {
    const { appToken, secretKey } = sandbox.config.provider;
    const provider = tessera({
      platformUrl,
      tradingUrl,
      providerUrl: sandbox.url,
      providerCredentials: { appToken, secretKey },
    }).provider;
    const externalUserId = `sdk-${newId()}`;
    const created = await provider.POST('/resources/applicants', {
      params: { query: { levelName: sandbox.config.provider.levels.individualKyc } },
      body: { externalUserId, type: 'individual' },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const status = await provider.GET('/resources/applicants/{id}/status', {
      params: { path: { id: created.data!.id } },
    });
    expect(status.data).toMatchObject({ reviewStatus: 'init' });

    const forged = tessera({
      platformUrl,
      tradingUrl,
      providerUrl: sandbox.url,
      providerCredentials: { appToken, secretKey: 'not-the-secret-key' },
    }).provider;
    const refused = await forged.GET('/resources/applicants/{id}/status', {
      params: { path: { id: created.data!.id } },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 401, errorCode: 4003 });
  });
});

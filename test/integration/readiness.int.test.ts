/**
 * /readyz tells the truth about each dependency (issue 32, item 4): the chain process reports its
 * database and node, the platform and trading processes their database, the chain service and
 * the node behind it; an outage of the node or the chain service answers `degraded` (200, the
 * process still serves), a database out answers 503; no answer names a URL or carries an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainClientFor } from '../../src/lib/chain-client.js';
import { createDb } from '../../src/lib/db/database.js';
import { startEmbeddedAnvil, type EmbeddedAnvil } from '../../src/lib/embedded/anvil.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import type { HttpApp } from '../../src/lib/http/app.js';
import { createLogger } from '../../src/lib/logger.js';
import type { RunningProcess } from '../../src/lib/process.js';
import { startChain } from '../../src/chain/main.js';
import { chainTestConfig } from '../../src/chain/testing/chain-fixture.js';
import { buildPlatformApp } from '../../src/platform/app.js';
import { buildTradingApp } from '../../src/trading/app.js';
import { testConfig } from '../support/config.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const logger = createLogger('readiness-test', 'silent');
let anvil: EmbeddedAnvil;
let database: TestDatabase;
let chain: RunningProcess;
let chainStopped = false;
let platform: HttpApp;
let trading: HttpApp;

beforeAll(async () => {
  anvil = await startEmbeddedAnvil({ port: await freePort() });
  database = await createTestDatabase();
  const config = chainTestConfig(testConfig, anvil.rpcUrl, database.url, {
    CHAIN_PORT: String(await freePort()),
  });
  chain = await startChain(config, logger);
  platform = await buildPlatformApp({ config, db: database.db, logger });
  trading = (await buildTradingApp({ config, db: database.db, logger, tickMs: 0, heartbeatMs: 0 }))
    .app;
});
afterAll(async () => {
  await platform?.close();
  await trading?.close();
  if (!chainStopped) await chain?.stop();
  await anvil?.stop();
  await database?.drop();
});

async function readyz(app: HttpApp) {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json(), text: response.body };
}

async function chainReadyz() {
  const response = await fetch(`${chain.url}/readyz`);
  return { status: response.status, body: await response.json(), text: '' };
}

/** nothing of the set-up in an unauthenticated answer: no URL, host, port or message */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/http:|127\.0\.0\.1|localhost|postgres:|error|ECONN|jsonrpc/i);
  expect(text).not.toContain(String(new URL(anvil.rpcUrl).port));
}

describe('/readyz', () => {
  it('reports every dependency ok while all are up', async () => {
    expect(await chainReadyz()).toMatchObject({
      status: 200,
      body: { status: 'ready', service: 'chain', checks: { database: 'ok', node: 'ok' } },
    });
    for (const [app, service] of [
      [platform, 'platform'],
      [trading, 'trading'],
    ] as const) {
      expect(await readyz(app)).toMatchObject({
        status: 200,
        body: { status: 'ready', service, checks: { database: 'ok', chain: 'ok', node: 'ok' } },
      });
    }
  });

  it('answers 503 from a process whose database is down, naming nothing', async () => {
    const config = testConfig({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' });
    const db = createDb(config.database.url, 1);
    const app = await buildPlatformApp({
      config,
      db,
      logger,
      chain: chainClientFor(testConfig({ CHAIN_PORT: '1' })),
    });
    try {
      const answer = await readyz(app);
      expect(answer).toMatchObject({
        status: 503,
        body: { status: 'not_ready', checks: { database: 'down', chain: 'down', node: 'down' } },
      });
      expectNoInternals(answer.text);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('reports the node down through the chain service when anvil stops', async () => {
    await anvil.stop();
    const fromChain = await fetch(`${chain.url}/readyz`);
    const text = await fromChain.text();
    expect(fromChain.status).toBe(503);
    expect(JSON.parse(text)).toEqual({
      status: 'not_ready',
      service: 'chain',
      checks: { database: 'ok', node: 'down' },
    });
    expectNoInternals(text);
    for (const app of [platform, trading]) {
      const answer = await readyz(app);
      expect(answer).toMatchObject({
        status: 200,
        body: { status: 'degraded', checks: { database: 'ok', chain: 'ok', node: 'down' } },
      });
      expectNoInternals(answer.text);
    }
  });

  it('reports the chain service down when it stops', async () => {
    await chain.stop();
    chainStopped = true;
    for (const app of [platform, trading]) {
      const answer = await readyz(app);
      expect(answer).toMatchObject({
        status: 200,
        body: { status: 'degraded', checks: { database: 'ok', chain: 'down', node: 'down' } },
      });
      expectNoInternals(answer.text);
    }
  });
});

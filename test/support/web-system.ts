/**
 * The web client over the whole running system, for browser journeys that need the chain and the
 * workers (minting, dividends) or the trading process: `tessera start` in a child process (see
 * system.ts), and the client built from today's code served by a platform app in the test
 * process. That app shares the system's database, secrets and process addresses, so the browser
 * talks to one platform while the system's workers do the background work; the trading process
 * admits the app's origin through CORS_ORIGINS.
 */
import fs from 'node:fs/promises';
import { createDb } from '../../src/lib/db/database.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildPlatformApp } from '../../src/platform/app.js';
import { testConfig, testEnv } from './config.js';
import type { flows } from './e2e-flows.js';
import { startE2eSystem } from './e2e-system.js';
import type { RunningSystem } from './system.js';
import { buildWebClient } from './web.js';

export { systemAdminEmail } from './e2e-system.js';

export interface WebSystem {
  /** where the browser goes: the platform app serving the client */
  url: string;
  system: RunningSystem;
  flow: ReturnType<typeof flows>;
  close(): Promise<void>;
}

/** What the system embeds or sets itself: left out of testEnv's secrets and limits. */
const systemOwn = new Set(['DATABASE_URL', 'CHAIN_RPC_URL', 'CHAIN_SIGNER_KEY', 'LOG_LEVEL']);

const sharedEnv = () =>
  Object.fromEntries(Object.entries(testEnv()).filter(([key]) => !systemOwn.has(key)));

export async function startWebSystem(): Promise<WebSystem> {
  const webPort = await freePort();
  const origin = `http://127.0.0.1:${webPort}`;
  const [webDir, e2e] = await Promise.all([
    buildWebClient(),
    startE2eSystem({ ...sharedEnv(), CORS_ORIGINS: origin }),
  ]);
  const db = createDb(await e2e.databaseUrl(), 4);
  const app = await buildPlatformApp({
    // The database is the one above; the URL is only for the parser.
    config: testConfig({
      ...e2e.env,
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      CHAIN_RPC_URL: `http://127.0.0.1:${e2e.ports.anvil}`,
      LOG_LEVEL: 'silent',
    }),
    db,
    logger: createLogger('test', 'silent'),
    webDir,
  });
  await app.listen({ host: '127.0.0.1', port: webPort });
  return {
    url: origin,
    system: e2e.system,
    flow: e2e.flow,
    async close() {
      await app.close();
      await db.destroy();
      await e2e.stop();
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}

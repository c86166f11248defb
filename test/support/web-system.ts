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
import { e2ePassword, embeddedDatabaseUrl, flows } from './e2e-flows.js';
import { newDataDir, startSystem, systemEnv, systemPorts, type RunningSystem } from './system.js';
import { buildWebClient } from './web.js';

export const systemAdminEmail = 'root@example.com';

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
  const [dataDir, ports, webPort] = await Promise.all([newDataDir(), systemPorts(), freePort()]);
  const origin = `http://127.0.0.1:${webPort}`;
  const env = systemEnv(dataDir, ports, {
    ...sharedEnv(),
    TESSERA_ADMIN_EMAIL: systemAdminEmail,
    TESSERA_ADMIN_PASSWORD: e2ePassword,
    WORKER_IDLE_MS: '50',
    CORS_ORIGINS: origin,
  });
  const [webDir, system] = await Promise.all([buildWebClient(), startSystem(env)]);
  const db = createDb(await embeddedDatabaseUrl(dataDir, ports.postgres), 4);
  const app = await buildPlatformApp({
    // The database is the one above; the URL is only for the parser.
    config: testConfig({
      ...env,
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      CHAIN_RPC_URL: `http://127.0.0.1:${ports.anvil}`,
      LOG_LEVEL: 'silent',
    }),
    db,
    logger: createLogger('test', 'silent'),
    webDir,
  });
  await app.listen({ host: '127.0.0.1', port: webPort });
  return {
    url: origin,
    system,
    flow: flows(system),
    async close() {
      await app.close();
      await db.destroy();
      await system.stop();
      await fs.rm(webDir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

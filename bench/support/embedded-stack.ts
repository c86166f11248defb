/**
 * The benchmarks' set-up, in one place: a migrated embedded PostgreSQL in a temporary folder and,
 * for the chain benchmarks, an embedded anvil with the real chain process (infrastructure
 * bootstrap, HTTP, service token, gas records) in front of it, reached through the same
 * ChainClient the platform and trading processes use. `stop` undoes all of it.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildChainApp } from '../../src/chain/app.js';
import { openChainServices } from '../../src/chain/chain-services.js';
import { ChainClient } from '../../src/lib/chain-client.js';
import type { Config } from '../../src/lib/config.js';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { migrateToLatest } from '../../src/lib/db/migrate.js';
import { anvilDevSignerKey, startEmbeddedAnvil } from '../../src/lib/embedded/anvil.js';
import { startEmbeddedPostgres } from '../../src/lib/embedded/postgres.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { listen } from '../../src/lib/http/app.js';
import { createLogger, type Logger } from '../../src/lib/logger.js';
import { testConfig } from '../../test/support/config.js';

export interface BenchDatabase {
  db: Db;
  url: string;
  /** PostgreSQL's data folder */
  dataDir: string;
  logger: Logger;
  stop(): Promise<void>;
}

/** A migrated database of its own; `poolSize` connections. */
export async function startBenchDatabase(name: string, poolSize: number): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `tessera-bench-${name}-`));
  // PostgreSQL may run as another user (when started as root): it must reach its data folder.
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'pg');
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    password: 'bench',
    database: 'tessera',
  });
  const db = createDb(pg.url, poolSize);
  const stop = async () => {
    await db.destroy();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await stop();
    throw error;
  }
  return { db, url: pg.url, dataDir, logger: createLogger(`bench-${name}`, 'silent'), stop };
}

export interface BenchChain extends BenchDatabase {
  config: Config;
  /** the chain process's client, as the other processes hold it */
  chain: ChainClient;
  /** anvil's JSON-RPC URL and process id */
  rpcUrl: string;
  anvilPid: number;
  /** how long the chain process's start took (the one-time infrastructure deployment) */
  bootstrapMs: number;
}

export async function startBenchChain(name: string): Promise<BenchChain> {
  const base = await startBenchDatabase(name, 20);
  const anvil = await startEmbeddedAnvil({ port: await freePort() });
  const serviceToken = 'bench-service-token-0123456789abcdef';
  // The test configuration parser sets every required variable; the chain ones are ours.
  const config = testConfig({
    DATABASE_URL: base.url,
    CHAIN_RPC_URL: anvil.rpcUrl,
    CHAIN_SIGNER_KEY: anvilDevSignerKey,
    SERVICE_TOKEN: serviceToken,
  });
  let close = async () => {};
  const stop = async () => {
    await close();
    await anvil.stop();
    await base.stop();
  };
  try {
    const started = performance.now();
    const services = await openChainServices(config, base.db, base.logger);
    const bootstrapMs = performance.now() - started;
    const app = await buildChainApp({ config, services, logger: base.logger });
    close = () => app.close();
    const url = await listen(app, '127.0.0.1', await freePort());
    const chain = new ChainClient({ baseUrl: url, serviceToken });
    return {
      ...base,
      config,
      chain,
      rpcUrl: anvil.rpcUrl,
      anvilPid: anvil.pid,
      bootstrapMs,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

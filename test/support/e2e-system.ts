/**
 * The whole system as the end-to-end tests start it: `tessera start` on a data folder and ports
 * of its own, with a seeded admin and the workers polling fast, plus the HTTP flows over it and
 * the admin's access token.
 */
import fs from 'node:fs/promises';
import { e2ePassword, embeddedDatabaseUrl, flows } from './e2e-flows.js';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
  type SystemPorts,
} from './system.js';

export const systemAdminEmail = 'root@example.com';

export interface E2eSystem {
  dataDir: string;
  ports: SystemPorts;
  /** the environment the system was started with */
  env: Record<string, string>;
  system: RunningSystem;
  flow: ReturnType<typeof flows>;
  /** the seeded admin's access token */
  admin: string;
  databaseUrl(): Promise<string>;
  stop(): Promise<void>;
}

export async function startE2eSystem(extraEnv: Record<string, string> = {}): Promise<E2eSystem> {
  const [dataDir, ports] = await Promise.all([newDataDir(), systemPorts()]);
  const env = systemEnv(dataDir, ports, {
    TESSERA_ADMIN_EMAIL: systemAdminEmail,
    TESSERA_ADMIN_PASSWORD: e2ePassword,
    // a job written ready wakes its worker at once; the poll serves the date-driven ones
    // (dividends, meetings, notices): 200 ms keeps them quick at half the idle CPU of 50
    // (bench/start/idle.ts: 0.30 of a core against 0.59, each system running)
    WORKER_IDLE_MS: '200',
    ...extraEnv,
  });
  const system = await startSystem(env);
  const stop = async () => {
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const flow = flows(system);
  const admin = await flow.login(systemAdminEmail).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    dataDir,
    ports,
    env,
    system,
    flow,
    admin,
    databaseUrl: () => embeddedDatabaseUrl(dataDir, ports.postgres),
    stop,
  };
}

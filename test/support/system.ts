/**
 * Starts the real system as a user would (`tessera start`, the command behind `npm start`) in a
 * child process: its own data folder and free ports, embedded PostgreSQL and anvil included.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/lib/embedded/ports.js';

export interface SystemPorts {
  platform: number;
  trading: number;
  chain: number;
  providerSandbox: number;
  postgres: number;
  anvil: number;
}

export interface RunningSystem {
  child: ChildProcess;
  output: () => string;
  urls: { platform: string; trading: string; chain: string; providerSandbox: string };
  /** Sends the signal and resolves with the exit code once the launcher has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export async function systemPorts(): Promise<SystemPorts> {
  return {
    platform: await freePort(),
    trading: await freePort(),
    chain: await freePort(),
    providerSandbox: await freePort(),
    postgres: await freePort(),
    anvil: await freePort(),
  };
}

export async function newDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-'));
  await fs.chmod(dir, 0o755);
  return dir;
}

export function systemEnv(
  dataDir: string,
  ports: SystemPorts,
  extra: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The system under test gets its own embedded parts, never the outer run's.
    if (
      value !== undefined &&
      ![
        'DATABASE_URL',
        'CHAIN_RPC_URL',
        'CHAIN_SIGNER_KEY',
        'JWT_SECRET',
        'SERVICE_TOKEN',
      ].includes(key)
    ) {
      env[key] = value;
    }
  }
  return {
    ...env,
    TESSERA_DATA_DIR: path.join(dataDir, 'data'),
    PLATFORM_PORT: String(ports.platform),
    TRADING_PORT: String(ports.trading),
    CHAIN_PORT: String(ports.chain),
    PROVIDER_SANDBOX_PORT: String(ports.providerSandbox),
    EMBEDDED_POSTGRES_PORT: String(ports.postgres),
    ANVIL_PORT: String(ports.anvil),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Runs `tessera start`; resolves once it prints that it is running, or rejects with its output. */
export async function startSystem(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<RunningSystem> {
  const child = spawn(process.execPath, ['bin/tessera.js', 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const host = env.HOST ?? '127.0.0.1';
  const system: RunningSystem = {
    child,
    output: () => output,
    urls: {
      platform: `http://${host}:${env.PLATFORM_PORT}`,
      trading: `http://${host}:${env.TRADING_PORT}`,
      chain: `http://${host}:${env.CHAIN_PORT}`,
      providerSandbox: `http://${host}:${env.PROVIDER_SANDBOX_PORT}`,
    },
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null)
      throw new Error(`tessera start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await system.stop();
      throw new Error(`tessera start not ready after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return system;
}

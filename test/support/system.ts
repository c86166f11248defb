/**
 * Starts the real system as a user would (`tessera start`, the command behind `npm start`) in a
 * child process: its own data folder and free ports, embedded PostgreSQL and anvil included.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree, freePort } from '../../src/lib/embedded/ports.js';

export interface SystemPorts {
  platform: number;
  trading: number;
  chain: number;
  providerSandbox: number;
  fix: number;
  postgres: number;
  anvil: number;
}

export interface RunningSystem {
  child: ChildProcess;
  output: () => string;
  urls: { platform: string; trading: string; chain: string; providerSandbox: string };
  /** the page of the mail sink every email lands in (src/lib/embedded/mail-sink.ts) */
  mailUrl(): string;
  /** Sends the signal and resolves with the exit code once the launcher has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/**
 * A free port whose next `count - 1` ports are free too: the trading nodes of a
 * `TRADING_NODES=count` start take the ports from TRADING_PORT up.
 */
async function freePortRun(count: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    const rest = Array.from({ length: count - 1 }, (_, i) => first + 1 + i);
    const free = await Promise.all(
      rest.map((port) =>
        assertPortFree('127.0.0.1', port, 'trading node').then(
          () => true,
          () => false,
        ),
      ),
    );
    if (first + count <= 65_535 && free.every(Boolean)) return first;
  }
}

export async function systemPorts(): Promise<SystemPorts> {
  // room for a local cluster of three trading nodes, which no other process's port takes
  const trading = await freePortRun(3);
  const other = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (port < trading || port > trading + 2) return port;
    }
  };
  return {
    platform: await other(),
    trading,
    chain: await other(),
    providerSandbox: await other(),
    fix: await other(),
    postgres: await other(),
    anvil: await other(),
  };
}

export async function newDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-'));
  await fs.chmod(dir, 0o755);
  return dir;
}

/**
 * What the system under test inherits from the outer environment: only what finding programs and
 * a home folder needs. Everything else (TESSERA_*, DATABASE_URL, ports, secrets, npm's own
 * variables) is the test's to set, so a developer's or CI's settings cannot change the outcome.
 */
const inherited = ['PATH', 'HOME', 'USER', 'LOGNAME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];

export function systemEnv(
  dataDir: string,
  ports: SystemPorts,
  extra: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of inherited) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return {
    ...env,
    // a staff session's step-up outlasts a long run (the window is tested on its own)
    STEP_UP_MAX_AGE_SECONDS: '3600',
    TESSERA_DATA_DIR: path.join(dataDir, 'data'),
    PLATFORM_PORT: String(ports.platform),
    TRADING_PORT: String(ports.trading),
    CHAIN_PORT: String(ports.chain),
    PROVIDER_SANDBOX_PORT: String(ports.providerSandbox),
    FIX_PORT: String(ports.fix),
    EMBEDDED_POSTGRES_PORT: String(ports.postgres),
    ANVIL_PORT: String(ports.anvil),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A `tessera start` run as a child of the test. */
export interface Launched {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the output contains `text`; rejects if the command exits first. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs `tessera start`: `node bin/tessera.js start`, or `npm start` as a user types it (npm in a
 * process group of its own, as a terminal runs a command, so a Ctrl-C is a SIGINT to the group).
 */
export function launch(env: Record<string, string>, via: 'node' | 'npm' = 'node'): Launched {
  const child =
    via === 'npm'
      ? spawn('npm', ['start'], {
          cwd: repoRoot,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        })
      : spawn(process.execPath, ['bin/tessera.js', 'start'], {
          cwd: repoRoot,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const check of waiters) check();
    }),
  );
  const waitFor = (text: string | RegExp, timeoutMs = 180_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${String(text)} after ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const check = () => {
        const found = typeof text === 'string' ? output.includes(text) : text.test(output);
        if (!found && child.exitCode === null && child.signalCode === null) return;
        clearTimeout(timer);
        waiters.delete(check);
        if (found) resolve();
        else
          reject(
            new Error(
              `tessera start exited (${child.exitCode}) before ${String(text)}:\n${output}`,
            ),
          );
      };
      waiters.add(check);
      check();
    });
  return { child, output: () => output, waitFor, exited };
}

/** Runs `tessera start`; resolves once it prints that it is running, or rejects with its output. */
export async function startSystem(
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<RunningSystem> {
  const launched = launch(env);
  const { child } = launched;
  const exited = launched.exited.then(({ code }) => code);
  const host = env.HOST ?? '127.0.0.1';
  const system: RunningSystem = {
    child,
    output: launched.output,
    urls: {
      platform: `http://${host}:${env.PLATFORM_PORT}`,
      trading: `http://${host}:${env.TRADING_PORT}`,
      chain: `http://${host}:${env.CHAIN_PORT}`,
      providerSandbox: `http://${host}:${env.PROVIDER_SANDBOX_PORT}`,
    },
    mailUrl: () => {
      const url = mailSinkUrl(launched.output());
      if (!url) throw new Error('tessera start printed no mail line (SMTP_URL given?)');
      return url;
    },
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  try {
    await launched.waitFor('Press Ctrl-C to stop.', timeoutMs);
  } catch (error) {
    await system.stop();
    throw error;
  }
  return system;
}

/** The mail sink's page a start on embedded defaults prints. */
export function mailSinkUrl(output: string): string | undefined {
  return /^ {2}mail\s+(http:\S+) \(every email sent lands here\)/m.exec(output)?.[1];
}

/** The trading nodes a `TRADING_NODES` start lists in its banner: label and URL, in order. */
export function tradingNodeUrls(output: string): Map<string, string> {
  return new Map(
    [...output.matchAll(/^ {2}(trading-\d+)\s+(http:\S+)/gm)].map(([, label, url]) => [
      label!,
      url!,
    ]),
  );
}

/** A process of a system under test, found by the data folder in its environment. */
export interface SystemProcess {
  pid: number;
  command: string;
}

/**
 * Every process whose environment names this data folder: npm, the launcher, the four processes,
 * PostgreSQL (and its backends) and anvil all inherit TESSERA_DATA_DIR.
 */
export async function processesOf(env: Record<string, string>): Promise<SystemProcess[]> {
  const marker = `\0TESSERA_DATA_DIR=${env.TESSERA_DATA_DIR}\0`;
  const found: SystemProcess[] = [];
  for (const entry of await fs.readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const environ = `\0${await fs.readFile(`/proc/${pid}/environ`, 'utf8')}`;
      if (!environ.includes(marker)) continue;
      const command = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
      found.push({ pid, command: command.trim() });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

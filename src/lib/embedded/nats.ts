/**
 * A NATS server for a local cluster of trading nodes: the `nats-server` binary found on the PATH
 * (or in /usr/sbin, where distribution packages put it), run as one child process that we own,
 * as the embedded PostgreSQL is: its JetStream store and log in `dataDir`, its pid recorded so that
 * a start after an unclean stop finds it left running and stops it, SIGTERM on stop.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stopChild, waitUntilReady } from './child.js';
import {
  isRunning,
  readPidFile,
  recordOf,
  removePidFile,
  stopProcess,
  writePidFile,
} from './proc.js';

export interface EmbeddedNats {
  url: string;
  /** the server's process id (the benchmarks read its CPU time) */
  pid: number;
  stop(): Promise<void>;
}

/** The PATH's folders, then /usr/sbin (often not on a user's PATH) and /usr/local/sbin. */
export function natsServerFolders(searchPath = process.env.PATH ?? ''): string[] {
  return [...searchPath.split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
}

/** The path of the `nats-server` binary in the first of `folders` that has one. */
export function findNatsServer(folders = natsServerFolders()): string | undefined {
  for (const folder of folders) {
    const candidate = path.join(folder, 'nats-server');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether a server answers at the first address of a NATS URL (a comma-separated list). */
export function natsReachable(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url.split(',')[0]!.trim());
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 4222) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

export async function startEmbeddedNats(options: {
  binary: string;
  dataDir: string;
  /** a free port (the launcher asks the OS for one) */
  port: number;
  host?: string;
  /** told what was found and done on the way (a server left running by an earlier start) */
  notice?: (line: string) => void;
}): Promise<EmbeddedNats> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = path.resolve(options.dataDir);
  const pidFile = path.join(dataDir, 'nats-server.pid');
  const stale = readPidFile(pidFile);
  if (stale && isRunning(stale)) {
    await stopProcess(stale, 'SIGTERM');
    options.notice?.(`stopped the NATS server (pid ${stale.pid}) an earlier start left running`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'nats-server.log');
  const args = ['-a', host, '-p', String(options.port), '-js', '-sd', dataDir, '-l', logFile];
  // Own process group: a terminal's Ctrl-C reaches the launcher only, which stops it in order.
  const child = spawn(options.binary, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  if (child.pid !== undefined) writePidFile(pidFile, recordOf(child.pid));
  const url = `nats://${host}:${options.port}`;
  const stop = async () => {
    await stopChild(child, 'SIGTERM');
    removePidFile(pidFile);
  };
  try {
    await waitUntilReady(
      child,
      () => natsReachable(url, 200),
      'NATS server',
      () => {
        const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
        return output + log;
      },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop };
}

/**
 * The NATS server the cluster tests use: NATS_URL, else one listening on 127.0.0.1:4222 (CI has
 * one). Without either the cluster tests are skipped with one line saying why, except under
 * CI=true, where a skipped cluster test is a failure (`.ci/run` must not pass without them).
 * A test that stops and restarts NATS runs a server of its own instead (`startNatsServer`), so
 * the shared one is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import { freePort } from '../../src/lib/embedded/ports.js';

const fallback = 'nats://127.0.0.1:4222';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url.split(',')[0]!.trim());
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 4222) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

function skipped(why: string): undefined {
  if (process.env.CI === 'true') throw new Error(`cluster tests cannot be skipped on CI: ${why}`);
  console.warn(`cluster tests skipped: ${why}`);
  return undefined;
}

/** The NATS URL to test against, or undefined (after saying why) when there is none. */
export async function testNatsUrl(): Promise<string | undefined> {
  const url = process.env.NATS_URL ?? fallback;
  if (await reachable(url)) return url;
  return skipped(`no NATS server at ${url} (set NATS_URL or install nats-server)`);
}

/** A nats-server of the test's own on a free port, which the test may crash and start again. */
export interface OwnNatsServer {
  url: string;
  /** kills the server (SIGKILL, as a crash) and waits for it to be gone */
  kill(): Promise<void>;
  /** starts it again on the same port and waits until it takes connections */
  start(): Promise<void>;
}

/** NATS_SERVER_BIN, else the Debian package's binary; undefined (after saying why) without it. */
export async function startNatsServer(): Promise<OwnNatsServer | undefined> {
  const bin = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
  try {
    await access(bin, constants.X_OK);
  } catch {
    return skipped(`no nats-server at ${bin} (set NATS_SERVER_BIN)`);
  }
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  let proc: ChildProcess | undefined;
  const server: OwnNatsServer = {
    url,
    async kill() {
      const running = proc;
      proc = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async start() {
      proc = spawn(bin, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      while (!(await reachable(url))) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
  await server.start();
  return server;
}

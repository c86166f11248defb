/**
 * The NATS the cluster tests run on, found once per run by the global setup (`findTestNats`):
 * NATS_URL, else a server on 127.0.0.1:4222, else a `nats-server` (on the PATH or in /usr/sbin)
 * started for the run. Without any, the cluster tests are skipped with one line saying why, and
 * the marker file `test-results/cluster-tests-skipped` says so to `.ci/run`, which fails under
 * CI=true: CI must not pass without them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { findNatsServer, natsReachable, startEmbeddedNats } from '../../src/lib/embedded/nats.js';
import { freePort } from '../../src/lib/embedded/ports.js';

export const clusterSkipMarker = 'test-results/cluster-tests-skipped';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the NATS of the cluster tests; '' when there is none (they are skipped) */
    testNatsUrl: string;
    /** the `nats-server` binary the launcher's cluster test needs; '' when there is none */
    testNatsServer: string;
  }
}

export interface TestNats {
  url?: string;
  binary?: string;
  stop(): Promise<void>;
}

/** For the global setup: the run's NATS, started if need be; writes or clears the marker. */
export async function findTestNats(fallback = 'nats://127.0.0.1:4222'): Promise<TestNats> {
  const binary = findNatsServer();
  let url = process.env.NATS_URL ?? fallback;
  let stop = async () => {};
  if (!(await natsReachable(url))) {
    if (process.env.NATS_URL === undefined && binary) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-test-nats-'));
      const server = await startEmbeddedNats({ binary, dataDir, port: await freePort() });
      url = server.url;
      stop = async () => {
        await server.stop();
        await fs.rm(dataDir, { recursive: true, force: true });
      };
    } else {
      url = '';
    }
  }
  const missing = [
    ...(url ? [] : [`no NATS server at ${process.env.NATS_URL ?? fallback}`]),
    ...(binary ? [] : ['no nats-server on the PATH or in /usr/sbin']),
  ];
  await fs.mkdir(path.dirname(clusterSkipMarker), { recursive: true });
  if (missing.length > 0) {
    const why = `cluster tests skipped: ${missing.join(', ')} (install nats-server, or set NATS_URL)`;
    console.warn(why);
    await fs.writeFile(clusterSkipMarker, `${why}\n`);
  } else {
    await fs.rm(clusterSkipMarker, { force: true });
  }
  return { url: url || undefined, binary, stop };
}

/** The NATS URL to test against, or undefined when the cluster tests are skipped. */
export function testNatsUrl(): Promise<string | undefined> {
  return Promise.resolve(inject('testNatsUrl') || undefined);
}

/** The `nats-server` binary, or undefined when the launcher's cluster test is skipped. */
export function testNatsServer(): string | undefined {
  return inject('testNatsServer') || undefined;
}

/** A nats-server of the test's own on a free port, which the test may crash and start again. */
export interface OwnNatsServer {
  url: string;
  /** kills the server (SIGKILL, as a crash) and waits for it to be gone */
  kill(): Promise<void>;
  /** starts it again on the same port and waits until it takes connections */
  start(): Promise<void>;
}

/** Needs the run's `nats-server` binary: undefined when there is none (the tests are skipped). */
export async function startNatsServer(): Promise<OwnNatsServer | undefined> {
  const bin = testNatsServer();
  if (!bin) return undefined;
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
      while (!(await natsReachable(url))) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
  await server.start();
  return server;
}

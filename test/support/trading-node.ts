/**
 * A trading node as its own process (`tessera trading` with NATS_URL) on a test database, for the
 * cluster tests: killable for real (SIGKILL, SIGSTOP), ready once its /readyz answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/lib/embedded/ports.js';
import { testEnv } from './config.js';

export interface TradingNode {
  proc: ChildProcess;
  url: string;
  /** TRADING_NODE_ID, as book_leases.owner_node names it */
  id: string;
}

export async function startTradingNode(options: {
  databaseUrl: string;
  natsUrl: string;
  /** unique among the test's nodes; the process id is appended (another run may share NATS) */
  name: string;
  leaseMs: number;
}): Promise<TradingNode> {
  const port = await freePort();
  const id = `${options.name}-${process.pid}`;
  const proc = spawn(process.execPath, ['bin/tessera.js', 'trading'], {
    env: {
      ...process.env,
      ...testEnv({
        DATABASE_URL: options.databaseUrl,
        TRADING_PORT: String(port),
        NATS_URL: options.natsUrl,
        TRADING_NODE_ID: id,
        BOOK_LEASE_MS: String(options.leaseMs),
      }),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`trading node ${id} exited (${proc.exitCode})`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { proc, url, id };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

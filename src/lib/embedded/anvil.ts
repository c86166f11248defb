/**
 * Foundry's anvil EVM node from the npm package `@foundry-rs/anvil`, spawned as the platform binary
 * itself (one PID; `npx anvil` would leave an orphan when killed). With `statePath`, anvil loads the
 * chain at start and dumps it at exit and every few seconds, so deployed contracts survive restarts.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { stopChild, waitUntilReady } from './child.js';
import { assertPortFree, portFreeWithin } from './ports.js';
import {
  isRunning,
  readPidFile,
  recordOf,
  removePidFile,
  stopProcess,
  writePidFile,
} from './proc.js';

/** anvil's first dev account: a public, well-known key, for local chains only. */
export const anvilDevSignerKey =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

export interface EmbeddedAnvil {
  rpcUrl: string;
  /** the node's process id (the benchmarks read its CPU time) */
  pid: number;
  /** resolves when the node exits, however it ends (a stop, a crash, a kill) */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** the node's recent output */
  output(): string;
  stop(): Promise<void>;
}

function binaryPath(): string {
  const arch = os.arch() === 'x64' ? 'amd64' : os.arch();
  const name = `@foundry-rs/anvil-${os.platform()}-${arch}/bin/anvil`;
  try {
    return createRequire(import.meta.url).resolve(name);
  } catch (error) {
    throw new Error(
      `no anvil binary for this platform (${name}); set CHAIN_RPC_URL and CHAIN_SIGNER_KEY`,
      {
        cause: error,
      },
    );
  }
}

async function rpc(rpcUrl: string, method: string): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(2000),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

export async function startEmbeddedAnvil(options: {
  port: number;
  host?: string;
  statePath?: string;
  chainId?: number;
  /**
   * Where to record the node's pid while it runs, so that a start after an unclean stop (the
   * launcher killed outright) finds the node left running and stops it.
   */
  pidFile?: string;
  /** told what was found and done on the way (a node left running by an earlier start) */
  notice?: (line: string) => void;
}): Promise<EmbeddedAnvil> {
  const host = options.host ?? '127.0.0.1';
  const { pidFile } = options;
  const stale = pidFile ? readPidFile(pidFile) : undefined;
  if (stale && isRunning(stale)) {
    // SIGTERM: anvil dumps its state on the way out, so the chain is kept.
    await stopProcess(stale, 'SIGTERM');
    options.notice?.(`stopped the anvil node (pid ${stale.pid}) an earlier start left running`);
    // its port is released a moment after it is gone (seen under load): give it that moment
    await portFreeWithin(host, options.port, 5_000);
  }
  await assertPortFree(host, options.port, 'anvil', 'ANVIL_PORT');
  const args = [
    '--host',
    host,
    '--port',
    String(options.port),
    '--hardfork',
    'prague',
    '--chain-id',
    String(options.chainId ?? 31337),
  ];
  if (options.statePath) args.push('--state', options.statePath, '--state-interval', '5');
  let output = '';
  // Own process group: a terminal's Ctrl-C reaches the launcher only, which stops anvil in order.
  const child = spawn(binaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const rpcUrl = `http://${host}:${options.port}`;
  if (pidFile && child.pid !== undefined) writePidFile(pidFile, recordOf(child.pid));
  const stop = async () => {
    await stopChild(child, 'SIGTERM');
    if (pidFile) removePidFile(pidFile);
  };
  try {
    await waitUntilReady(
      child,
      async () => (await rpc(rpcUrl, 'eth_chainId')) !== undefined,
      'anvil',
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { rpcUrl, pid: child.pid!, exited, output: () => output, stop };
}

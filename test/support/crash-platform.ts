/**
 * The crash tests' platform process: the real `tessera platform` command, reaching the chain
 * service through the test's gate (chain-gate.ts) so the test can kill it (SIGKILL) mid-work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/lib/embedded/ports.js';
import type { IssuanceSystem } from './issuance.js';

export async function startPlatformProcess(
  s: IssuanceSystem,
  chainUrl: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  return spawn(process.execPath, ['bin/tessera.js', 'platform'], {
    env: {
      ...process.env,
      ...s.environment,
      PLATFORM_PORT: String(await freePort()),
      CHAIN_URL: chainUrl,
      WORKER_IDLE_MS: '20',
      // A short lease (above the chain client's timeout) so the restart reclaims the dead
      // process's job soon. A call that timed out under load is transient: it uses no attempt
      // and is tried again after a short wait.
      WORKER_LEASE_SECONDS: '5',
      CHAIN_CLIENT_TIMEOUT_MS: '4000',
      CHAIN_RETRY_BASE_MS: '200',
      CHAIN_RETRY_MAX_MS: '2000',
      ...env,
    },
    stdio: 'ignore',
  });
}

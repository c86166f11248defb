import type { ChildProcess } from 'node:child_process';

/** Sends `signal` and waits for the child to exit; after `graceMs` it is killed outright. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals,
  graceMs = 15_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Polls `probe` until it resolves true; fails early if the child exits, or after `timeoutMs`. */
export async function waitUntilReady(
  child: ChildProcess,
  probe: () => Promise<boolean>,
  what: string,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited before it was ready:\n${output().slice(-2000)}`);
    }
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${output().slice(-2000)}`);
}

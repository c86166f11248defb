/**
 * The NATS server the cluster tests use: NATS_URL, else one listening on 127.0.0.1:4222 (CI has
 * one). Without either the cluster tests are skipped with one line saying why, except under
 * CI=true, where a skipped cluster test is a failure (`.ci/run` must not pass without them).
 */
import net from 'node:net';

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

/** The NATS URL to test against, or undefined (after saying why) when there is none. */
export async function testNatsUrl(): Promise<string | undefined> {
  const url = process.env.NATS_URL ?? fallback;
  if (await reachable(url)) return url;
  const why = `no NATS server at ${url} (set NATS_URL or install nats-server)`;
  if (process.env.CI === 'true') throw new Error(`cluster tests cannot be skipped on CI: ${why}`);
  console.warn(`cluster tests skipped: ${why}`);
  return undefined;
}

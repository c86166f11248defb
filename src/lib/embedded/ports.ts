import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Throws an error naming the port when something already listens on host:port, and, given the
 * setting that chooses the port, how to pick another.
 */
export async function assertPortFree(
  host: string,
  port: number,
  what: string,
  setting?: string,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `port ${port} on ${host} (${what}) is already in use` +
                (setting
                  ? `: another program listens there; stop it, or set ${setting} to another port`
                  : ''),
            )
          : error,
      ),
    );
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** Waits until nothing listens on host:port, at most `ms` (then leaves the verdict to the caller). */
export async function portFreeWithin(host: string, port: number, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const free = await assertPortFree(host, port, '').then(
      () => true,
      () => false,
    );
    if (free) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The first port of the kernel's ephemeral range: outgoing connections take their local ports
 * from it, so a port chosen there can be taken by one between the check and the listen.
 */
function ephemeralLow(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) ? low : 49_152;
  } catch {
    return 49_152;
  }
}

/** Where chosen ports start: above the well-known and most registered services' ports. */
const chosenLow = 10_000;

/** A port the OS assigns, free right now. */
function assignedPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host, port: 0 }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A port free right now (for tests and throwaway nodes), chosen at random below the ephemeral
 * range so that no outgoing connection takes it before it is listened on; the OS's choice when
 * that range leaves no room or no free port is found there.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const high = ephemeralLow();
  for (let tries = 0; high - chosenLow >= 1_000 && tries < 20; tries++) {
    const port = chosenLow + Math.floor(Math.random() * (high - chosenLow));
    const free = await assertPortFree(host, port, '').then(
      () => true,
      () => false,
    );
    if (free) return port;
  }
  return assignedPort(host);
}

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

/** A port the OS considers free right now (for tests and throwaway nodes). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host, port: 0 }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

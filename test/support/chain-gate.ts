/**
 * A gate in front of the real chain service: it forwards every request, but holds those whose
 * path the test names until the test opens the gate (or fails them), so a test can act while the
 * platform waits for the chain (no timing involved).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startChainGate(target: string) {
  let holdPath: string | undefined;
  /** held requests: each resolves 'forward', 'fail' (503, not forwarded) or 'lose' (forwarded, 503) */
  type Release = 'forward' | 'fail' | 'lose';
  const waiting: Array<(release: Release) => void> = [];
  const arrivals: Array<() => void> = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      let release: Release = 'forward';
      if (request.url === holdPath) {
        release = await new Promise<Release>((resolve) => {
          waiting.push(resolve);
          arrivals.splice(0).forEach((arrived) => arrived());
        });
        if (release === 'fail') {
          response.writeHead(503, { 'content-type': 'application/problem+json' }).end('{}');
          return;
        }
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && !['host', 'content-length'].includes(entry[0]),
        ),
      );
      const answer = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      if (release === 'lose') {
        response.writeHead(503, { 'content-type': 'application/problem+json' }).end('{}');
        return;
      }
      response
        .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' })
        .end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** holds the next requests to `path` until open() */
    hold(path: string): void {
      holdPath = path;
    },
    /** resolves once a request to the held path is waiting at the gate */
    arrived(): Promise<void> {
      if (waiting.length > 0) return Promise.resolve();
      return new Promise((resolve) => arrivals.push(resolve));
    },
    /** lets the held requests through and goes on holding the next ones */
    pass(): void {
      waiting.splice(0).forEach((release) => release('forward'));
    },
    /** lets every held request through and holds no more */
    open(): void {
      holdPath = undefined;
      this.pass();
    },
    /** answers every held request with a 503 (the chain service failing) and holds no more */
    fail(): void {
      holdPath = undefined;
      waiting.splice(0).forEach((release) => release('fail'));
    },
    /** forwards every held request but answers 503: the work is done, its answer lost */
    lose(): void {
      holdPath = undefined;
      waiting.splice(0).forEach((release) => release('lose'));
    },
    close(): Promise<void> {
      this.open();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

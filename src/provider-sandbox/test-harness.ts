/**
 * For the sandbox's integration tests: a sandbox listening on a free port with its state in a
 * temporary folder, a signed-request helper (the client's side of the signature), and a local
 * webhook receiver whose answers a test can script.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import type { HttpApp } from '../lib/http/app.js';
import { createLogger } from '../lib/logger.js';
import { requestSignature } from '../lib/provider-signing.js';
import { buildProviderSandboxApp, type ProviderSandboxOptions } from './app.js';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** Records every webhook; `status` chooses the answer to each (200 unless a test says so). */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  status: (attempt: number) => number = () => 200;
  url = '';
  private attempts = 0;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = this.status(++this.attempts);
      if (status >= 200 && status < 300) {
        this.received.push({
          headers: request.headers,
          body,
          json: JSON.parse(body) as Record<string, unknown>,
        });
      }
      response.writeHead(status).end();
    });
  });

  async start(): Promise<string> {
    // port 0: the kernel's choice, which no other process can take between a pick and the bind
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/webhooks/provider`;
    return this.url;
  }

  get attemptCount(): number {
    return this.attempts;
  }

  /** The webhooks of one applicant, in arrival order. */
  of(applicantId: string): Record<string, unknown>[] {
    return this.received.map((w) => w.json).filter((w) => w.applicantId === applicantId);
  }

  async waitFor(
    predicate: (received: Record<string, unknown>[]) => boolean,
    timeoutMs = 10_000,
  ): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!predicate(this.received.map((w) => w.json))) {
      if (performance.now() > deadline) {
        throw new Error(
          `webhooks not as expected: ${JSON.stringify(this.received.map((w) => w.json))}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface RunningSandbox {
  app: HttpApp;
  url: string;
  config: Config;
  stateDirectory: string;
  /** A request signed like the provider client signs it. */
  call(
    method: string,
    uri: string,
    body?: unknown,
    sign?: { ts?: string; appToken?: string; secret?: string },
  ): Promise<{ status: number; json: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export function temporaryStateDirectory(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-provider-sandbox-'));
}

/** `config` comes from test/support's testConfig (not imported here: src must not need test/). */
export async function startSandbox(
  config: Config,
  options: ProviderSandboxOptions = {},
): Promise<RunningSandbox> {
  const stateDirectory = options.stateDirectory ?? temporaryStateDirectory();
  const app = await buildProviderSandboxApp(config, createLogger('provider-sandbox', 'silent'), {
    ...options,
    stateDirectory,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    config,
    stateDirectory,
    async call(method, uri, body, sign = {}) {
      const text = body === undefined ? '' : JSON.stringify(body);
      const ts = sign.ts ?? String(Math.floor(systemClock.now().getTime() / 1000));
      const response = await fetch(url + uri, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-app-token': sign.appToken ?? config.provider.appToken,
          'x-app-access-ts': ts,
          'x-app-access-sig': requestSignature(
            sign.secret ?? config.provider.secretKey,
            ts,
            method,
            uri,
            text,
          ),
        },
        ...(body === undefined ? {} : { body: text }),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    async stop() {
      await app.close();
      // a folder it made for itself goes with it; one it was given may be started on again
      if (options.stateDirectory === undefined) {
        await fs.promises.rm(stateDirectory, { recursive: true, force: true });
      }
    },
  };
}

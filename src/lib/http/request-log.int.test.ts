/**
 * Request logs carry no query values, in the HTTP foundation every process builds on and in the
 * provider sandbox, whose widget is opened with `?accessToken=`. Pino's output is captured
 * through a stream.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { buildProviderSandboxApp } from '../../provider-sandbox/app.js';
import { AppError } from '../errors.js';
import { loggerOptions, type Logger } from '../logger.js';
import { buildHttpApp } from './app.js';

function capturingLogger(level = 'debug') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino(loggerOptions('test', level), stream), text: () => lines.join('') };
}

/** The HTTP foundation every process builds on, logging to `logger`. */
const foundationApp = (logger: Logger) =>
  buildHttpApp({
    name: 'test',
    description: 'test',
    logger,
    corsOrigins: [],
    rateLimitPerMinute: 1000,
    bodyLimitBytes: 1024,
  });

describe('request logs', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('redact every query value in the HTTP foundation', async () => {
    const { logger, text } = capturingLogger();
    const app = await foundationApp(logger);
    // hidden, as the web app's pages are: it takes any query parameter
    app.get('/probe', { schema: { hide: true } }, () => ({ ok: true }));
    const response = await app.inject({
      method: 'GET',
      url: '/probe?token=s3cr3t-link-token&accessToken=_act-sbx-abc&status=draft',
    });
    expect(response.statusCode).toBe(200);
    await app.close();
    const logged = text();
    expect(logged).toContain('/probe?token=[redacted]&accessToken=[redacted]&status=[redacted]');
    expect(logged).not.toContain('s3cr3t-link-token');
    expect(logged).not.toContain('_act-sbx-abc');
  });

  it('are one line per request at debug, none at the default level', async () => {
    for (const [level, lines] of [
      ['debug', 1],
      ['info', 0],
    ] as const) {
      const { logger, text } = capturingLogger(level);
      const app = await foundationApp(logger);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await app.close();
      const logged = text()
        .split('\n')
        .filter((line) => line.includes('/healthz'));
      expect(logged).toHaveLength(lines);
      if (lines) {
        expect(JSON.parse(logged[0]!)).toMatchObject({
          level: 20,
          msg: 'request completed',
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        });
      }
    }
  });

  it('hold a warning for a refusal for want of a service, an error in full for a fault', async () => {
    const { logger, text } = capturingLogger('info');
    const app = await foundationApp(logger);
    app.get('/unavailable', { schema: { hide: true } }, () => {
      throw new AppError('BOOK_UNAVAILABLE', 'The book is moving to another node');
    });
    app.get('/fault', { schema: { hide: true } }, () => {
      throw new Error('a fault');
    });
    expect((await app.inject({ method: 'GET', url: '/unavailable' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/fault' })).statusCode).toBe(500);
    await app.close();
    const logged = text()
      .split('\n')
      .filter((line) => line.includes('request'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'request refused: unavailable',
        code: 'BOOK_UNAVAILABLE',
        detail: 'The book is moving to another node',
      }),
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        err: expect.objectContaining({ message: 'a fault' }),
      }),
    ]);
    expect(logged[0]).not.toHaveProperty('err');
  });

  it("keep the widget's access token out of the provider sandbox's logs", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-log-'));
    dirs.push(dir);
    const { logger, text } = capturingLogger();
    const app = await buildProviderSandboxApp(testConfig({ TESSERA_DATA_DIR: dir }), logger, {
      stateDirectory: dir,
    });
    const response = await app.inject({ method: 'GET', url: '/websdk?accessToken=_act-sbx-leak' });
    expect(response.statusCode).toBe(401);
    await app.close();
    expect(text()).toContain('/websdk?accessToken=[redacted]');
    expect(text()).not.toContain('_act-sbx-leak');
  });
});

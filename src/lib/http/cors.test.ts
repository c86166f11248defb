/**
 * Cross-origin calls from the web client (served by the platform) to the other processes: the
 * preflight admits the client's origin with every method the client sends, and no other origin.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildHttpApp } from './app.js';

describe('CORS', () => {
  it('admits the listed origin for PATCH and DELETE, and refuses any other origin', async () => {
    const app = await buildHttpApp({
      name: 'test',
      description: 'test',
      logger: pino({ level: 'silent' }),
      corsOrigins: ['http://client.example'],
      rateLimitPerMinute: 1000,
      bodyLimitBytes: 1024,
    });
    app.patch('/probe', () => ({ ok: true }));
    const preflight = (origin: string, method: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/probe',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST']) {
      const allowed = await preflight('http://client.example', method);
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('http://client.example');
      expect(String(allowed.headers['access-control-allow-methods']).split(/,\s*/)).toContain(
        method,
      );
    }
    const other = await preflight('http://elsewhere.example', 'PATCH');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});

import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { probe, probeTimeoutMs, readinessAnswer, slowAnswerMs } from './readiness.js';

const logger = createLogger('readiness-test', 'silent');

describe('readiness', () => {
  it('is ready when all are ok, degraded when only an optional one is not, else not ready', () => {
    expect(readinessAnswer({ required: { database: 'ok' }, optional: { node: 'ok' } })).toEqual({
      status: 'ready',
      checks: { database: 'ok', node: 'ok' },
    });
    expect(
      readinessAnswer({ required: { database: 'ok' }, optional: { node: 'down' } }).status,
    ).toBe('degraded');
    expect(
      readinessAnswer({ required: { database: 'degraded' }, optional: { node: 'ok' } }).status,
    ).toBe('not_ready');
  });

  it('reports a failing check down, without its message', async () => {
    const status = await probe(
      'node',
      () => Promise.reject(new Error('http://10.0.0.1 refused')),
      logger,
    );
    expect(status).toBe('down');
  });

  it('reports a slow answer degraded and a silent one down', async () => {
    const after = (ms: number) =>
      new Promise<'ok'>((resolve) => setTimeout(() => resolve('ok'), ms));
    expect(await probe('database', () => after(slowAnswerMs + 50), logger)).toBe('degraded');
    expect(await probe('database', () => after(probeTimeoutMs + 500), logger)).toBe('down');
  });
});

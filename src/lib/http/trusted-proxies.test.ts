/**
 * The client address that per-address limits count: the socket's peer, unless the peer is one of
 * the configured proxies, whose X-Forwarded-For then names the client.
 */
import { describe, expect, it } from 'vitest';
import { testHttpOptions } from './testing/test-http-options.js';
import { buildHttpApp } from './app.js';

async function clientAddressSeen(trustedProxies: string[], peer: string): Promise<string> {
  const app = await buildHttpApp({ ...testHttpOptions, trustedProxies });
  app.get('/ip', (request) => ({ ip: request.ip }));
  const response = await app.inject({
    url: '/ip',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': '203.0.113.5' },
  });
  await app.close();
  return response.json<{ ip: string }>().ip;
}

describe('client address', () => {
  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    expect(await clientAddressSeen([], '10.0.0.7')).toBe('10.0.0.7');
    expect(await clientAddressSeen(['10.0.0.0/8'], '10.0.0.7')).toBe('203.0.113.5');
    expect(await clientAddressSeen(['10.0.0.0/8'], '192.0.2.1')).toBe('192.0.2.1');
  });
});

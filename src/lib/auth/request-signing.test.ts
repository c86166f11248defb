import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureMatches, signRequest, timestampInWindow } from './request-signing.js';

const parts = {
  timestamp: '1767607200000',
  method: 'post',
  pathWithQuery: '/api/v1/orders?x=1',
  body: '{"a":1}',
};

describe('request signing', () => {
  it('is the hex HMAC-SHA256 of timestamp, upper-case method, path with query and body', () => {
    const expected = createHmac('sha256', 'secret')
      .update('1767607200000POST/api/v1/orders?x=1{"a":1}')
      .digest('hex');
    expect(signRequest('secret', parts)).toBe(expected);
  });

  it('matches only the same secret and parts, in either hex case', () => {
    const signature = signRequest('secret', parts);
    expect(signatureMatches('secret', parts, signature)).toBe(true);
    expect(signatureMatches('secret', parts, signature.toUpperCase())).toBe(true);
    expect(signatureMatches('other', parts, signature)).toBe(false);
    expect(signatureMatches('secret', { ...parts, body: '{"a":2}' }, signature)).toBe(false);
    expect(
      signatureMatches('secret', { ...parts, pathWithQuery: '/api/v1/orders' }, signature),
    ).toBe(false);
    expect(signatureMatches('secret', parts, signature.slice(2))).toBe(false);
    expect(signatureMatches('secret', parts, `zz${signature.slice(2)}`)).toBe(false);
  });

  it('takes timestamps within 5 seconds either way, in whole milliseconds', () => {
    const now = 1_767_607_200_000;
    expect(timestampInWindow(String(now - 5000), now)).toBe(true);
    expect(timestampInWindow(String(now + 5000), now)).toBe(true);
    expect(timestampInWindow(String(now - 5001), now)).toBe(false);
    expect(timestampInWindow(String(now + 5001), now)).toBe(false);
    expect(timestampInWindow(String(now / 1000), now)).toBe(false);
    expect(timestampInWindow(`${now}.5`, now)).toBe(false);
    expect(timestampInWindow('', now)).toBe(false);
    expect(timestampInWindow('-1', now)).toBe(false);
  });
});

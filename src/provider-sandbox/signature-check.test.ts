import { describe, expect, it } from 'vitest';
import { requestSignature } from '../lib/provider-signing.js';
import { signatureRefusal, type SignedRequest } from './signature-check.js';

const credentials = { appToken: 'sbx:token', secretKey: 'secret' };
const nowMs = 1_700_000_000_000;
const ts = String(nowMs / 1000);

function request(overrides: Partial<SignedRequest> = {}): SignedRequest {
  const body = Buffer.from('{"a":1}');
  return {
    appToken: credentials.appToken,
    ts,
    signature: requestSignature(credentials.secretKey, ts, 'POST', '/resources/x?y=1', body),
    method: 'POST',
    uri: '/resources/x?y=1',
    body,
    ...overrides,
  };
}

describe('signature check', () => {
  it('accepts a request signed over ts, method, URI with query and body', () => {
    expect(signatureRefusal(request(), credentials, nowMs)).toBeUndefined();
    expect(signatureRefusal(request(), credentials, nowMs + 60_000)).toBeUndefined();
  });

  it('refuses a missing or foreign app token', () => {
    expect(signatureRefusal(request({ appToken: undefined }), credentials, nowMs)?.status).toBe(
      401,
    );
    expect(signatureRefusal(request({ appToken: 'prd:x' }), credentials, nowMs)?.status).toBe(401);
  });

  it('refuses a timestamp off by more than 60 s, or in milliseconds, with 4004', () => {
    for (const refusal of [
      signatureRefusal(request(), credentials, nowMs + 61_000),
      signatureRefusal(request({ ts: String(nowMs) }), credentials, nowMs),
      signatureRefusal(request({ ts: undefined }), credentials, nowMs),
    ]) {
      expect(refusal?.body()).toMatchObject({ code: 401, errorCode: 4004 });
    }
  });

  it('refuses a changed URI, method or body with 4003', () => {
    for (const changed of [
      { uri: '/resources/x' },
      { method: 'GET' },
      { body: Buffer.from('{"a": 1}') },
      { signature: undefined },
    ]) {
      expect(signatureRefusal(request(changed), credentials, nowMs)?.body()).toMatchObject({
        description: 'Request signature mismatch',
        code: 401,
        errorCode: 4003,
        errorName: 'app-token-signature mismatch',
      });
    }
  });
});

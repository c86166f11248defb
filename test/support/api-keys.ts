/**
 * Signed API key requests as a program sends them (docs/api.md, "API keys"), through an app's
 * inject(): the three headers over the exact bytes sent.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { HttpApp } from '../../src/lib/http/app.js';
import { signRequest } from '../../src/lib/auth/request-signing.js';

export interface TestKey {
  id: string;
  access_key: string;
  secret: string;
}

export interface SignedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** ms since the epoch; the signature covers it */
  timestamp: number;
  /** another signature than the right one */
  signature?: string;
  remoteAddress?: string;
}

/** The headers of a signed request (and the body text they sign). */
export function signedHeaders(key: TestKey, call: SignedCall) {
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  const timestamp = String(call.timestamp);
  const signature =
    call.signature ??
    signRequest(key.secret, { timestamp, method: call.method, pathWithQuery: call.url, body });
  return {
    body,
    headers: {
      'x-tessera-key': key.access_key,
      'x-tessera-timestamp': timestamp,
      'x-tessera-signature': signature,
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
    },
  };
}

export function signedCall(
  app: HttpApp,
  key: TestKey,
  call: SignedCall,
): Promise<LightMyRequestResponse> {
  const { body, headers } = signedHeaders(key, call);
  return app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(body === '' ? {} : { payload: body }),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
}

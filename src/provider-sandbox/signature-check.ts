/**
 * The provider's request authentication: `X-App-Token` must be the configured app token,
 * `X-App-Access-Ts` (Unix seconds) within 60 s of now, and `X-App-Access-Sig` the HMAC-SHA256 of
 * ts + METHOD + URI-as-sent + raw body bytes with the secret key. Refusals carry the provider's
 * error codes: 4004 for a stale timestamp, 4003 for a signature mismatch.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { hexEquals, requestSignature } from '../lib/provider-signing.js';
import { ProviderError } from './provider-errors.js';

export interface SignedRequest {
  appToken: string | undefined;
  ts: string | undefined;
  signature: string | undefined;
  method: string;
  /** path and query exactly as on the wire */
  uri: string;
  body: Buffer;
}

export interface AppCredentials {
  appToken: string;
  secretKey: string;
}

const maxSkewSeconds = 60;

function sameText(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Returns the refusal for a request that is not properly signed, nothing when it is. */
export function signatureRefusal(
  request: SignedRequest,
  credentials: AppCredentials,
  nowMs: number,
): ProviderError | undefined {
  if (!request.appToken || !sameText(request.appToken, credentials.appToken)) {
    return new ProviderError(401, 'App token is missing or unknown');
  }
  const ts = request.ts ?? '';
  if (!/^\d{1,12}$/.test(ts) || Math.abs(nowMs / 1000 - Number(ts)) > maxSkewSeconds) {
    return new ProviderError(
      401,
      `X-App-Access-Ts '${ts}' doesn't match the current time in seconds since Unix Epoch`,
      4004,
      'app-token-request-expired',
    );
  }
  const expected = requestSignature(
    credentials.secretKey,
    ts,
    request.method,
    request.uri,
    request.body,
  );
  if (!hexEquals(request.signature ?? '', expected)) {
    return new ProviderError(
      401,
      'Request signature mismatch',
      4003,
      'app-token-signature mismatch',
    );
  }
  return undefined;
}

/**
 * Signed requests of API keys (docs/api.md, "API keys"): the hex HMAC-SHA256, keyed by the key's
 * secret, of `timestamp + METHOD + path_with_query + body`, the timestamp in milliseconds since
 * the epoch. The WebSocket `auth` signs the same way with method `GET`, path `/ws` and no body.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const keyHeader = 'x-tessera-key';
export const timestampHeader = 'x-tessera-timestamp';
export const signatureHeader = 'x-tessera-signature';

/** How far a request's timestamp may be from the server's time, either way. */
export const signatureWindowMs = 5000;

export interface SignedParts {
  timestamp: string;
  method: string;
  pathWithQuery: string;
  body: string | Buffer;
}

export function signRequest(secret: string | Buffer, parts: SignedParts): string {
  return createHmac('sha256', secret)
    .update(`${parts.timestamp}${parts.method.toUpperCase()}${parts.pathWithQuery}`)
    .update(parts.body)
    .digest('hex');
}

/** Compares in constant time; a signature that is not 64 hex digits never matches. */
export function signatureMatches(
  secret: string | Buffer,
  parts: SignedParts,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signRequest(secret, parts), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The timestamp as a number when it is whole milliseconds within the window of `now`. */
export function timestampInWindow(timestamp: string, now: number): boolean {
  if (!/^[0-9]{1,16}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - now) <= signatureWindowMs;
}

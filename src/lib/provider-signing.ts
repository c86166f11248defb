/**
 * The identity provider's two signatures, shared by the provider client (platform) and the
 * provider sandbox so both sides compute them the same way:
 * - requests: X-App-Access-Sig = hex HMAC-SHA256(secret, ts + METHOD + path?query + body);
 * - webhooks: X-Payload-Digest = hex HMAC(webhook secret, raw body), algorithm named by
 *   X-Payload-Digest-Alg (HMAC_SHA1_HEX, HMAC_SHA256_HEX, HMAC_SHA512_HEX).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type DigestAlgorithm = 'HMAC_SHA1_HEX' | 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX';

const hashOf: Record<DigestAlgorithm, string> = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
};

export function isDigestAlgorithm(value: unknown): value is DigestAlgorithm {
  return typeof value === 'string' && value in hashOf;
}

/** The request signature: `ts` as sent (Unix seconds), method upper-cased, URI as on the wire. */
export function requestSignature(
  secret: string,
  ts: string,
  method: string,
  pathWithQuery: string,
  body: string | Buffer = '',
): string {
  return createHmac('sha256', secret)
    .update(ts + method.toUpperCase() + pathWithQuery)
    .update(body)
    .digest('hex');
}

export function payloadDigest(
  secret: string,
  body: string | Buffer,
  algorithm: DigestAlgorithm,
): string {
  return createHmac(hashOf[algorithm], secret).update(body).digest('hex');
}

/** Constant-time comparison of two hex strings (false for any malformed input). */
export function hexEquals(a: string, b: string): boolean {
  if (!/^[0-9a-f]+$/i.test(a) || !/^[0-9a-f]+$/i.test(b) || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

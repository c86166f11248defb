/**
 * How a FIX Logon proves its API key (docs/fix.md, "Logon"), in the style of the large crypto
 * venues' FIX: Username (553) is the key's access key, RawData (96) the time in milliseconds since
 * the epoch, Password (554) the hex HMAC-SHA256, keyed by the key's secret, of RawData, "A",
 * SenderCompID and TargetCompID joined by SOH. The time must be within the signing window of the
 * gateway's, and a signature is taken once within it (as a signed REST request is).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LogonParts {
  rawData: string;
  senderCompId: string;
  targetCompId: string;
}

export function logonSignature(secret: string, parts: LogonParts): string {
  return createHmac('sha256', secret)
    .update([parts.rawData, 'A', parts.senderCompId, parts.targetCompId].join('\x01'))
    .digest('hex');
}

/** Compares in constant time; a signature that is not 64 hex digits never matches. */
export function logonSignatureMatches(
  secret: string,
  parts: LogonParts,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(
    Buffer.from(logonSignature(secret, parts), 'hex'),
    Buffer.from(signature, 'hex'),
  );
}

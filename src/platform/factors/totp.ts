/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, what every authenticator app reads) and one-time
 * recovery codes. Pure: the caller brings the time and keeps the state (the last accepted step,
 * the codes' hashes).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const totpPeriodSeconds = 30;
/** steps either side of now a code is accepted from: an authenticator's clock drifts */
const acceptedDrift = 1;
/** how far back a code still reads as expired (rather than wrong): ten minutes */
const expiredLookback = 20;

const issuerName = 'Tessera';

function totp(secret: string, account: string): TOTP {
  return new TOTP({
    issuer: issuerName,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret, base32 (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds);
}

export type CodeCheck =
  | { outcome: 'valid'; step: number }
  | { outcome: 'expired' }
  | { outcome: 'replayed' }
  | { outcome: 'wrong' };

/**
 * What a code is worth at `at`: valid for its step (within the drift), replayed when that step is
 * not after the last one accepted, expired when it belongs to a step of the last ten minutes.
 */
export function checkTotpCode(
  secret: string,
  code: string,
  at: Date,
  lastStep: number | null,
): CodeCheck {
  if (!/^\d{6}$/.test(code)) return { outcome: 'wrong' };
  const delta = totp(secret, 'check').validate({
    token: code,
    timestamp: at.getTime(),
    window: expiredLookback,
  });
  if (delta === null || delta > acceptedDrift) return { outcome: 'wrong' };
  if (delta < -acceptedDrift) return { outcome: 'expired' };
  const step = totpStep(at) + delta;
  if (lastStep !== null && step <= lastStep) return { outcome: 'replayed' };
  return { outcome: 'valid', step };
}

/** The code of the step at `at` (what an authenticator shows; tests compute codes with it). */
export function totpCode(secret: string, at: Date): string {
  return totp(secret, 'code').generate({ timestamp: at.getTime() });
}

export const recoveryCodeCount = 10;

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7dqm-x4rnp` (50 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => recoveryAlphabet[byte % recoveryAlphabet.length]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** A recovery code as typed: case and separators do not matter. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isRecoveryCodeShape(code: string): boolean {
  return normalRecoveryCode(code).length === 10;
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
}

import { describe, expect, it } from 'vitest';
import {
  checkTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
  totpCode,
  totpStep,
} from './totp.js';

const at = new Date('2026-11-28T08:00:10Z');

describe('TOTP codes', () => {
  const secret = newTotpSecret();

  it('accepts the current code and the neighbouring steps, naming the step', () => {
    expect(checkTotpCode(secret, totpCode(secret, at), at, null)).toEqual({
      outcome: 'valid',
      step: totpStep(at),
    });
    const next = new Date(at.getTime() + 30_000);
    expect(checkTotpCode(secret, totpCode(secret, next), at, null)).toEqual({
      outcome: 'valid',
      step: totpStep(at) + 1,
    });
  });

  it('refuses a code of a step already used, an old one as expired, and a wrong one', () => {
    const code = totpCode(secret, at);
    expect(checkTotpCode(secret, code, at, totpStep(at))).toEqual({ outcome: 'replayed' });
    const later = new Date(at.getTime() + 5 * 60_000);
    expect(checkTotpCode(secret, code, later, null)).toEqual({ outcome: 'expired' });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(checkTotpCode(secret, wrong, at, null).outcome).toBe('wrong');
    expect(checkTotpCode(secret, 'abcdef', at, null).outcome).toBe('wrong');
  });

  it('names the secret in the otpauth URI an app reads', () => {
    const uri = otpauthUri(secret, 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Tessera:ada%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes whose hash ignores case and separators', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const [first] = codes as [string];
    expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(recoveryCodeHash(first.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(first));
  });
});

import { describe, expect, it } from 'vitest';
import { logonSignature, logonSignatureMatches } from './logon-signature.js';

const parts = { rawData: '1767607200000', senderCompId: 'CLIENT1', targetCompId: 'TESSERA' };

describe('the Logon signature', () => {
  it('is the HMAC of RawData, A, SenderCompID and TargetCompID joined by SOH', () => {
    // openssl: printf '1767607200000\x01A\x01CLIENT1\x01TESSERA' | openssl dgst -sha256 -hmac secret
    expect(logonSignature('secret', parts)).toBe(
      'af3333caf8528f2425c28a69baf4d499fd83ef9756da53cbd7d7741f70b2c62f',
    );
    expect(logonSignatureMatches('secret', parts, logonSignature('secret', parts))).toBe(true);
  });

  it('fails for another secret, another field, or what is not 64 hex digits', () => {
    const good = logonSignature('secret', parts);
    expect(logonSignatureMatches('other', parts, good)).toBe(false);
    expect(logonSignatureMatches('secret', { ...parts, senderCompId: 'CLIENT2' }, good)).toBe(
      false,
    );
    expect(logonSignatureMatches('secret', { ...parts, rawData: '1767607200001' }, good)).toBe(
      false,
    );
    expect(logonSignatureMatches('secret', parts, good.slice(1))).toBe(false);
    expect(logonSignatureMatches('secret', parts, 'zz'.repeat(32))).toBe(false);
  });
});

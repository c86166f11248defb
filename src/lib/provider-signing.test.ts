import { describe, expect, it } from 'vitest';
import { hexEquals, payloadDigest, requestSignature } from './provider-signing.js';

// Test vectors from shared/PROVIDER.md ([CALC]).
describe('provider signatures', () => {
  it('signs requests like the provider', () => {
    expect(
      requestSignature(
        'test-secret',
        '1607551635',
        'post',
        '/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600',
      ),
    ).toBe('dd43f7a89545090cbb14c4229092b1ac2b55a78116cf0feae945e5656d9ae45d');
  });

  it('digests webhook bodies with each algorithm', () => {
    const body = '{"applicantId":"5c9e177b0a975a6eeccf5960","type":"applicantCreated"}';
    expect(payloadDigest('test-secret', body, 'HMAC_SHA1_HEX')).toBe(
      'c0ddb1db2a6468812a4acd74d002681785529b4c',
    );
    expect(payloadDigest('test-secret', body, 'HMAC_SHA256_HEX')).toBe(
      '97706f181c5eab54a64893e0df02281ab91f92b0952d3d51b8690ba568b473a9',
    );
    expect(payloadDigest('test-secret', Buffer.from(body), 'HMAC_SHA512_HEX')).toBe(
      '4201c739d6322144c1bd09f149980ab93915c141d3be231a54d800851698e4841baf22db208065d046a4b4db09f6da8d72cd64949d6faa16709303d88914b06f',
    );
  });

  it('compares hex in constant time and refuses malformed input', () => {
    expect(hexEquals('abcd', 'ABCD')).toBe(true);
    expect(hexEquals('abcd', 'abce')).toBe(false);
    expect(hexEquals('abcd', 'abc')).toBe(false);
    expect(hexEquals('zz', 'zz')).toBe(false);
  });
});

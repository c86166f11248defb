import { describe, expect, it } from 'vitest';
import { requestFingerprint } from './request-fingerprint.js';

describe('requestFingerprint', () => {
  it('ignores key order and undefined members, reads bigints as text', () => {
    expect(requestFingerprint({ a: 1, b: 2n, c: undefined })).toBe(
      requestFingerprint({ b: '2', a: 1 }),
    );
  });

  it('tells different requests apart', () => {
    expect(requestFingerprint({ amount: 1n })).not.toBe(requestFingerprint({ amount: 2n }));
    expect(requestFingerprint({ list: [1, 2] })).not.toBe(requestFingerprint({ list: [2, 1] }));
  });
});

import { describe, expect, it } from 'vitest';
import { FieldEncryption } from './field-encryption.js';

const k1 = Buffer.alloc(32, 1);
const k2 = Buffer.alloc(32, 2);

describe('FieldEncryption', () => {
  const old = new FieldEncryption({ activeKeyId: 'k1', keys: new Map([['k1', k1]]) });
  const rotated = new FieldEncryption({
    activeKeyId: 'k2',
    keys: new Map([
      ['k2', k2],
      ['k1', k1],
    ]),
  });

  it('round-trips and never stores the plaintext', () => {
    const sealed = old.seal('P1234567', 'kyc:1:document_number');
    expect(sealed.keyId).toBe('k1');
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain('P1234567');
    expect(old.open(sealed, 'kyc:1:document_number')).toBe('P1234567');
  });

  it('uses a fresh nonce for every value', () => {
    expect(old.seal('same', 'c').ciphertext).not.toBe(old.seal('same', 'c').ciphertext);
  });

  it('opens values sealed with a retired key after rotation, and seals with the new one', () => {
    const sealed = old.seal('X9', 'c');
    expect(rotated.open(sealed, 'c')).toBe('X9');
    expect(rotated.seal('X9', 'c').keyId).toBe('k2');
  });

  it('refuses tampered values, other contexts and unknown keys', () => {
    const sealed = old.seal('secret', 'row-a');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => old.open({ ...sealed, ciphertext: bytes.toString('base64') }, 'row-a')).toThrow();
    expect(() => old.open(sealed, 'row-b')).toThrow();
    expect(() =>
      new FieldEncryption({ activeKeyId: 'k2', keys: new Map([['k2', k2]]) }).open(sealed, 'row-a'),
    ).toThrow(/k1/);
  });
});

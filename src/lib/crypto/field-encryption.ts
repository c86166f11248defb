/**
 * Authenticated encryption of sensitive fields at rest (AES-256-GCM). Each value is stored with the
 * id of the key that sealed it, so keys can rotate: new values use the active key, old values
 * still open with theirs. The additional data binds a ciphertext to its row and column, so a
 * value copied into another row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface FieldKeys {
  activeKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export interface Sealed {
  ciphertext: string;
  keyId: string;
}

const ivLength = 12;
const tagLength = 16;

export class FieldEncryption {
  constructor(private readonly keys: FieldKeys) {}

  seal(plaintext: string, context: string): Sealed {
    const keyId = this.keys.activeKeyId;
    const iv = randomBytes(ivLength);
    const cipher = createCipheriv('aes-256-gcm', this.key(keyId), iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId };
  }

  /** Throws when the key is unknown or the value was altered or moved to another context. */
  open(sealed: Sealed, context: string): string {
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.key(sealed.keyId),
      raw.subarray(0, ivLength),
    );
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(ivLength, ivLength + tagLength));
    return Buffer.concat([
      decipher.update(raw.subarray(ivLength + tagLength)),
      decipher.final(),
    ]).toString('utf8');
  }

  private key(keyId: string): Buffer {
    const key = this.keys.keys.get(keyId);
    if (!key) throw new Error(`field encryption key "${keyId}" is not configured`);
    return key;
  }
}

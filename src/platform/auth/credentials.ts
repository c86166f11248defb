/**
 * Password hashing (argon2id) and opaque refresh tokens (random, stored only as a SHA-256 hash).
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';

// Algorithm.Argon2id: a const enum, which cannot be read under verbatimModuleSyntax.
const argon2id = 2 as Algorithm;
const argon2Options = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

// Verified against when the email is unknown, so both paths cost the same time.
const decoyHash = hashPassword('decoy password that never matches');

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

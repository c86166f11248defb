import { describe, expect, it } from 'vitest';
import { brokenPasswordRule } from './password-policy.js';

describe('brokenPasswordRule', () => {
  const email = 'alice.smith@example.com';
  it.each([
    ['short', 'min_length'],
    ['a'.repeat(129), 'max_length'],
    ['abababababababab', 'repetitive'],
    ['my-alice.smith-pass', 'contains_email'],
    ['Password1234', 'common'],
  ])('refuses %s (%s)', (password, rule) => {
    expect(brokenPasswordRule(password, email)).toBe(rule);
  });

  it('accepts a long passphrase', () => {
    expect(brokenPasswordRule('correct horse battery staple', email)).toBeUndefined();
  });

  it('counts characters, not bytes', () => {
    expect(brokenPasswordRule('éàüöñçéàüöñ1', email)).toBeUndefined();
  });
});
